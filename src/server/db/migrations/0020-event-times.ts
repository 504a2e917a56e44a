// Events may have an end time and be "all day"; `sequence` counts the changes calendar apps are told about.
import type { Kysely } from "kysely";
import type { DialectName } from "../database.ts";

export default function eventTimes(_dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.alterTable("event").addColumn("endDate", "text").execute();
      // 0 or 1 on both engines, so the generated types need no override.
      await db.schema.alterTable("event").addColumn("allDay", "integer", (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable("event").addColumn("sequence", "integer", (c) => c.notNull().defaultTo(0)).execute();
    },
  };
}
