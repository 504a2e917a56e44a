// The language of people without an account (newsletter subscribers, event registrants): the language of the page
// they subscribed or registered from, which their confirmation and every later mail to them follow (null: the
// site's default).
import type { Kysely } from "kysely";
import type { DialectName } from "../database.ts";

export default function recipientLanguage(_dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.alterTable("subscriber").addColumn("language", "text").execute();
      await db.schema.alterTable("registration").addColumn("language", "text").execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await db.schema.alterTable("registration").dropColumn("language").execute();
      await db.schema.alterTable("subscriber").dropColumn("language").execute();
    },
  };
}
