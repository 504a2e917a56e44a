// The parts of a business's address as schema.org's PostalAddress names them (the one-line `address` stays what pages
// and the CSV show), its price range ($ to $$$$), and the currency the site's prices are in (ISO 4217, CAD unless
// an administrator says otherwise). All nullable or defaulted: existing rows need nothing.
import type { Kysely } from "kysely";
import type { DialectName } from "../database.ts";

const BUSINESS_COLUMNS = ["streetAddress", "addressLocality", "addressRegion", "postalCode", "addressCountry", "priceRange"] as const;

export default function addressPartsPriceRangeCurrency(_dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      for (const column of BUSINESS_COLUMNS) await db.schema.alterTable("business").addColumn(column, "text").execute();
      await db.schema.alterTable("site_settings").addColumn("currency", "text", (c) => c.notNull().defaultTo("CAD")).execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await db.schema.alterTable("site_settings").dropColumn("currency").execute();
      for (const column of [...BUSINESS_COLUMNS].reverse()) await db.schema.alterTable("business").dropColumn(column).execute();
    },
  };
}
