// The admin's markers and events read page after page from where the page before stopped (decision 0068): following
// `nextCursor` from the first page, and `previousCursor` back, gives exactly the pages their numbers give, in either
// order, searched or not, with names and dates alike on several rows; a cursor the list did not give is refused
// beside its field, never a server error.
import { describe, expect, it } from "vitest";
import { buildBusiness, createBusiness, createCategory, createEvent } from "#server/db/factories.ts";
import { setUp, setUpSignIn, setUpTestApp } from "#tests/setup/app.ts";

const t = setUpTestApp();
const admin = setUpSignIn(t, "admin");

interface Page {
  items: Array<{ id: string }>;
  total: number;
  totalIsLowerBound?: boolean;
  page: number;
  nextCursor?: string;
  previousCursor?: string;
}

async function read(path: string, query: Record<string, string>): Promise<Page> {
  const response = await t.request(`${path}?${new URLSearchParams(query)}`, { cookie: admin.cookie });
  expect(response.status, `${path}?${new URLSearchParams(query)}`).toBe(200);
  return (await response.json()) as Page;
}

const NAMES = ["Émile's Cheese", "emile's cheese", "Emile’s Cheese", "Maple Bakery", "Maple Bakery", "maple bakery", "(Old) Maple Mill", "Zed Maple", "Ma's Diner", "Anchor Books"];

const seeded = setUp(async () => {
  const shops = await createCategory(t.database.db, { name: "Keyset Shops" });
  for (let round = 0; round < 4; round++) for (const name of NAMES) await createBusiness(t.database.db, { name, categoryId: shops.id });
  // Events on the same dates, several to a date: the page's key is the date, then the id.
  for (let i = 0; i < 33; i++) await createEvent(t.database.db, { name: `Keyset Event ${i}`, eventDate: `2027-0${1 + (i % 3)}-1${i % 4}T18:00:00.000Z` });
  return shops;
});

const lists: Array<[string, string, Record<string, string>]> = [
  ["the markers", "/api/v1/admin/businesses", {}],
  ["the markers searched by trigrams", "/api/v1/admin/businesses", { q: "maple" }],
  ["the markers searched by a short word", "/api/v1/admin/businesses", { q: "ma" }],
  ["the events", "/api/v1/admin/events", {}],
];

