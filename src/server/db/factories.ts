// Test-data factories with overrides, shared by the tests and the demo seed.
import type { Insertable, Kysely } from "kysely";
import type { DB } from "./database-types.ts";
import { newId } from "./ids.ts";
import { DEFAULT_MAP_CENTER, OUTDOOR_LOCATION } from "#shared/constants.ts";
import { defaultDisplayName, slugify } from "#shared/format.ts";

/** A row as the factories build and insert it: a column the table lets be empty may be left out (it is stored empty). */
export type Row<T extends keyof DB> = Insertable<DB[T]>;
export type Overrides<T extends keyof DB> = Partial<Insertable<DB[T]>>;

export type CategoryRow = Row<"category">;
export type TagRow = Row<"tag">;
export type BusinessRow = Row<"business">;
export type EventRow = Row<"event">;
export type PostRow = Row<"post">;
export type OfferRow = Row<"offer">;
export type PageRow = Row<"page">;
export type UserRow = Row<"user">;

// Names must stay unique across a whole test run (category and tag names are unique ignoring case).
let counter = 0;
const next = () => ++counter;
const isoNow = () => new Date().toISOString();
const DAY_MS = 24 * 60 * 60 * 1000;

/** Overrides win, except explicit `undefined`, which keeps the default. */
function merge<T extends object>(defaults: T, overrides: Partial<T> | undefined): T {
  const row = { ...defaults };
  for (const [key, value] of Object.entries(overrides ?? {})) {
    if (value !== undefined) (row as Record<string, unknown>)[key] = value;
  }
  return row;
}

export function buildCategory(overrides?: Overrides<"category">): CategoryRow {
  const n = next();
  return merge<CategoryRow>(
    { id: newId(), name: `Category ${n}`, color: `#${((n * 0x3c6ef3) & 0xffffff).toString(16).padStart(6, "0")}`, description: null, createdAt: isoNow() },
    overrides,
  );
}

export function buildTag(overrides?: Overrides<"tag">): TagRow {
  return merge<TagRow>({ id: newId(), name: `Tag ${next()}`, createdAt: isoNow() }, overrides);
}

export function buildBusiness(overrides?: Overrides<"business">): BusinessRow {
  const n = next();
  const now = isoNow();
  const name = overrides?.name ?? `Business ${n}`;
  return merge<BusinessRow>(
    {
      id: newId(),
      name,
      categoryId: null,
      description: `${name} is a local business downtown.`,
      address: `${100 + (n % 900)} Queen Street, Niagara Falls, ON`,
      website: `https://${slugify(name)}.example`,
      phone: `(905) 555-${String(n % 10000).padStart(4, "0")}`,
      // Spread around the default centre so markers don't sit on top of each other.
      lat: DEFAULT_MAP_CENTER.lat + ((n % 21) - 10) * 0.0002,
      lng: DEFAULT_MAP_CENTER.lng + ((Math.floor(n / 21) % 21) - 10) * 0.0003,
      logoUrl: null,
      logoStoragePath: null,
      createdAt: now,
      lastUpdatedAt: now,
    },
    overrides,
  );
}

export function buildEvent(overrides?: Overrides<"event">): EventRow {
  const n = next();
  const now = isoNow();
  const location = overrides?.location ?? OUTDOOR_LOCATION;
  return merge<EventRow>(
    {
      id: newId(),
      name: `Event ${n}`,
      description: `Event ${n} happens downtown.`,
      location,
      outdoorLocationDescription: location === OUTDOOR_LOCATION ? "Queen Street" : null,
      ticketsLink: null,
      eventDate: new Date(Date.now() + 7 * DAY_MS).toISOString(),
      endDate: null,
      allDay: 0,
      sequence: 0,
      imageUrl: null,
      imageStoragePath: null,
      ownerUid: null,
      createdAt: now,
      lastUpdatedAt: now,
    },
    overrides,
  );
}

export function buildPost(overrides?: Overrides<"post">): PostRow {
  const n = next();
  const now = isoNow();
  return merge<PostRow>(
    {
      id: newId(),
      title: `Post ${n}`,
      authorUid: null,
      authorDisplayName: "Association Staff",
      content: `News item ${n} from the association.`,
      datetime: now,
      link: null,
      imageUrl: null,
      imagePath: null,
      editorUid: null,
      createdAt: now,
      lastUpdatedAt: now,
    },
    overrides,
  );
}

