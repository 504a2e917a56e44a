// Indexes in the order the admin's lists are read, so that a page (even one deep in the list) is read from the index
// rather than by sorting the whole table for each request: businesses by folded name (db/order.ts `folded`, then name
// and id), events by date then id, accounts by creation then id. search_fold is PostgreSQL's immutable function
// (0002-search.ts) and, on SQLite, the deterministic one every connection registers (db/database.ts).
import { sql, type Kysely } from "kysely";
import type { DialectName } from "../database.ts";

export default function listOrderIndexes(_dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex("business_folded_name_idx")
        .on("business")
        .expression(sql`trim(search_fold(name)), name, id`)
        .execute();
      await db.schema.createIndex("event_date_id_idx").on("event").columns(["eventDate", "id"]).execute();
      await db.schema.createIndex("user_created_id_idx").on("user").columns(["createdAt", "id"]).execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await db.schema.dropIndex("user_created_id_idx").execute();
      await db.schema.dropIndex("event_date_id_idx").execute();
      await db.schema.dropIndex("business_folded_name_idx").execute();
    },
  };
}