describe("a list read from where the page before stopped", () => {
  for (const [name, path, filters] of lists) {
    it(`gives ${name} page by page as their numbers do, forwards and back, in either order`, async () => {
      expect(seeded.id).toBeTruthy();
      for (const sort of ["asc", "desc"]) {
        const query = { ...filters, sort, pageSize: "7" };
        const first = await read(path, { ...query, page: "1" });
        const pages = Math.ceil(first.total / 7);
        expect(pages, `${name} ${sort}`).toBeGreaterThan(2);
        const numbered = [first.items];
        for (let page = 2; page <= pages; page++) numbered.push((await read(path, { ...query, page: String(page) })).items);
        // Forwards by nextCursor, to an empty page after the last.
        let at = first;
        const followed = [first.items];
        for (let page = 2; page <= pages + 1; page++) {
          expect(at.nextCursor, `${name} ${sort} page ${page - 1}`).toEqual(expect.any(String));
          at = await read(path, { ...query, page: String(page), after: at.nextCursor! });
          expect(at.page).toBe(page);
          if (page <= pages) followed.push(at.items);
          else expect(at.items, `${name} ${sort}: after the last page`).toEqual([]);
        }
        expect(followed, `${name} ${sort}`).toEqual(numbered);
        // Back by previousCursor from the last page.
        at = await read(path, { ...query, page: String(pages) });
        for (let page = pages - 1; page >= 1; page--) {
          at = await read(path, { ...query, page: String(page), before: at.previousCursor! });
          expect(at.items, `${name} ${sort}: back to page ${page}`).toEqual(numbered[page - 1]);
        }
        expect(at).not.toHaveProperty("totalIsLowerBound");
      }
    });
  }

  it("counts a searched page reached by Next as far as the same page asked by its number, past the count's cap", async () => {
    const rows = Array.from({ length: 1200 }, (_, i) => buildBusiness({ name: `Capped Lantern ${String(i).padStart(4, "0")}`, categoryId: seeded.id }));
    for (let at = 0; at < rows.length; at += 250) await t.database.db.insertInto("business").values(rows.slice(at, at + 250)).execute();
    const query = { q: "capped lantern", pageSize: "50" };
    const page21 = await read("/api/v1/admin/businesses", { ...query, page: "21" });
    const byNumber = await read("/api/v1/admin/businesses", { ...query, page: "22" });
    const byNext = await read("/api/v1/admin/businesses", { ...query, page: "22", after: page21.nextCursor! });
    expect(byNext.items).toEqual(byNumber.items);
    // Counted to the page's end and one more: a next page exists (decision 0063).
    expect({ total: byNext.total, lowerBound: byNext.totalIsLowerBound }).toEqual({ total: byNumber.total, lowerBound: byNumber.totalIsLowerBound });
    expect(byNext).toMatchObject({ total: 22 * 50 + 1, totalIsLowerBound: true });
  });

  it("counts a business or an event written a moment ago, through the API or straight in the database", async () => {
    for (const [path, add] of [
      ["/api/v1/admin/businesses", () => createBusiness(t.database.db, { name: "Counted Newcomer", categoryId: seeded.id })],
      ["/api/v1/admin/events", () => createEvent(t.database.db, { name: "Counted Event" })],
    ] as const) {
      const before = await read(path, { pageSize: "5" });
      expect((await read(path, { pageSize: "5", page: "2" })).total).toBe(before.total);
      await add();
      expect((await read(path, { pageSize: "5", page: "2" })).total, path).toBe(before.total + 1);
    }
    const gone = await read("/api/v1/admin/businesses", { pageSize: "1" });
    expect((await t.request(`/api/v1/businesses/${gone.items[0]!.id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(204);
    expect((await read("/api/v1/admin/businesses", { pageSize: "1" })).total).toBe(gone.total - 1);
  });

  it("leaves the cursors out of a page with no rows", async () => {
    const none = await read("/api/v1/admin/businesses", { q: "no such business anywhere" });
    expect(none.items).toEqual([]);
    expect(none).not.toHaveProperty("nextCursor");
    expect(none).not.toHaveProperty("previousCursor");
  });

  it("refuses a cursor it did not give, naming the field, for any text", async () => {
    const foreign = [
      "not!base64",
      "x".repeat(2001),
      Buffer.from("{}").toString("base64url"),
      Buffer.from("[1,2,3]").toString("base64url"),
      // Two texts: an event's key is a time and an id.
      Buffer.from('["a","b"]').toString("base64url"),
      Buffer.from('["2027-13-45T99:00:00Z","b"]').toString("base64url"),
      Buffer.from("\u0000\u00ff").toString("base64url"),
    ];
    for (const path of ["/api/v1/admin/businesses", "/api/v1/admin/events"]) {
      for (const field of ["after", "before"]) {
        for (const cursor of foreign) {
          const response = await t.request(`${path}?${new URLSearchParams({ [field]: cursor })}`, { cookie: admin.cookie });
          expect(response.status, `${path} ${field}=${cursor.slice(0, 20)}`).toBe(400);
          const body = (await response.json()) as { error: { fields?: Record<string, string> } };
          expect(body.error.fields?.[field], `${path} ${field}=${cursor.slice(0, 20)}`).toBe("This page's link is not one this list gave. Go back to the list's first page.");
        }
      }
    }
  });

  it("reads nothing but the administrator's", async () => {
    const first = await read("/api/v1/admin/businesses", { pageSize: "5" });
    const anonymous = await t.request(`/api/v1/admin/businesses?after=${first.nextCursor}`);
    expect(anonymous.status).toBe(401);
  });
});
