// On SQLite the Markers list searched reads its page from the trigram index in the list's order (migration 0099,
// decision 0076): each name's row is numbered by its place in that order. Whatever order names are written in (many at
// one spot, so that some wait for a place), renamed or deleted by the API or by plain SQL, a search's pages are the
// list's own order, read forwards and backwards by their links; the name-places job then places every waiting name,
// and the pages stay the same. A site migrated from before 0099 is numbered in order.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBusiness, createCategory } from "#server/db/factories.ts";
import { discoverMigrations, migrateToLatest } from "#server/db/migrate.ts";
import { createTestDatabase, testDialect, type TestDatabase } from "#tests/setup/database.ts";
import { setUp, setUpSignIn, setUpTestApp } from "#tests/setup/app.ts";
import { NAME_PLACES_JOB, NamePlaces, PLACED } from "./name-places.ts";

interface Page {
  items: Array<{ id: string; name: string }>;
  nextCursor?: string;
  previousCursor?: string;
}

describe.runIf(testDialect === "sqlite")("the markers list searched, read in the list's order", () => {
  const t = setUpTestApp();
  const admin = setUpSignIn(t, "admin");
  const shops = setUp(() => createCategory(t.database.db, { name: "Shops" }));
  const add = (name: string) => createBusiness(t.database.db, { name, categoryId: shops.id });

  const get = async (query: Record<string, string>): Promise<Page> => {
    const response = await t.request(`/api/v1/admin/businesses?${new URLSearchParams(query)}`, { cookie: admin.cookie });
    expect(response.status, `${JSON.stringify(query)} ${response.status === 200 ? "" : await response.text()}`).toBe(200);
    return (await response.json()) as Page;
  };

  /** Every business's id in the unsearched list's order (its own index, not the search's), filtered to `word`. */
  async function listed(word: string, sort: "asc" | "desc"): Promise<string[]> {
    const { items } = await get({ pageSize: "100", sort });
    const all = [...items];
    for (let page = 2; all.length === (page - 1) * 100; page++) all.push(...(await get({ pageSize: "100", sort, page: String(page) })).items);
    return all.filter((b) => b.name.toLowerCase().includes(word)).map((b) => b.id);
  }

  /** The search's ids, page by page through the Next links, then back from the last page through the Previous ones. */
  async function walked(q: string, sort: "asc" | "desc"): Promise<{ forwards: string[]; backwards: string[] }> {
    const pages: Page[] = [await get({ q, sort, pageSize: "7" })];
    while (pages.at(-1)!.nextCursor && pages.at(-1)!.items.length === 7) {
      pages.push(await get({ q, sort, pageSize: "7", page: String(pages.length + 1), after: pages.at(-1)!.nextCursor! }));
    }
    // A count that is a multiple of the page's ends on an empty page, which has no links.
    if (pages.length > 1 && pages.at(-1)!.items.length === 0) pages.pop();
    const forwards = pages.flatMap((page) => page.items.map((b) => b.id));
    const back: Page[] = [pages.at(-1)!];
    for (let at = pages.length - 1; at > 0; at--) {
      back.unshift(await get({ q, sort, pageSize: "7", page: String(at), before: back[0]!.previousCursor! }));
    }
    return { forwards, backwards: back.flatMap((page) => page.items.map((b) => b.id)) };
  }

  async function expectListOrder(word: string) {
    for (const sort of ["asc", "desc"] as const) {
      const expected = await listed(word, sort);
      const { forwards, backwards } = await walked(word, sort);
      expect(forwards, sort).toEqual(expected);
      expect(backwards, sort).toEqual(expected);
    }
  }

  const unplaced = () => new NamePlaces(t.database.db).unplaced();

  it("pages a search in the list's order, names waiting for a place included, then with every name placed", async () => {
    // Two names, then many written one after the other between the last one written and the second: each finds half
    // the room its neighbour found, until the last ones find none and wait.
    await add("Lamp Aardvark");
    await add("Lamp Zebra");
    for (let i = 1; i <= 80; i++) await add(`Lamp Moth ${String(i).padStart(3, "0")}`);
    // Others anywhere in the order, the word anywhere in the name, and names alike in every letter.
    for (const name of ["Old Lamp Works", "Éclair Lamplighter", "lamp moth 040", "Zoo Lamp", "Alpha", "Lampshade Lane", "Lamp Moth 040"]) await add(name);
    expect(await unplaced()).toBeGreaterThan(0);
    await expectListOrder("lamp");

    // The job places every waiting name: the search reads the same pages.
    expect(await t.services.jobs.runNow(NAME_PLACES_JOB)).toBe("ran");
    expect(await unplaced()).toBe(0);
    const ids = await t.database.db.selectFrom("business_folded_name").select("id").orderBy("folded").orderBy("name").orderBy("businessId").execute();
    expect(ids.map((row) => row.id)).toEqual(ids.map((row) => row.id).sort((a, b) => a - b));
    expect(ids.every((row) => row.id < PLACED)).toBe(true);
    await expectListOrder("lamp");
  });

  it("keeps the order through renames and deletions, by the API and by plain SQL", async () => {
    const moths = await t.database.db.selectFrom("business").select(["id", "name"]).where("name", "like", "Lamp Moth%").orderBy("name").execute();
    // Renamed to land between two close neighbours, and far away; deleted.
    await t.database.db.updateTable("business").set({ name: "Lamp Moth 010a" }).where("id", "=", moths[60]!.id).execute();
    await t.database.db.updateTable("business").set({ name: "Lamp Aaa First" }).where("id", "=", moths[20]!.id).execute();
    await t.database.db.deleteFrom("business").where("id", "=", moths[30]!.id).execute();
    const put = await t.request(`/api/v1/businesses/${moths[40]!.id}`, {
      method: "PUT",
      cookie: admin.cookie,
      json: { name: "Zany Lamp Shop", categoryId: shops.id, lat: 43.1, lng: -79.1, tags: [] },
    });
    expect(put.status).toBe(200);
    for (let i = 1; i <= 40; i++) await add(`Lamp Moth 010a${String(i).padStart(2, "0")}`);
    expect(await unplaced()).toBeGreaterThan(0);
    await expectListOrder("lamp");
    await new NamePlaces(t.database.db).placeAll();
    expect(await unplaced()).toBe(0);
    await expectListOrder("lamp");
    await expectListOrder("moth 010");
  });
});

