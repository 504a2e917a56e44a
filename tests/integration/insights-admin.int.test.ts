// The association's insights through the API: who may read them and their CSVs, what was looked at most, and the
// searches that found nothing (counted once per visitor, crawlers and visitors who ask not to be tracked left out).
// The hits endpoint is also asked over a real socket, where Node's server answers it before the app.
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBusiness, createCategory, createEvent, createOffer, createTag } from "#server/db/factories.ts";
import { listen } from "#server/http/listen.ts";
import type { InsightOverview } from "#shared/schemas/insights.ts";
import { errorOf, invalidOf, setUp, setUpSignIn, setUpTestApp } from "#tests/setup/app.ts";
import { signInOwnerOf } from "#tests/setup/owners.ts";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const BROWSER = { "User-Agent": CHROME, "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "no-cors", "Content-Type": "text/plain;charset=UTF-8" };
const TABLES = ["businesses", "categories", "tags", "events", "offers", "missed-searches"];

const t = setUpTestApp({ env: { TRUST_PROXY: "true" } });
const admin = setUpSignIn(t, "admin");
const plainUser = setUpSignIn(t, "user");
const world = setUp(async () => {
  const category = await createCategory(t.database.db, { name: "Bakeries" });
  const tag = await createTag(t.database.db, { name: "Gluten free" });
  const a = await createBusiness(t.database.db, { name: "Crumb Bakery", categoryId: category.id, tagIds: [tag.id] });
  const b = await createBusiness(t.database.db, { name: "Bolt Hardware" });
  const offer = await createOffer(t.database.db, { businessId: a.id, type: "Discount", description: "Two loaves for one" });
  const event = await createEvent(t.database.db, { location: a.id, name: "Bread tasting" });
  return { a, b, offer, event, ownerA: await signInOwnerOf(t, admin.cookie, a.id), ownerB: await signInOwnerOf(t, admin.cookie, b.id) };
});

/** The app on a real socket, as `npm start` serves it. */
let server: Server;
let base: string;
beforeAll(async () => {
  server = listen(t.app, { port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  // fetch keeps its connections open: they are closed with the server.
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

function beacon(events: unknown, address: string, headers: Record<string, string> = {}) {
  return fetch(`${base}/api/v1/insights/hits`, { method: "POST", body: JSON.stringify({ events }), headers: { ...BROWSER, "X-Forwarded-For": address, ...headers } });
}
async function overview(days = ""): Promise<InsightOverview> {
  const response = await t.request(`/api/v1/insights${days}`, { cookie: admin.cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as InsightOverview;
}

describe("who may read the association's insights", () => {
  it("answers administrators only: 401 anonymous, 403 a plain user and owners of either business", async () => {
    const paths = ["/api/v1/insights?days=30", ...TABLES.map((table) => `/api/v1/exports/insights/${table}.csv?days=90`)];
    for (const path of paths) {
      const statuses = [];
      for (const cookie of [undefined, plainUser.cookie, world.ownerA.cookie, world.ownerB.cookie, admin.cookie]) statuses.push((await t.request(path, { cookie })).status);
      expect({ path, statuses }).toEqual({ path, statuses: [401, 403, 403, 403, 200] });
    }
  });

  it("refuses a period that is not a whole number of days from 1 to 400, beside the field", async () => {
    for (const days of ["0", "401", "soon"]) {
      const response = await t.request(`/api/v1/insights?days=${days}`, { cookie: admin.cookie });
      expect(response.status).toBe(400);
      expect((await invalidOf(response)).fields).toEqual({ days: "Enter a whole number of days from 1 to 400." });
    }
    expect((await t.request("/api/v1/exports/insights/tags.csv?days=0", { cookie: admin.cookie })).status).toBe(400);
  });
});

describe("what visitors looked at most", () => {
  it("shows page views by day and the businesses, categories, tags, events and offers looked at most", async () => {
    const { a, b, offer, event } = world;
    for (const address of ["192.0.2.1", "192.0.2.2", "192.0.2.3"]) expect((await beacon([{ kind: "view", id: a.id }], address)).status).toBe(204);
    await beacon([{ kind: "view", id: b.id }], "192.0.2.1");
    await beacon([{ kind: "offer-view", id: offer.id }], "192.0.2.1");
    await beacon([{ kind: "event-view", id: event.id }], "192.0.2.1");
    await beacon([{ kind: "event-view", id: event.id }], "192.0.2.2");
    await t.services.insightCounter.flush();
    const figures = await overview();
    expect(figures.days).toHaveLength(30);
    expect(figures.visits.at(-1)).toBe(7);
    expect(figures.tables.businesses).toEqual([
      { name: "Crumb Bakery", count: 3 },
      { name: "Bolt Hardware", count: 1 },
    ]);
    expect(figures.tables.categories).toEqual([{ name: "Bakeries", count: 3 }]);
    expect(figures.tables.tags).toEqual([{ name: "Gluten free", count: 3 }]);
    expect(figures.tables.events).toEqual([{ name: "Bread tasting", count: 2 }]);
    expect(figures.tables.offers).toEqual([{ name: "Discount: Two loaves for one (Crumb Bakery)", count: 1 }]);
    expect((await overview("?days=365")).days).toHaveLength(365);

    const csv = await t.request("/api/v1/exports/insights/businesses.csv?days=30", { cookie: admin.cookie });
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="insights-businesses-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await csv.text()).trim().split(/\r?\n/);
    expect(lines[0]).toBe("Business,Page views,From,To");
    expect(lines.slice(1).map((line) => line.split(",").slice(0, 2).join(","))).toEqual(["Crumb Bakery,3", "Bolt Hardware,1"]);
  });
});

describe("searches that found nothing", () => {
  it("counts the words once per visitor, normalised, and leaves out crawlers, GPC and DNT", async () => {
    const search = (query: string) => [{ kind: "no-results", query }];
    expect((await beacon(search("  Vegan   PIZZA "), "198.51.100.1")).status).toBe(204);
    await beacon(search("vegan pizza"), "198.51.100.1");
    await beacon(search("Vegan pizza"), "198.51.100.2");
    await beacon(search("bike repair"), "198.51.100.2");
    // Answered alike, not counted:
    expect((await beacon(search("vegan pizza"), "198.51.100.3", { "User-Agent": GOOGLEBOT })).status).toBe(204);
    expect((await beacon(search("vegan pizza"), "198.51.100.4", { "Sec-GPC": "1" })).status).toBe(204);
    expect((await beacon(search("vegan pizza"), "198.51.100.5", { DNT: "1" })).status).toBe(204);
    expect((await beacon(search("vegan pizza"), "198.51.100.6", { "Sec-Fetch-Site": "cross-site" })).status).toBe(204);
    // The app's own route (in-process clients) counts the same way.
    await t.app.request("/api/v1/insights/hits", { method: "POST", body: JSON.stringify({ events: search("=HYPERLINK(1)") }), headers: { ...BROWSER, "X-Forwarded-For": "198.51.100.7" } });
    await t.services.insightCounter.flush();
    expect((await overview()).tables["missed-searches"]).toEqual([
      { name: "vegan pizza", count: 2 },
      { name: "=hyperlink(1)", count: 1 },
      { name: "bike repair", count: 1 },
    ]);
    const csv = await (await t.request("/api/v1/exports/insights/missed-searches.csv", { cookie: admin.cookie })).text();
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe("Searched for,Searches,From,To");
    // A spreadsheet would read the words as a formula: they start with an apostrophe.
    expect(lines.slice(1).map((line) => line.split(",").slice(0, 2).join(","))).toEqual(["vegan pizza,2", "'=hyperlink(1),1", "bike repair,1"]);
  });

  it("refuses a batch that is not one with 400 over the socket too, and leaves a cross-site request with a session to the app's refusal", async () => {
    const empty = await beacon([{ kind: "no-results", query: "" }], "198.51.100.9");
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).message).toBe("Send up to 50 events, each with a known kind and id.");
    const notJson = await fetch(`${base}/api/v1/insights/hits`, { method: "POST", body: "{", headers: BROWSER });
    expect(notJson.status).toBe(400);
    const tooLarge = await fetch(`${base}/api/v1/insights/hits`, { method: "POST", body: "x".repeat(20_000), headers: BROWSER });
    expect(tooLarge.status).toBe(400);
    const ok = await beacon([{ kind: "view", id: world.b.id }], "198.51.100.9");
    expect(ok.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(ok.headers.get("x-content-type-options")).toBe("nosniff");
    const crossSite = await beacon([{ kind: "view", id: world.b.id }], "198.51.100.9", { "Sec-Fetch-Site": "cross-site", Origin: "https://elsewhere.example", Cookie: plainUser.cookie });
    expect(crossSite.status).toBe(403);
  });
});
