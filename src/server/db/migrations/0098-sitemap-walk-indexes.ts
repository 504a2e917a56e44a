// The sitemap's child sitemaps read businesses, upcoming single events and running offers by id from a position in each
// list (sitemap.ts, decision 0073): these indexes hold what those reads ask (the id, the last change and the columns of
// their conditions), so that the walk to a child's first URL and its 2,000 URLs read an index alone. Without them each
// row walked past was read from its table to test its date: 53 ms for a child of events 33,000 in on SQLite at 100,000
// businesses, 19 ms for one of offers 23,000 in. The events' index holds only single events, the ones the sitemap
// lists one by one; `recurrenceRule` is in it too, for SQLite, which reads an index alone only when it holds every
// column the query names, its condition's included.
import type { Kysely } from "kysely";
import type { DialectName } from "../database.ts";

export default function sitemapWalkIndexes(_dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.createIndex("business_id_updated_idx").on("business").columns(["id", "lastUpdatedAt"]).execute();
      await db.schema
        .createIndex("event_single_id_idx")
        .on("event")
        .columns(["id", "eventDate", "lastUpdatedAt", "recurrenceRule"])
        .where("recurrenceRule", "is", null)
        .execute();
      await db.schema.createIndex("offer_id_running_idx").on("offer").columns(["id", "validFrom", "validUntil", "lastUpdatedAt"]).execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await db.schema.dropIndex("offer_id_running_idx").execute();
      await db.schema.dropIndex("event_single_id_idx").execute();
      await db.schema.dropIndex("business_id_updated_idx").execute();
    },
  };
}
