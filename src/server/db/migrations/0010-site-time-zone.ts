// The association's time zone (an IANA name) and the region whose public holidays close businesses.
import type { Kysely } from "kysely";
import type { DialectName } from "../database.ts";

export default function siteTimeZone(_dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("site_settings")
        .addColumn("timeZone", "text", (c) => c.notNull().defaultTo("America/Toronto"))
        .execute();
      await db.schema
        .alterTable("site_settings")
        .addColumn("holidayRegion", "text", (c) => c.notNull().defaultTo("CA-ON"))
        .execute();
    },
  };
}