describe.runIf(testDialect === "sqlite")("a site from before the names' places", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it("places names waiting among neighbours numbered close together, every one once", async () => {
    // Written straight to the table: 60 names with 1 to 3 numbers between neighbours, then 30 waiting for a place,
    // each among them; relabelled with 1 number of room at least, so that most places move their neighbours.
    const key = (n: number) => `name ${String(n).padStart(5, "0")}`;
    let id = 0;
    for (let n = 0; n < 60; n++) {
      id += 1 + ((n * 7) % 3);
      await database.db.insertInto("business_folded_name").values({ id, businessId: `b${n}`, name: key(n * 100), folded: key(n * 100) }).execute();
    }
    for (let n = 0; n < 30; n++) {
      const at = ((n * 37) % 59) * 100 + 1 + n;
      await database.db.insertInto("business_folded_name").values({ id: PLACED + n, businessId: `w${n}`, name: key(at), folded: key(at) }).execute();
    }
    await new NamePlaces(database.db, 1).placeAll(undefined, 7);
    const rows = await database.db.selectFrom("business_folded_name").select(["id", "folded"]).orderBy("folded").execute();
    expect(rows).toHaveLength(90);
    expect(rows.map((row) => row.id)).toEqual(rows.map((row) => row.id).sort((a, b) => a - b));
    expect(rows.every((row) => row.id < PLACED)).toBe(true);
    const found = await sql<{ rowid: number }>`select rowid from business_folded_name_fts where business_folded_name_fts match ${'"name"'} order by rowid`.execute(database.db);
    expect(found.rows.map((row) => row.rowid)).toEqual(rows.map((row) => row.id));
    await database.db.deleteFrom("business_folded_name").execute();
  });

  it("places names stored as any bytes, in SQLite's own order", async () => {
    // Written straight to the table by a tool: two names one number apart, then between them names whose bytes are no
    // text JavaScript reads back as written (invalid UTF-8) and names stored as blobs, which sort after every text.
    await database.db.insertInto("business_folded_name").values([
      { id: 1000, businessId: "first", name: "ab", folded: "ab" },
      { id: 1001, businessId: "last", name: "ab\uE000", folded: "ab\uE000" },
    ]).execute();
    for (let n = 0; n < 40; n++) {
      const bytes = Buffer.from([0x61, 0x62, 0xc0 + (n % 3), 0x30 + (n % 10)]);
      const folded = n % 4 === 0 ? sql`${bytes}` : sql`cast(${bytes} as text)`;
      await sql`insert into business_folded_name (id, "businessId", name, folded) values (${PLACED + n}, ${`b${n}`}, ${`n${n}`}, ${folded})`.execute(database.db);
    }
    await new NamePlaces(database.db, 1).placeAll(undefined, 7);
    const rows = await sql<{ id: number }>`select id from business_folded_name order by folded, name, "businessId"`.execute(database.db);
    expect(rows.rows).toHaveLength(42);
    expect(rows.rows.map((row) => row.id)).toEqual(rows.rows.map((row) => row.id).sort((a, b) => a - b));
    expect(rows.rows.every((row) => row.id < PLACED)).toBe(true);
    await database.db.deleteFrom("business_folded_name").execute();
  });

  it("has its names numbered in the list's order by the migration", async () => {
    const migrations = await discoverMigrations(database.dialect);
    for (const name of Object.keys(migrations).filter((name) => name >= "0099-business-name-places").sort().reverse()) {
      await migrations[name]!.down!(database.db);
      await sql`delete from kysely_migration where name = ${name}`.execute(database.db);
    }
    const category = await createCategory(database.db, { name: "Shops" });
    for (const name of ["Walnut Mill", "Almond Mill", "Mill Pond", "Cashew Mill", "Mill Pond"]) await createBusiness(database.db, { name, categoryId: category.id });
    await migrateToLatest(database);
    const rows = await database.db.selectFrom("business_folded_name").select(["id", "name"]).orderBy("folded").orderBy("name").orderBy("businessId").execute();
    expect(rows.map((row) => row.name)).toEqual(["Almond Mill", "Cashew Mill", "Mill Pond", "Mill Pond", "Walnut Mill"]);
    expect(rows.map((row) => row.id)).toEqual(rows.map((row) => row.id).sort((a, b) => a - b));
    // And the trigram index follows the new numbers.
    const found = await sql<{ rowid: number }>`select rowid from business_folded_name_fts where business_folded_name_fts match ${'"mill"'} order by rowid`.execute(database.db);
    expect(found.rows.map((row) => row.rowid)).toEqual(rows.map((row) => row.id));
  });
});
