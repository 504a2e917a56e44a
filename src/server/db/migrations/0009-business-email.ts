// A business's public e-mail address (optional).
import type { Kysely } from "kysely";
import type { DialectName } from "../database.ts";

export default function businessEmail(_dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.alterTable("business").addColumn("email", "text").execute();
    },
  };
}
