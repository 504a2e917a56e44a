// The association's overview read from the totals kept as counts are written (docs/decisions/0054): for each period
// the page offers, its answer is the one a straight sum of the daily counts gives, after the migration filled the
// totals from rows already there, after new counts arrive (from two instances at once), after a business is deleted,
// after businesses change category or tags (decision 0056: the categories' and tags' totals), a tag or category is
// deleted, while counts, moves and such changes run at the same moment, and as the days go by (or the site's clock
// moves back).
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createBusiness, createCategory, createEvent, createOffer, createTag } from "#server/db/factories.ts";
import insightTotals from "#server/db/migrations/0091-insight-totals.ts";
import insightGroupTotals from "#server/db/migrations/0092-insight-group-totals.ts";
import { InsightCounter, InsightOverviewRepository, InsightOverviewService, InsightRepository, InsightTotalsRepository } from "#server/features/insights/index.ts";
import type { CurrentUser } from "#server/auth/session.ts";
import { OVERVIEW_TABLE_NAMES, type InsightOverview } from "#shared/schemas/insights.ts";
import { setUp, setUpSignIn, setUpTestApp } from "#tests/setup/app.ts";

const DAY_MS = 86_400_000;
const PERIODS = [30, 90, 365];
const BROWSER = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0 Safari/537.36", "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "no-cors", "Content-Type": "text/plain;charset=UTF-8" };

const t = setUpTestApp({ env: { TRUST_PROXY: "true" } });
const admin = setUpSignIn(t, "admin");

const dayBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

/** Businesses in two categories with tags, an offer and an event each for two of them, and 400 days of counts. */
const world = setUp(async () => {
  const db = t.database.db;
  const categories = [await createCategory(db, { name: "Bakeries" }), await createCategory(db, { name: "Hardware" })];
  const tags = [await createTag(db, { name: "Gluten free" }), await createTag(db, { name: "Open late" })];
  const businesses = [];
  for (let i = 0; i < 6; i++) {
    businesses.push(await createBusiness(db, { name: `Shop ${String.fromCharCode(65 + i)}`, categoryId: categories[i % 2]!.id, tagIds: i < 4 ? [tags[i % 2]!.id] : [tags[0]!.id, tags[1]!.id] }));
  }
  const offers = [await createOffer(db, { businessId: businesses[0]!.id, type: "Discount", description: "Two for one" }), await createOffer(db, { businessId: businesses[1]!.id, type: "Gift", description: "A free bag" })];
  const events = [await createEvent(db, { location: businesses[0]!.id, name: "Tasting" }), await createEvent(db, { location: businesses[2]!.id, name: "Repair cafe" })];
  const response = await t.request("/api/v1/insights?days=1", { cookie: admin.cookie });
  const today = ((await response.json()) as InsightOverview).to;
  // Counts spread over the last 400 days (and one day ahead, which no period holds yet), every kind.
  const counts = [];
  const missed = [];
  for (let back = -1; back < 400; back++) {
    const day = dayBefore(today, back);
    businesses.forEach((b, i) => {
      if ((back + i) % 3 === 0) counts.push({ subjectId: b.id, day, kind: "view", count: 1 + ((back * 7 + i) % 11) });
      if ((back + i) % 5 === 0) counts.push({ subjectId: b.id, day, kind: "search", count: 2 });
    });
    if (back % 4 === 0) counts.push({ subjectId: offers[back % 8 === 0 ? 0 : 1]!.id, day, kind: "offer-view", count: 1 + (back % 6) });
    if (back % 6 === 1) counts.push({ subjectId: events[back % 12 === 1 ? 0 : 1]!.id, day, kind: "event-view", count: 1 + (back % 5) });
    if (back % 9 === 0) missed.push({ day, query: ["vegan pizza", "bike repair", "=sum(1)"][(back / 9) % 3]!, count: 1 + (back % 4) });
  }
  for (let i = 0; i < counts.length; i += 200) await db.insertInto("insight_count").values(counts.slice(i, i + 200)).execute();
  await db.insertInto("insight_missed_search").values(missed).execute();
  // The rows were there before the totals: the migration fills them.
  const groups = insightGroupTotals(t.database.dialect);
  await groups.down(db);
  const migration = insightTotals(t.database.dialect);
  await migration.down(db);
  await migration.up(db);
  await groups.up(db);
  return { businesses, categories, tags, offers, events, today };
});

/** What the overview showed before the totals: every daily count of the period added up. */
async function straightSum(from: string, to: string): Promise<Pick<InsightOverview, "visits" | "tables">> {
  const db = t.database.db;
  const rows = await db
    .selectFrom("insight_count")
    .select(["day", sql<number>`sum(count)`.as("count")])
    .where("kind", "in", ["view", "offer-view", "event-view"])
    .where("day", ">=", from)
    .where("day", "<=", to)
    .groupBy("day")
    .execute();
  const byDay = new Map(rows.map((r) => [r.day, Number(r.count)]));
  const days = Array.from({ length: Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1 }, (_, i) => dayBefore(to, Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) - i));
  const daily = new InsightOverviewRepository(db);
  const tables = Object.fromEntries(await Promise.all(OVERVIEW_TABLE_NAMES.map(async (table) => [table, await daily.ranked(table, { from, to }, 20)] as const)));
  return { visits: days.map((d) => byDay.get(d) ?? 0), tables: tables as InsightOverview["tables"] };
}

