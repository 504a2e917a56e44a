// A searched admin list stops counting past the pages a person pages through (decision 0063): more than 1,000
// matches answer `totalIsLowerBound` and still page on to the last match; fewer answer the exact total, as before.
import { describe, expect, it } from "vitest";
import { buildBusiness } from "#server/db/factories.ts";
import { newId } from "#server/db/ids.ts";
import { setUp, setUpSignIn, setUpTestApp } from "#tests/setup/app.ts";

const MATCHES = 1030;
const t = setUpTestApp();
const admin = setUpSignIn(t, "admin");
setUp(async () => {
  const db = t.database.db;
  const businesses = Array.from({ length: MATCHES }, (_, i) => buildBusiness({ name: `Lantern Counted ${String(i).padStart(4, "0")}` }));
  for (let i = 0; i < businesses.length; i += 200) await db.insertInto("business").values(businesses.slice(i, i + 200)).execute();
  const now = new Date().toISOString();
  const subscribers = Array.from({ length: 1010 }, (_, i) => ({
    id: `counted${String(i).padStart(5, "0")}`,
    email: `counted-${i}@example.test`,
    state: "confirmed",
    tokenSecret: newId(20),
    failures: 0,
    createdAt: now,
    updatedAt: now,
    confirmedAt: now,
  }));
  for (let i = 0; i < subscribers.length; i += 200) await db.insertInto("subscriber").values(subscribers.slice(i, i + 200)).execute();
  return {};
});

interface Page {
  items: Array<{ name?: string; email?: string }>;
  total: number;
  page: number;
  pageSize: number;
  totalIsLowerBound?: boolean;
}
const get = async (path: string) => {
  const response = await t.request(path, { cookie: admin.cookie });
  expect(response.status, path).toBe(200);
  return (await response.json()) as Page;
};
const markers = (query: string) => get(`/api/v1/admin/businesses?${query}`);

describe("a searched markers list past 1,000 matches", () => {
  it("says it holds more than 1,000 and pages on while more exist, to the last match", async () => {
    const first = await markers("q=lantern%20counted&page=1&pageSize=20");
    expect(first).toMatchObject({ total: 1001, totalIsLowerBound: true, page: 1, pageSize: 20 });
    expect(first.items.map((b) => b.name)).toEqual(Array.from({ length: 20 }, (_, i) => `Lantern Counted ${String(i).padStart(4, "0")}`));

    // Past the cap the count reaches the page asked, so it still tells a next page from the last.
    const past = await markers("q=lantern%20counted&page=51&pageSize=20");
    expect(past).toMatchObject({ total: 1021, totalIsLowerBound: true, page: 51 });
    expect(past.items[0]?.name).toBe("Lantern Counted 1000");
    const last = await markers("q=lantern%20counted&page=52&pageSize=20");
    expect(last.total).toBe(MATCHES);
    expect(last).not.toHaveProperty("totalIsLowerBound");
    expect(last.items.map((b) => b.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Lantern Counted ${1020 + i}`));

    // Newest names first: the same cap, from the other end.
    const falling = await markers("q=lantern%20counted&page=1&pageSize=50&sort=desc");
    expect(falling).toMatchObject({ total: 1001, totalIsLowerBound: true });
    expect(falling.items[0]?.name).toBe("Lantern Counted 1029");
  });

  it("answers the exact total, without the flag, below the cap and unsearched", async () => {
    const fewer = await markers("q=lantern%20counted%2000&pageSize=20");
    expect(fewer.total).toBe(100);
    expect(fewer).not.toHaveProperty("totalIsLowerBound");
    const all = await markers("pageSize=20");
    expect(all.total).toBeGreaterThanOrEqual(MATCHES);
    expect(all).not.toHaveProperty("totalIsLowerBound");
  });
});

describe("a searched subscribers list past 1,000 matches", () => {
  it("says it holds more than 1,000, pages on, and counts exactly on its last page and below the cap", async () => {
    expect(await get("/api/v1/subscribers?q=counted-&pageSize=50")).toMatchObject({ total: 1001, totalIsLowerBound: true });
    const last = await get("/api/v1/subscribers?q=counted-&page=21&pageSize=50");
    expect(last.total).toBe(1010);
    expect(last.items).toHaveLength(10);
    expect(last).not.toHaveProperty("totalIsLowerBound");
    const fewer = await get("/api/v1/subscribers?q=counted-10&pageSize=50");
    expect(fewer.total).toBe(21); // counted-10, counted-100…109, counted-1000…1009
    expect(fewer).not.toHaveProperty("totalIsLowerBound");
    expect((await get("/api/v1/subscribers?pageSize=50")).total).toBeGreaterThanOrEqual(1010);
  });
});
