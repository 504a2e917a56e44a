// Where a recipient's language is kept: an account's choice (migration 0080); subscribers and registrants keep theirs
// on their own rows (migration 0082) and their services pass it along.
import type { Kysely } from "kysely";
import type { DB } from "#server/db/database-types.ts";

export class RecipientLanguageRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  async ofUser(userId: string): Promise<string | null> {
    return (await this.db.selectFrom("user").select("language").where("id", "=", userId).executeTakeFirst())?.language ?? null;
  }

  /** The language of the account with this address (addresses are kept in lower case). */
  async ofEmail(email: string): Promise<string | null> {
    return (await this.db.selectFrom("user").select("language").where("email", "=", email.trim().toLowerCase()).executeTakeFirst())?.language ?? null;
  }
}
