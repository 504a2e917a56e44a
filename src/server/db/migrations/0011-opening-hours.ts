// A business's opening hours: the structured form as JSON text, null when no hours are given.
import type { Kysely } from "kysely";
import type { DialectName } from "../database.ts";

export default function openingHours(_dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.alterTable("business").addColumn("openingHours", "text").execute();
    },
  };
}
