// The user's own record, as the account pages read and change it.
import type { Kysely } from "kysely";
import type { DB } from "#server/db/database-types.ts";
import { ACCOUNT_COLUMNS } from "#server/features/users/index.ts";

export interface AccountRow {
  id: string;
  email: string;
  displayName: string;
  photoURL: string | null;
  role: string | null;
  accountType: string | null;
  emailVerified: boolean;
  provider: string | null;
  createdAt: string;
  lastLogin: string | null;
  language: string | null;
}

export class AccountRepository {
  readonly db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  async find(id: string): Promise<AccountRow | null> {
    const row = await this.db
      .selectFrom("user")
      .select([...ACCOUNT_COLUMNS, "language"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) return null;
    return {
      ...row,
      emailVerified: Boolean(row.emailVerified),
      // better-auth writes dates through its adapter; read them back as ISO strings on both engines.
      createdAt: new Date(row.createdAt).toISOString(),
      lastLogin: row.lastLogin ? new Date(row.lastLogin).toISOString() : null,
    };
  }

  async updateDisplayName(id: string, displayName: string): Promise<void> {
    await this.db.updateTable("user").set({ displayName, updatedAt: new Date().toISOString() }).where("id", "=", id).execute();
  }

  async updateLanguage(id: string, language: string | null): Promise<void> {
    await this.db.updateTable("user").set({ language, updatedAt: new Date().toISOString() }).where("id", "=", id).execute();
  }
}
