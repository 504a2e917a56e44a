import { sql, type Insertable, type Kysely, type SelectQueryBuilder } from "kysely";
import type { SortDirection } from "#shared/schemas/pagination.ts";
import { pick, qualify } from "#server/db/columns.ts";
import type { Business as BusinessTable, DB } from "#server/db/database-types.ts";
import type { DialectName } from "#server/db/database.ts";
import { folded } from "#server/db/order.ts";
import { cappedCount, countLimit } from "#server/db/capped-count.ts";
import { encodeCursor, keysetPage, type PageFrom } from "#server/db/keyset.ts";
import { keptPerContentVersion, type ContentVersion } from "#server/lib/per-content-version.ts";
import type { Business, BusinessAdmin, BusinessListQuery } from "#shared/schemas/business.ts";
import type { BusinessPlace } from "#shared/event-location.ts";
import { ADDRESS_PARTS } from "#shared/postal-address.ts";
import { parseStoredHours, readStoredHours } from "#server/lib/hours/stored-hours.ts";
import type { OpeningHours } from "#shared/schemas/opening-hours.ts";
import { searchFold } from "#server/lib/search-text.ts";
import { pageInPlaces, type KeyedRow } from "./name-places.ts";
import { SocialLinkSchema, type SocialLink } from "#shared/schemas/social-links.ts";
import { readAttributes } from "#shared/business-attributes.ts";
import { businessFields } from "#shared/schemas/business.ts";
import type { FieldDef } from "#shared/schemas/entity.ts";

