// The languages (docs/decisions/0039-i18n.md): those the association turns on and the one for people who have not
// chosen (site settings), and each person's own choice, which their signed-in pages and mail follow (null: the
// site's default).
import type { Kysely } from "kysely";
import type { DialectName } from "../database.ts";

export default function languages(_dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      // A JSON list of language codes: both the catalogs Niche ships with.
      await db.schema.alterTable("site_settings").addColumn("languages", "text", (c) => c.notNull().defaultTo('["en","fr"]')).execute();
      await db.schema.alterTable("site_settings").addColumn("defaultLanguage", "text", (c) => c.notNull().defaultTo("en")).execute();
      await db.schema.alterTable("user").addColumn("language", "text").execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await db.schema.alterTable("user").dropColumn("language").execute();
      await db.schema.alterTable("site_settings").dropColumn("defaultLanguage").execute();
      await db.schema.alterTable("site_settings").dropColumn("languages").execute();
    },
  };
}