/** `businessId` defaults to a fresh id that points at nothing; `createOffer` makes a business when none is given. */
export function buildOffer(overrides?: Overrides<"offer">): OfferRow {
  const n = next();
  const now = isoNow();
  return merge<OfferRow>(
    {
      id: newId(),
      businessId: newId(),
      businessName: null,
      description: `Offer ${n}`,
      price: null,
      type: "Discount",
      terms: null,
      ownerUid: null,
      createdAt: now,
      lastUpdatedAt: now,
    },
    overrides,
  );
}

export function buildPage(overrides?: Overrides<"page">): PageRow {
  const n = next();
  const now = isoNow();
  const name = overrides?.name ?? `Page ${n}`;
  return merge<PageRow>(
    {
      id: newId(),
      name,
      slug: `${slugify(name)}-${n}`,
      permission: "public",
      content: `<p>${name}</p>`,
      contentFormat: "html",
      createdAt: now,
      lastUpdatedAt: now,
    },
    overrides,
  );
}

/** A row of the `user` table only: no account or password (those go through the auth library). */
export function buildUser(overrides?: Overrides<"user">): UserRow {
  const n = next();
  const now = isoNow();
  const email = overrides?.email ?? `user${n}@example.test`;
  return merge<UserRow>(
    {
      id: newId(),
      email,
      // 0/1 bind on SQLite and are accepted by PostgreSQL's boolean.
      emailVerified: 1,
      displayName: defaultDisplayName(email),
      photoURL: null,
      role: "user",
      banned: 0,
      banReason: null,
      banExpires: null,
      accountType: "visitor",
      lastLogin: null,
      provider: null,
      createdAt: now,
      updatedAt: now,
    },
    overrides,
  );
}

export async function createCategory(db: Kysely<DB>, overrides?: Overrides<"category">): Promise<CategoryRow> {
  const row = buildCategory(overrides);
  await db.insertInto("category").values(row).execute();
  return row;
}

export async function createTag(db: Kysely<DB>, overrides?: Overrides<"tag">): Promise<TagRow> {
  const row = buildTag(overrides);
  await db.insertInto("tag").values(row).execute();
  return row;
}

export async function createBusiness(
  db: Kysely<DB>,
  overrides?: Overrides<"business"> & { tagIds?: string[] },
): Promise<BusinessRow & { tagIds: string[] }> {
  const { tagIds = [], ...rest } = overrides ?? {};
  const row = buildBusiness(rest);
  await db.insertInto("business").values(row).execute();
  if (tagIds.length > 0) {
    await db
      .insertInto("business_tag")
      .values(tagIds.map((tagId) => ({ businessId: row.id, tagId })))
      .execute();
  }
  return { ...row, tagIds };
}

export async function createEvent(db: Kysely<DB>, overrides?: Overrides<"event">): Promise<EventRow> {
  const row = buildEvent(overrides);
  await db.insertInto("event").values(row).execute();
  return row;
}

export async function createPost(db: Kysely<DB>, overrides?: Overrides<"post">): Promise<PostRow> {
  const row = buildPost(overrides);
  await db.insertInto("post").values(row).execute();
  return row;
}

export async function createOffer(db: Kysely<DB>, overrides?: Overrides<"offer">): Promise<OfferRow> {
  let fields = overrides;
  if (!fields?.businessId) {
    const business = await createBusiness(db);
    fields = { businessName: business.name, ...fields, businessId: business.id };
  }
  const row = buildOffer(fields);
  await db.insertInto("offer").values(row).execute();
  return row;
}

export async function createPage(db: Kysely<DB>, overrides?: Overrides<"page">): Promise<PageRow> {
  const row = buildPage(overrides);
  await db.insertInto("page").values(row).execute();
  return row;
}

export async function createUser(db: Kysely<DB>, overrides?: Overrides<"user">): Promise<UserRow> {
  const row = buildUser(overrides);
  await db.insertInto("user").values(row).execute();
  return row;
}