/** The stored social links (JSON text); none when absent or unreadable. */
function readSocialLinks(text: string | null): SocialLink[] {
  if (!text) return [];
  try {
    const parsed = SocialLinkSchema.array().safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

type Joined = SelectQueryBuilder<DB, "business" | "category", object>;

/**
 * The business's plain fields: written as the validated input has them and returned as stored (a yes/no field as
 * 0 or 1, which both databases store alike, and read back as false or true). A new plain column is one line here
 * (plus its migration and its shared definition).
 */
export const BUSINESS_FIELDS = [
  "name",
  "categoryId",
  "description",
  "address",
  "streetAddress",
  "addressLocality",
  "addressRegion",
  "postalCode",
  "addressCountry",
  "website",
  "phone",
  "email",
  "priceRange",
] as const;

type PlainField = (typeof BUSINESS_FIELDS)[number];
/** The plain fields the definition makes yes/no (`widget: "checkbox"`). */
type YesNoField = { [K in PlainField]: (typeof businessFields)[K] extends { widget: "checkbox" } ? K : never }[PlainField];
const YES_NO = BUSINESS_FIELDS.filter((name) => (businessFields[name] as FieldDef).widget === "checkbox");

/** The plain fields' values as stored: yes/no as 1 or 0. */
export function toStored<V extends object>(values: V): { [K in keyof V]: K extends YesNoField ? number : V[K] } {
  const stored = { ...values } as Record<string, unknown>;
  for (const name of YES_NO) stored[name] = stored[name] ? 1 : 0;
  return stored as { [K in keyof V]: K extends YesNoField ? number : V[K] };
}

/** The plain fields' values as read: yes/no as false or true. */
function fromStored<V extends object>(values: V): { [K in keyof V]: K extends YesNoField ? boolean : V[K] } {
  const read = { ...values } as Record<string, unknown>;
  for (const name of YES_NO) read[name] = Number(read[name]) === 1;
  return read as { [K in keyof V]: K extends YesNoField ? boolean : V[K] };
}

/** Every column a read selects: the plain fields and those mapped below (position, logo, times). */
const BUSINESS_COLUMNS = ["id", ...BUSINESS_FIELDS, "lat", "lng", "logoUrl", "openingHours", "socialLinks", "attributes", "createdAt", "lastUpdatedAt"] as const;
/** A column of the list above; readers that need fewer (the map) pick theirs from it. */
export type BusinessColumn = (typeof BUSINESS_COLUMNS)[number];

/** The stored columns a write sets (the logo as its URL and storage path). */
export type BusinessWrite = Pick<
  Insertable<BusinessTable>,
  (typeof BUSINESS_FIELDS)[number] | "lat" | "lng" | "logoUrl" | "logoStoragePath" | "openingHours" | "socialLinks" | "attributes"
>;

/** One photo of the gallery as stored: its file's path and address, and its text alternative. */
export interface BusinessPhotoWrite {
  path: string;
  url: string;
  alt: string;
}

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
function likeContains(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** A search this many characters long or longer is found by trigrams (migration 0096); a shorter one walks the names. */
const TRIGRAM_LENGTH = 3;

type Counted = { total: number; totalIsLowerBound: boolean };

export class BusinessRepository {
  private readonly db: Kysely<DB>;
  private readonly dialect: DialectName;
  /** How many businesses the unsearched list holds: counted once per content version when it is given. */
  private readonly listed: () => Promise<number>;
  constructor(db: Kysely<DB>, dialect: DialectName, contentVersion?: ContentVersion) {
    this.db = db;
    this.dialect = dialect;
    this.listed = contentVersion ? keptPerContentVersion(contentVersion, () => this.count()) : () => this.count();
  }

  private base(filter: Omit<BusinessListQuery, "openNow"> & { id?: string; ids?: readonly string[] }): Joined {
    let query = this.db
      .selectFrom("business")
      .leftJoin("category", "category.id", "business.categoryId") as unknown as Joined;
    if (filter.id !== undefined) query = query.where("business.id", "=", filter.id);
    if (filter.ids !== undefined) query = query.where("business.id", "in", filter.ids);
    if (filter.categoryId !== undefined) query = query.where("business.categoryId", "=", filter.categoryId);
    // Stored as a JSON list of slugs, which have no LIKE wildcards: each one named must be in it.
    for (const slug of filter.attributes ?? []) query = query.where("business.attributes", "like", `%${JSON.stringify(slug)}%`);
    if (filter.tagId !== undefined) {
      const tagId = filter.tagId;
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom("business_tag")
            .select("business_tag.tagId")
            .whereRef("business_tag.businessId", "=", "business.id")
            .where("business_tag.tagId", "=", tagId),
        ),
      );
    }
    return query;
  }

  /** Ordered by name; narrowed to a tag and/or a category when given. */
  async getAll(filter: Omit<BusinessListQuery, "openNow"> = {}): Promise<Business[]> {
    return this.load(filter);
  }

  async get(id: string): Promise<Business | undefined> {
    return (await this.load({ id }))[0];
  }

  /** The given businesses, by name; ids that match nothing are left out. */
  async getMany(ids: readonly string[]): Promise<Business[]> {
    return ids.length === 0 ? [] : this.load({ ids });
  }

  /**
   * A page of businesses ordered by name (the admin list), narrowed to names containing `q` when given, ignoring
   * case, accents and punctuation ("emile s" finds "Émile's Fine Cheese"); from a position, or after or before a row's
   * key (folded name, name, id: decision 0068), whose cursors it answers with its first and last rows'.
   */
  async getPage(
    from: PageFrom,
    limit: number,
    q?: string,
    sort: SortDirection = "asc",
  ): Promise<{ items: BusinessAdmin[]; total: number; totalIsLowerBound: boolean; nextCursor?: string; previousCursor?: string }> {
    const words = q ? searchFold(q).trim() : "";
    // Nothing but punctuation names no business.
    if (q && !words) return { items: [], total: 0, totalIsLowerBound: false };
    const [page, count] = await Promise.all(
      !words
        ? [this.namesPage(from, limit, sort), this.listed().then((total) => ({ total, totalIsLowerBound: false }))]
        : [...words].length < TRIGRAM_LENGTH
          ? this.walkedSearch(words, from, limit, sort)
          : this.trigramSearch(words, from, limit, sort),
    );
    const pageIds = page.map((r) => r.id);
    // Loaded by id, then put back in the page's order.
    const loaded = pageIds.length === 0 ? [] : await this.loadAdmin(pageIds);
    const items = loaded.sort((a, b) => pageIds.indexOf(a.id) - pageIds.indexOf(b.id));
    const [first, last] = [page[0], page.at(-1)];
    const cursors = first && last ? { previousCursor: encodeCursor([first.folded, first.name, first.id]), nextCursor: encodeCursor([last.folded, last.name, last.id]) } : {};
    return { items, ...count, ...cursors };
  }

  /** The list's page unsearched: in business_folded_name_idx's order, both ways (migration 0066), read from the index. */
  private namesPage(from: PageFrom, limit: number, sort: SortDirection): Promise<KeyedRow[]> {
    const names = this.db.selectFrom("business").select(["id", "name", folded("name").as("folded")]);
    return keysetPage(this.db, names, [folded("name"), sql.ref("name"), sql.ref("id")], from, limit, sort).read();
  }

  /**
   * A search too short for trigrams: business_folded_name_idx walked in the list's order, each name checked. Its
   * matches are many (a letter or two is in most names), so the page's are found within a few entries.
   */
  private walkedSearch(words: string, from: PageFrom, limit: number, sort: SortDirection): [Promise<KeyedRow[]>, Promise<Counted>] {
    // `>= ''` holds for every name; it lets SQLite count from business_folded_name_idx (migration 0066), where the
    // folded names are stored, instead of folding each name of the table anew for every search.
    const matches = sql<boolean>`${folded("name")} >= '' and ${folded("name")} like ${likeContains(words)} escape '\\'`;
    const page = this.db.selectFrom("business").select(["id", "name", folded("name").as("folded")]).where(matches);
    return [
      keysetPage(this.db, page, [folded("name"), sql.ref("name"), sql.ref("id")], from, limit, sort).read(),
      // Counted no further than the pages a person pages through (decision 0063): the matches grow with the site. A
      // page read after a row counts as far as the same page read at its number (`from.offset`).
      cappedCount(this.db, this.db.selectFrom("business").where(matches), countLimit(from.offset, limit)),
    ];
  }

  /**
   * A search of 3+ characters: its matches found by a trigram index of the folded names (migration 0096, decision
   * 0065) and the page taken from them in the list's order, so that it reads the matches rather than every name
   * before the first. On PostgreSQL pg_trgm's index of `business_folded_name`; ordered by that table's columns, which
   * no b-tree holds in that order, so that the planner never walks the names in order looking for matches. On SQLite
   * the FTS5 index of the same table (a phrase of 3+ characters matches where its text is).
   */
  private trigramSearch(words: string, from: PageFrom, limit: number, sort: SortDirection): [Promise<KeyedRow[]>, Promise<Counted>] {
    const db = this.db.withTables<{ business_folded_name_fts: { rowid: number; folded: string } }>();
    const found =
      this.dialect === "postgres"
        ? db.selectFrom("business_folded_name").where("business_folded_name.folded", "like", sql<string>`${likeContains(words)} escape '\\'`)
        : db
            .selectFrom("business_folded_name_fts")
            .innerJoin("business_folded_name", "business_folded_name.id", "business_folded_name_fts.rowid")
            // Folded words are letters, digits and single spaces: nothing FTS5's phrase syntax reads but the text.
            .where(sql<boolean>`business_folded_name_fts match ${`"${words}"`}`);
    const page = found.select(["business_folded_name.businessId as id", "business_folded_name.name", "business_folded_name.folded"]);
    const keys = [sql.ref("business_folded_name.folded"), sql.ref("business_folded_name.name"), sql.ref("business_folded_name.businessId")];
    const sorted = () => keysetPage(this.db, page, keys, from, limit, sort).read();
    return [
      // On SQLite read in the list's order from the index (decision 0076); a page asked by its number alone sorts its
      // matches as PostgreSQL does.
      this.dialect === "postgres" ? sorted() : pageInPlaces(this.db, words, from, limit, sort).then((rows) => rows ?? sorted()),
      // Counted no further than the pages a person pages through (decision 0063).
      cappedCount(this.db, found, countLimit(from.offset, limit)),
    ];
  }

  /** How many businesses there are. */
  async count(): Promise<number> {
    const row = await this.db.selectFrom("business").select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /**
   * Ids and last changes by id, `limit` of them: those after `from.afterId` (keyset: as quick at the end of the
   * table as at its start), or from position `from.offset`.
   */
  async idsPage(limit: number, from: { afterId: string } | { offset: number }): Promise<Array<{ id: string; lastUpdatedAt: string }>> {
    let query = this.db.selectFrom("business").select(["id", "lastUpdatedAt"]).orderBy("id").limit(limit);
    query = "afterId" in from ? query.where("id", ">", from.afterId) : query.offset(from.offset);
    return query.execute();
  }

  /** One business with the storage path of its logo, for editing. */
  async getAdmin(id: string): Promise<BusinessAdmin | undefined> {
    return (await this.loadAdmin([id]))[0];
  }

  private async loadAdmin(ids: string[]): Promise<BusinessAdmin[]> {
    const [businesses, paths] = await Promise.all([
      this.load({ ids }),
      this.db.selectFrom("business").select(["id", "logoStoragePath"]).where("id", "in", ids).execute(),
    ]);
    const pathById = new Map(paths.map((r) => [r.id, r.logoStoragePath]));
    return businesses.map((b) => ({ ...b, logoStoragePath: pathById.get(b.id) ?? null }));
  }

  async categoryExists(categoryId: string): Promise<boolean> {
    return (await this.db.selectFrom("category").select("id").where("id", "=", categoryId).executeTakeFirst()) !== undefined;
  }

  /** Which of the given tag ids exist. */
  async existingTags(tagIds: readonly string[]): Promise<Set<string>> {
    if (tagIds.length === 0) return new Set();
    const rows = await this.db.selectFrom("tag").select("id").where("id", "in", [...new Set(tagIds)]).execute();
    return new Set(rows.map((r) => r.id));
  }

  /** Adds the business with its tags and gallery, in one transaction. */
  async create(id: string, values: BusinessWrite, tagIds: readonly string[], photos: readonly BusinessPhotoWrite[] = []): Promise<void> {
    const now = new Date().toISOString();
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto("business").values({ id, ...values, createdAt: now, lastUpdatedAt: now }).execute();
      await this.setTags(trx, id, tagIds);
      await this.setPhotos(trx, id, photos);
    });
  }

  /**
   * Saves the business, its tags, its gallery when given and, since offers keep a copy of the business's name,
   * that copy: all in one transaction. False when there is no such business.
   */
  async update(id: string, values: BusinessWrite, tagIds: readonly string[], photos?: readonly BusinessPhotoWrite[]): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable("business")
        .set({ ...values, lastUpdatedAt: new Date().toISOString() })
        .where("id", "=", id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await trx.deleteFrom("business_tag").where("businessId", "=", id).execute();
      await this.setTags(trx, id, tagIds);
      if (photos) await this.setPhotos(trx, id, photos);
      await trx
        .updateTable("offer")
        .set({ businessName: values.name })
        .where("businessId", "=", id)
        .where((eb) => eb.or([eb("businessName", "is", null), eb("businessName", "!=", values.name)]))
        .execute();
      return true;
    });
  }

  /** Replaces the business's gallery with these photos, in this order. */
  private async setPhotos(trx: Kysely<DB>, businessId: string, photos: readonly BusinessPhotoWrite[]): Promise<void> {
    await trx.deleteFrom("business_photo").where("businessId", "=", businessId).execute();
    if (photos.length > 0) {
      await trx
        .insertInto("business_photo")
        .values(photos.map((p, position) => ({ businessId, position, storagePath: p.path, url: p.url, alt: p.alt })))
        .execute();
    }
  }

  private async setTags(trx: Kysely<DB>, businessId: string, tagIds: readonly string[]): Promise<void> {
    const unique = [...new Set(tagIds)];
    if (unique.length > 0) await trx.insertInto("business_tag").values(unique.map((tagId) => ({ businessId, tagId }))).execute();
  }

  /** Deletes the business (its tags and offers go with it). False when there was none. */
  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom("business").where("id", "=", id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The opening hours of the given businesses, by id (null: none given). */
  async getHours(ids: readonly string[]): Promise<Map<string, OpeningHours | null>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await this.db.selectFrom("business").select(["id", "openingHours"]).where("id", "in", unique).execute();
    return new Map(rows.map((r) => [r.id, parseStoredHours(r.openingHours)]));
  }

  /** Name, address and position of the given businesses, by id (ids that match nothing are left out). */
  async getPlaces(ids: readonly string[]): Promise<Map<string, BusinessPlace>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await this.db
      .selectFrom("business")
      .select(["id", "name", "address", ...ADDRESS_PARTS, "logoUrl", "lat", "lng"])
      .where("id", "in", unique)
      .execute();
    return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name, address: r.address, addressParts: pick(r, ADDRESS_PARTS), logoUrl: r.logoUrl, coordinates: { lat: Number(r.lat), lng: Number(r.lng) } }]));
  }

  private async load(filter: Omit<BusinessListQuery, "openNow"> & { id?: string; ids?: readonly string[] }): Promise<Business[]> {
    const rows = await this.base(filter)
      .select([...qualify("business", BUSINESS_COLUMNS), "category.name as category", "category.color as categoryColor"])
      .orderBy(folded("business.name"))
      .orderBy("business.name")
      .orderBy("business.id")
      .execute();
    if (rows.length === 0) return [];

    // The tag ids of the same set of businesses, in one query rather than one per business.
    const tagRows = await this.db
      .selectFrom("business_tag")
      .innerJoin("tag", "tag.id", "business_tag.tagId")
      .select(["business_tag.businessId", "business_tag.tagId"])
      .where("business_tag.businessId", "in", this.base(filter).select("business.id"))
      .orderBy(folded("tag.name"))
      .orderBy("tag.name")
      .execute();
    const tags = new Map<string, string[]>();
    for (const { businessId, tagId } of tagRows) {
      const list = tags.get(businessId);
      if (list) list.push(tagId);
      else tags.set(businessId, [tagId]);
    }

    const photoRows = await this.db
      .selectFrom("business_photo")
      .select(["businessId", "storagePath", "url", "alt"])
      .where("businessId", "in", this.base(filter).select("business.id"))
      .orderBy("businessId")
      .orderBy("position")
      .execute();
    const photos = new Map<string, Business["photos"]>();
    for (const { businessId, storagePath, url, alt } of photoRows) photos.set(businessId, [...(photos.get(businessId) ?? []), { path: storagePath, url, alt }]);

    return rows.map((r) => ({
      id: r.id,
      ...fromStored(pick(r, BUSINESS_FIELDS)),
      category: r.category ?? null,
      categoryColor: r.categoryColor ?? null,
      coordinates: { lat: Number(r.lat), lng: Number(r.lng) },
      tags: tags.get(r.id) ?? [],
      logoUrl: r.logoUrl,
      openingHours: readStoredHours(r.openingHours),
      // Computed by the service, in the site's time zone.
      openNow: null,
      socialLinks: readSocialLinks(r.socialLinks),
      attributes: readAttributes(r.attributes),
      photos: photos.get(r.id) ?? [],
      createdAt: r.createdAt,
      lastUpdatedAt: r.lastUpdatedAt,
    }));
  }
}