async function expectSameAsStraightSum() {
  for (const days of PERIODS) {
    const response = await t.request(`/api/v1/insights?days=${days}`, { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const figures = (await response.json()) as InsightOverview;
    expect({ days, visits: figures.visits, tables: figures.tables }).toEqual({ days, ...(await straightSum(figures.from, figures.to)) });
    // The first few only, where those after them are left out by their count alone.
    const repository = new InsightOverviewRepository(t.database.db);
    for (const table of OVERVIEW_TABLE_NAMES) {
      const period = { from: figures.from, to: figures.to };
      expect({ days, table, rows: await repository.ranked(table, { ...period, window: days }, 2) }).toEqual({ days, table, rows: await repository.ranked(table, period, 2) });
    }
  }
}

describe("the overview's totals", () => {
  it("answers as the daily counts added up, once the migration filled the totals from them", async () => {
    const figures = (await (await t.request("/api/v1/insights?days=365", { cookie: admin.cookie })).json()) as InsightOverview;
    expect(figures.tables.businesses.length).toBe(6);
    expect(figures.tables["missed-searches"].map((r) => r.name).sort()).toEqual(["=sum(1)", "bike repair", "vegan pizza"]);
    await expectSameAsStraightSum();
  });

  it("stays the same as the daily counts after counts arrive from two instances at once", async () => {
    const { businesses, offers, events } = world;
    for (const address of ["192.0.2.1", "192.0.2.2"]) {
      const events_ = [{ kind: "view", id: businesses[5]!.id }, { kind: "offer-view", id: offers[1]!.id }, { kind: "event-view", id: events[0]!.id }, { kind: "no-results", query: "late night bakery" }];
      await t.app.request("/api/v1/insights/hits", { method: "POST", body: JSON.stringify({ events: events_ }), headers: { ...BROWSER, "X-Forwarded-For": address } });
    }
    // A second instance: its own counter, writing to the same database at the same moment.
    const other = new InsightCounter({ repository: new InsightRepository(t.database.db, new InsightTotalsRepository(t.database.db, t.database.dialect)), timeZone: async () => (await t.services.siteSettings.get()).timeZone });
    await other.prepare();
    other.record([{ kind: "view", id: businesses[0]!.id }, { kind: "no-results", query: "late night bakery" }], { address: "192.0.2.9", userAgent: "test", site: "niche" });
    await Promise.all([t.services.insightCounter.flush(), other.flush(), t.services.insightOverview.keepTotals()]);
    const figures = (await (await t.request("/api/v1/insights?days=30", { cookie: admin.cookie })).json()) as InsightOverview;
    expect(figures.tables["missed-searches"]).toContainEqual({ name: "late night bakery", count: 3 });
    await expectSameAsStraightSum();
  });

  it("leaves a deleted business out, as before, and keeps the day's page views it had", async () => {
    const gone = world.businesses[1]!;
    expect((await t.request(`/api/v1/businesses/${gone.id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(204);
    const figures = (await (await t.request("/api/v1/insights?days=90", { cookie: admin.cookie })).json()) as InsightOverview;
    expect(figures.tables.businesses.map((r) => r.name)).not.toContain(gone.name);
    await expectSameAsStraightSum();
  });

  it("counts a business's page views in its category and tags of today, whichever way they changed", async () => {
    const db = t.database.db;
    const { businesses, categories, tags } = world;
    const [a, , c, d] = businesses;
    // An administrator moves a business to the other category and gives it the other tag only.
    const put = await t.request(`/api/v1/businesses/${a!.id}`, {
      method: "PUT",
      cookie: admin.cookie,
      json: { name: a!.name, lat: a!.lat, lng: a!.lng, categoryId: categories[1]!.id, tags: [tags[1]!.id] },
    });
    expect(put.status).toBe(200);
    let figures = (await (await t.request("/api/v1/insights?days=365", { cookie: admin.cookie })).json()) as InsightOverview;
    expect(figures.tables.categories.map((r) => r.name).sort()).toEqual(["Bakeries", "Hardware"]);
    await expectSameAsStraightSum();
    // Written by any code or tool: a tag added and one taken away, a category changed, a new category and business.
    const bikes = await createCategory(db, { name: "Bikes" });
    await db.insertInto("business_tag").values({ businessId: c!.id, tagId: tags[1]!.id }).execute();
    await db.deleteFrom("business_tag").where("businessId", "=", d!.id).execute();
    await db.updateTable("business").set({ categoryId: bikes.id }).where("id", "=", d!.id).execute();
    await createBusiness(db, { name: "Shop new", categoryId: bikes.id, tagIds: [tags[0]!.id] });
    figures = (await (await t.request("/api/v1/insights?days=90", { cookie: admin.cookie })).json()) as InsightOverview;
    expect(figures.tables.categories.map((r) => r.name)).toContain("Bikes");
    await expectSameAsStraightSum();
    // Counts arriving while a business changes category, from another instance's write at the same moment.
    t.services.insightCounter.record([{ kind: "view", id: c!.id }], { address: "192.0.2.20", userAgent: "test", site: "niche" });
    await Promise.all([t.services.insightCounter.flush(), db.updateTable("business").set({ categoryId: categories[1]!.id }).where("id", "=", c!.id).execute(), t.services.insightOverview.keepTotals()]);
    await expectSameAsStraightSum();
    // A deleted tag leaves its businesses; a deleted category leaves its businesses without one.
    await db.deleteFrom("tag").where("id", "=", tags[0]!.id).execute();
    await db.deleteFrom("category").where("id", "=", bikes.id).execute();
    figures = (await (await t.request("/api/v1/insights?days=30", { cookie: admin.cookie })).json()) as InsightOverview;
    expect(figures.tables.tags.map((r) => r.name)).not.toContain("Gluten free");
    await expectSameAsStraightSum();
    const kept = await db.selectFrom("insight_tag_total").select(["tagId", "count"]).where("tagId", "=", tags[0]!.id).where("count", "<>", 0).execute();
    expect(kept).toEqual([]);
  });

  it("stays exact when counts, moves of the periods and changes of category and tags run at the same moment", async () => {
    const db = t.database.db;
    const { categories } = world;
    const zone = async () => (await t.services.siteSettings.get()).timeZone;
    const businesses = await db.selectFrom("business").select("id").orderBy("name").execute();
    const tags = await db.selectFrom("tag").select("id").orderBy("name").execute();
    const noon = Date.parse(`${world.today}T12:00:00Z`);
    for (let round = 0; round < 6; round++) {
      const views = businesses.map((b) => ({ kind: "view" as const, id: b.id }));
      t.services.insightCounter.record(views, { address: `192.0.2.${100 + round}`, userAgent: "test", site: "niche" });
      const other = new InsightCounter({ repository: new InsightRepository(db, new InsightTotalsRepository(db, t.database.dialect)), timeZone: zone });
      await other.prepare();
      other.record(views.slice(round % 3), { address: `198.51.100.${round}`, userAgent: "test", site: "niche" });
      // Another instance whose clock has moved a day on (or back), moving the periods while the rest writes.
      const mover = new InsightOverviewService({ repository: new InsightOverviewRepository(db), totals: new InsightTotalsRepository(db, t.database.dialect), timeZone: zone, now: () => new Date(noon + (round % 2 === 0 ? 1 : -1) * DAY_MS) });
      await Promise.all([
        t.services.insightCounter.flush(),
        other.flush(),
        mover.keepTotals(),
        // Several businesses in one transaction: each changes category and swaps its tags.
        db.transaction().execute(async (trx) => {
          for (const b of businesses.slice(round % 2, (round % 2) + 3)) {
            await trx.updateTable("business").set({ categoryId: categories[round % 2]!.id }).where("id", "=", b.id).execute();
            await trx.deleteFrom("business_tag").where("businessId", "=", b.id).execute();
            if (tags.length > 0) await trx.insertInto("business_tag").values({ businessId: b.id, tagId: tags[round % tags.length]!.id }).execute();
          }
        }),
        db.updateTable("business").set({ categoryId: categories[(round + 1) % 2]!.id }).where("id", "=", businesses[4]!.id).execute(),
      ]);
    }
    await expectSameAsStraightSum();
  });

  it("moves each period as the days go by, or the site's clock moves back, and the hourly job keeps them moved", async () => {
    const db = t.database.db;
    const adminUser = { id: "admin", email: "admin@example.org", displayName: "Admin", photoURL: null, role: "admin", emailVerified: true } as CurrentUser;
    const zone = async () => (await t.services.siteSettings.get()).timeZone;
    const noon = Date.parse(`${world.today}T12:00:00Z`);
    for (const shift of [1, 2, 45, -1, 400, 0]) {
      const service = new InsightOverviewService({ repository: new InsightOverviewRepository(db), totals: new InsightTotalsRepository(db, t.database.dialect), timeZone: zone, now: () => new Date(noon + shift * DAY_MS) });
      for (const days of PERIODS) {
        const figures = await service.overview(adminUser, { days: String(days) });
        expect({ shift, days, visits: figures.visits, tables: figures.tables }).toEqual({ shift, days, ...(await straightSum(figures.from, figures.to)) });
      }
    }
    const later = new InsightOverviewService({ repository: new InsightOverviewRepository(db), totals: new InsightTotalsRepository(db, t.database.dialect), timeZone: zone, now: () => new Date(noon + 3 * DAY_MS) });
    await later.keepTotals();
    const windows = await db.selectFrom("insight_window").select(["days", "firstDay"]).orderBy("days").execute();
    expect(windows).toEqual(PERIODS.map((days) => ({ days, firstDay: dayBefore(dayBefore(world.today, -3), days - 1) })));
  });
});
