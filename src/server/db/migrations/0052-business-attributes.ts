// A business's accessibility and amenity attributes: a JSON list of the slugs that hold
// (src/shared/schemas/business-attributes.ts), "[]" when none do. A new attribute needs no migration.
import type { Kysely } from "kysely";
import type { DialectName } from "../database.ts";

export default function businessAttributes(_dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.alterTable("business").addColumn("attributes", "text", (column) => column.notNull().defaultTo("[]")).execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await db.schema.alterTable("business").dropColumn("attributes").execute();
    },
  };
}
