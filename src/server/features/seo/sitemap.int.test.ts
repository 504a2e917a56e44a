// The sitemap past the protocol's 50,000 URLs: an index of child sitemaps of at most 2,000 URLs, each read as XML
// (with jsdom, as the feeds' tests read theirs), together listing every URL once.
import { afterAll, describe, expect, it } from "vitest";
import { Hono } from "hono";
import { JSDOM } from "jsdom";
import type { AppEnv } from "#server/api/api-env.ts";
import { buildBusiness, createCategory, createEvent, createOffer, createPost } from "#server/db/factories.ts";
import { ORIGIN, setUp, createTestApp } from "#tests/setup/app.ts";
import { testDialect } from "#tests/setup/database.ts";
import { createSeoRoutes } from "./seo.routes.ts";

const NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

const opened: Array<{ close(): Promise<void> | void }> = [];
afterAll(async () => {
  for (const t of opened) await t.close();
});

/** The seo routes alone on a test app's services, with the given bound on URLs a sitemap. */
async function sitemapApp(maxUrls?: number) {
  const t = await createTestApp();
  opened.push(t);
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set("services", t.services);
    await next();
  });
  app.route("/", createSeoRoutes({ siteUrl: ORIGIN, sitemapMaxUrls: maxUrls }));
  return { ...t, get: (path: string) => app.request(`${ORIGIN}${path}`) };
}

/** The document's root, failing the test when the text is not well-formed XML in the sitemap namespace. */
async function readXml(response: Response): Promise<Element> {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("application/xml");
  const document = new JSDOM(await response.text(), { contentType: "application/xml" }).window.document;
  const root = document.documentElement;
  expect(root.namespaceURI).toBe(NS);
  return root;
}

const locs = (root: Element, parent: string) =>
  [...root.getElementsByTagNameNS(NS, parent)].map((e) => e.getElementsByTagNameNS(NS, "loc")[0]!.textContent);

/** Inserts `count` businesses a few hundred rows a statement. */
async function insertBusinesses(db: Awaited<ReturnType<typeof createTestApp>>["database"]["db"], count: number) {
  const ids: string[] = [];
  for (let done = 0; done < count; done += 500) {
    const rows = Array.from({ length: Math.min(500, count - done) }, () => buildBusiness());
    await db.insertInto("business").values(rows).execute();
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

describe("the sitemap index", () => {
  const small = setUp(() => sitemapApp(10));

  it("is a plain urlset while every URL fits in one sitemap", async () => {
    const t = await sitemapApp(10);
    const root = await readXml(await t.get("/sitemap.xml"));
    expect(root.localName).toBe("urlset");
    expect(locs(root, "url")).toEqual(["/", "/events", "/offers", "/news", "/map", "/contact"].map((p) => ORIGIN + p));
    expect((await t.get("/sitemap-1.xml")).status).toBe(404);
  });

  it("past the bound, /sitemap.xml is an index whose children list every URL once, none more than the bound", async () => {
    const ids = await insertBusinesses(small.database.db, 23);
    await createCategory(small.database.db, { name: "Bakeries" });
    const events = [];
    for (let i = 0; i < 12; i += 1) events.push(await createEvent(small.database.db, { name: `Indexed ${i}` }));
    const ended = await createEvent(small.database.db, { name: "Ended", eventDate: new Date(Date.now() - 86_400_000).toISOString() });
    const offers = [];
    for (let i = 0; i < 12; i += 1) offers.push(await createOffer(small.database.db, { businessId: ids[i]!, description: `Offer ${i}` }));
    await createOffer(small.database.db, { businessId: ids[0]!, description: "Over", validUntil: "2020-01-31" });
    const post = await createPost(small.database.db, { title: "Indexed post" });

    const index = await readXml(await small.get("/sitemap.xml"));
    expect(index.localName).toBe("sitemapindex");
    // 6 fixed pages, 23 businesses, 12 upcoming events and 12 running offers (each list spanning children), a
    // category, an ended event, a post: 56 URLs, 6 sitemaps of at most 10. An offer that has ended is not listed.
    const children = locs(index, "sitemap");
    expect(children).toEqual([1, 2, 3, 4, 5, 6].map((n) => `${ORIGIN}/sitemap-${n}.xml`));

    const listed: string[] = [];
    for (const child of children) {
      const root = await readXml(await small.get(new URL(child!).pathname));
      expect(root.localName).toBe("urlset");
      const urls = locs(root, "url");
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(10);
      listed.push(...(urls as string[]));
    }
    const expected = [
      ...["/", "/events", "/offers", "/news", "/map", "/contact"],
      ...ids.map((id) => `/business/${id}`),
      ...events.map((e) => `/events/${e.id}`),
      ...offers.map((o) => `/offers/${o.id}`),
      "/category/bakeries",
      `/events/${ended.id}`,
      `/news/${post.id}`,
    ].map((p) => ORIGIN + p);
    expect([...listed].sort()).toEqual([...expected].sort());
    expect(new Set(listed).size).toBe(listed.length);
    expect((await small.get("/sitemap-7.xml")).status).toBe(404);
  });

  it("lists a business written a moment ago, though the sections were counted before it", async () => {
    // The app's own routes, which count the sections once per content version.
    const t = await createTestApp();
    opened.push(t);
    const before = locs(await readXml(await t.request("/sitemap.xml")), "url");
    const [business] = await insertBusinesses(t.database.db, 1);
    const after = locs(await readXml(await t.request("/sitemap.xml")), "url");
    expect(after).toEqual([...before.slice(0, 6), `${ORIGIN}/business/${business}`, ...before.slice(6)]);
  });

  // The bound is the routes' arithmetic, the same on either database (the small bound above runs on both): the
  // 50,001 rows are inserted once, on SQLite, where that takes a third of the time.
  it.runIf(testDialect === "sqlite")("with more than 50,000 businesses, at the protocol's bound, in children of 2,000", { timeout: 120_000 }, async () => {
    const t = await sitemapApp();
    const ids = await insertBusinesses(t.database.db, 50_001);
    const index = await readXml(await t.get("/sitemap.xml"));
    expect(index.localName).toBe("sitemapindex");
    const children = locs(index, "sitemap");
    // 50,007 URLs: 25 children of 2,000 and one of 7.
    expect(children).toEqual(Array.from({ length: 26 }, (_, i) => `${ORIGIN}/sitemap-${i + 1}.xml`));
    expect((await t.get("/sitemap-27.xml")).status).toBe(404);

    const listed = new Set<string>();
    let count = 0;
    for (const child of children) {
      const response = await t.get(new URL(child!).pathname);
      const text = await response.clone().text();
      expect(Buffer.byteLength(text)).toBeLessThan(50 * 1024 * 1024);
      const urls = locs(await readXml(response), "url") as string[];
      expect(urls.length).toBe(child === children.at(-1) ? 7 : 2_000);
      count += urls.length;
      for (const url of urls) listed.add(url);
    }
    expect(count).toBe(50_001 + 6);
    expect(listed.size).toBe(count);
    for (const id of [ids[0], ids[25_000], ids.at(-1)]) expect(listed).toContain(`${ORIGIN}/business/${id}`);
  });
});
