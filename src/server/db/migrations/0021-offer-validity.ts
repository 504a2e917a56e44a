// Offers may run between two dates (the site's local days, "YYYY-MM-DD") and carry a coupon code.
import type { Kysely } from "kysely";
import type { DialectName } from "../database.ts";

export default function offerValidity(_dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.alterTable("offer").addColumn("validFrom", "text").execute();
      await db.schema.alterTable("offer").addColumn("validUntil", "text").execute();
      await db.schema.alterTable("offer").addColumn("couponCode", "text").execute();
    },
  };
}
