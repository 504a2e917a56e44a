// The markers list searched (`GET /api/v1/admin/businesses?q=`): a search of 3+ characters is found by the folded
// names' trigram index and a shorter one by the names in order (migration 0096, decision 0065); either way the same
// names come, in the list's order (folded name, then name, then id), both ways, and the index follows every write.
import { describe, expect, it } from "vitest";
import { createBusiness, createCategory } from "#server/db/factories.ts";
import { setUp, setUpSignIn, setUpTestApp } from "#tests/setup/app.ts";

const t = setUpTestApp();
const admin = setUpSignIn(t, "admin");
const shops = setUp(() => createCategory(t.database.db, { name: "Shops" }));

interface Page {
  items: Array<{ id: string; name: string }>;
  total: number;
  totalIsLowerBound?: boolean;
}
async function search(q: string, more: Record<string, string> = {}): Promise<Page> {
  const response = await t.request(`/api/v1/admin/businesses?${new URLSearchParams({ q, pageSize: "50", ...more })}`, { cookie: admin.cookie });
  expect(response.status, q).toBe(200);
  return (await response.json()) as Page;
}
const names = async (q: string, more: Record<string, string> = {}) => (await search(q, more)).items.map((b) => b.name);
const add = (name: string) => createBusiness(t.database.db, { name, categoryId: shops.id });

describe("the markers list searched", () => {
  it("finds a name whatever its case, accents and punctuation, and the words wherever they are in it", async () => {
    await add("Café-Bar Zoë Quillfeather");
    for (const q of ["CAFÉ BAR ZOË", "cafe bar zoe", "cafe-bar", "café, bar", "bar zoë quill", "QUILLFEATHER", "é-bar zo"]) {
      expect(await names(q), q).toEqual(["Café-Bar Zoë Quillfeather"]);
    }
    expect(await names("cafebar")).toEqual([]);
    expect(await search("...")).toMatchObject({ items: [], total: 0 });
  });

  it("finds 1- and 2-letter searches too, counted exactly", async () => {
    for (const name of ["Wq Alpha", "Beta wq", "Gamma", "Delta W-q"]) await add(name);
    const two = await search("wq");
    expect(two.items.map((b) => b.name)).toEqual(["Beta wq", "Wq Alpha"]);
    expect(two.total).toBe(2);
    expect(two).not.toHaveProperty("totalIsLowerBound");
    expect(await names("w q")).toEqual(["Delta W-q"]);
    const one = await names("q");
    expect(one).toEqual(expect.arrayContaining(["Beta wq", "Delta W-q", "Wq Alpha", "Café-Bar Zoë Quillfeather"]));
    expect(one).not.toContain("Gamma");
  });

  it("orders the matches as the list does, folded names first, ascending and descending", async () => {
    // Folded, these come as "closed mill works", "eclair mill", "mill cafe" (twice: then by name), "the mill".
    for (const name of ["the Mill", "Mill Café", "(Closed) Mill Works", "Éclair Mill", "Mill Cafe"]) await add(name);
    const ascending = ["(Closed) Mill Works", "Éclair Mill", "Mill Cafe", "Mill Café", "the Mill"];
    expect(await names("mill")).toEqual(ascending);
    expect(await names("mill", { sort: "desc" })).toEqual([...ascending].reverse());
    // A page further on is the rest of the same order.
    expect(await names("mill", { pageSize: "2", page: "2", sort: "desc" })).toEqual(["Mill Cafe", "Éclair Mill"]);

    // Names alike in every letter keep one order, by id, both ways: the unsearched list's.
    const twins = new Set([(await add("Twin Lantern")).id, (await add("Twin Lantern")).id]);
    for (const sort of ["asc", "desc"]) {
      const all = await t.request(`/api/v1/admin/businesses?pageSize=200&sort=${sort}`, { cookie: admin.cookie });
      const listed = ((await all.json()) as Page).items.map((b) => b.id).filter((id) => twins.has(id));
      expect((await search("twin lantern", { sort })).items.map((b) => b.id), sort).toEqual(listed);
    }
  });

  it("reads % and _ as the punctuation they are, never as wildcards", async () => {
    for (const name of ["50% Off Outlet", "50x Off Outlet", "Ink_Well Press", "InkxWell Press"]) await add(name);
    expect(await names("50% off")).toEqual(["50% Off Outlet"]);
    expect(await names("ink_well")).toEqual(["Ink_Well Press"]);
    expect(await names("k_w")).toEqual(["Ink_Well Press"]);
    expect(await names("%")).toEqual([]);
    expect(await names("_")).toEqual([]);
  });

  it("finds a business by its new name once renamed, and no longer once deleted, however it was written", async () => {
    const business = await add("Original Tinsmith");
    const put = await t.request(`/api/v1/businesses/${business.id}`, {
      method: "PUT",
      cookie: admin.cookie,
      json: { name: "Renamed Coppersmith", categoryId: shops.id, lat: 43.1, lng: -79.1, tags: [] },
    });
    expect(put.status).toBe(200);
    expect(await names("tinsmith")).toEqual([]);
    expect(await names("coppersmith")).toEqual(["Renamed Coppersmith"]);

    // Written straight to the table (an import, a tool): the index follows all the same.
    await t.database.db.updateTable("business").set({ name: "Renamed Silversmith" }).where("id", "=", business.id).execute();
    expect(await names("coppersmith")).toEqual([]);
    expect(await names("silversmith")).toEqual(["Renamed Silversmith"]);

    expect((await t.request(`/api/v1/businesses/${business.id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(204);
    expect(await search("silversmith")).toMatchObject({ items: [], total: 0 });
    const plain = await add("Plain Goldsmith");
    await t.database.db.deleteFrom("business").where("id", "=", plain.id).execute();
    expect(await search("goldsmith")).toMatchObject({ items: [], total: 0 });
  });
});
