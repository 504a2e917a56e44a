import type { Kysely } from "kysely";
import type { DB } from "#server/db/database-types.ts";
import { folded } from "#server/db/order.ts";
import { qualify } from "#server/db/columns.ts";
import { TEXT_FIELDS, YES_NO_FIELDS } from "./business-rows.ts";

/** Every business, event and offer with the names of what they refer to, as the CSV exports write them. */
export class ExportRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  async businesses() {
    const [rows, tags] = await Promise.all([
      this.db
        .selectFrom("business")
        .leftJoin("category", "category.id", "business.categoryId")
        .select([
          "business.id",
          "category.name as category",
          ...qualify("business", TEXT_FIELDS),
          ...qualify("business", YES_NO_FIELDS),
          "business.lat",
          "business.lng",
          "business.logoUrl",
          "business.createdAt",
          "business.lastUpdatedAt",
        ])
        .orderBy(folded("business.name"))
        .orderBy("business.name")
        .orderBy("business.id")
        .execute(),
      this.db.selectFrom("business_tag").innerJoin("tag", "tag.id", "business_tag.tagId").select(["business_tag.businessId", "tag.name"]).orderBy(folded("tag.name")).orderBy("tag.name").execute(),
    ]);
    const names = new Map<string, string[]>();
    for (const { businessId, name } of tags) {
      const list = names.get(businessId);
      if (list) list.push(name);
      else names.set(businessId, [name]);
    }
    return rows.map((r) => ({ ...r, lat: Number(r.lat), lng: Number(r.lng), tags: names.get(r.id) ?? [] }));
  }

  async events() {
    return this.db
      .selectFrom("event")
      .leftJoin("business", "business.id", "event.location")
      .select([
        "event.id",
        "event.name",
        "event.eventDate",
        "event.location",
        "business.name as businessName",
        "event.outdoorLocationDescription",
        "event.description",
        "event.ticketsLink",
        "event.imageUrl",
        "event.createdAt",
        "event.lastUpdatedAt",
      ])
      .orderBy("event.eventDate")
      .orderBy("event.id")
      .execute();
  }

  async offers() {
    return this.db
      .selectFrom("offer")
      .leftJoin("business", "business.id", "offer.businessId")
      .select(["offer.id", "offer.businessId", "business.name as businessName", "offer.type", "offer.description", "offer.price", "offer.terms", "offer.createdAt", "offer.lastUpdatedAt"])
      .orderBy(folded("business.name"))
      .orderBy("business.name")
      .orderBy("offer.id")
      .execute();
  }
}
