// A business's social links: a JSON list of { kind, url }, null when none are given.
import type { Kysely } from "kysely";
import type { DialectName } from "../database.ts";

export default function businessSocialLinks(_dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.alterTable("business").addColumn("socialLinks", "text").execute();
    },
  };
}
