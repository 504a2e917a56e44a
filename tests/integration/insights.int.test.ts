// Insights end to end through the API: what is counted (and what is not: bots, GPC, DNT, requests no page sent,
// repeated views within 30 minutes), batched writes that two instances add up, the owners' insights and who may read
// them, and the monthly report with its one-click stop.
import { pino } from "pino";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { Temporal } from "temporal-polyfill";
import { createBusiness, createEvent, createOffer } from "#server/db/factories.ts";
import { createMailer } from "#server/mail/mailer.ts";
import type { Insights } from "#shared/schemas/insights.ts";
import { createTestApp, setUp, setUpSignIn, setUpTestApp, type TestApp } from "#tests/setup/app.ts";
import { createTestDatabase, testDialect, type TestDatabase } from "#tests/setup/database.ts";
import { signInOwnerOf } from "#tests/setup/owners.ts";
import { startSmtpReceiver, type SmtpReceiver } from "#tests/setup/smtp-receiver.ts";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const BROWSER = { "User-Agent": CHROME, "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "no-cors", "Content-Type": "text/plain;charset=UTF-8" };

/** Behind a proxy, each visitor is told apart by the address it forwards. */
const PROXIED = { TRUST_PROXY: "true" };
let receiver: SmtpReceiver;
let database: TestDatabase;
const t = setUpTestApp(async () => {
  receiver = await startSmtpReceiver();
  database = await createTestDatabase();
  return { database, env: PROXIED, mailer: createMailer({ smtpUrl: receiver.url, from: "site@example.com", outboxDir: "/nonexistent", logger: pino({ level: "silent" }) }) };
});
afterAll(() => receiver?.close());
afterEach(() => vi.useRealTimers());
const admin = setUpSignIn(t, "admin");
const plainUser = setUpSignIn(t, "user");
const world = setUp(async () => {
  const a = await createBusiness(t.database.db, { name: "Insight A" });
  const b = await createBusiness(t.database.db, { name: "Insight B" });
  const offer = await createOffer(t.database.db, { businessId: a.id, description: "Two for one" });
  const event = await createEvent(t.database.db, { location: a.id, name: "Tasting" });
  return { a, b, offer, event, ownerA: await signInOwnerOf(t, admin.cookie, a.id), ownerB: await signInOwnerOf(t, admin.cookie, b.id) };
});

function hits(app: TestApp, events: unknown, headers: Record<string, string> = {}, address = "203.0.113.5") {
  return app.request("/api/v1/insights/hits", { method: "POST", body: JSON.stringify({ events }), headers: { ...BROWSER, "X-Forwarded-For": address, ...headers } });
}
async function insightsOf(id: string, cookie: string | undefined, query = ""): Promise<Response> {
  return t.request(`/api/v1/businesses/${id}/insights${query}`, { cookie });
}
async function totals(id: string): Promise<Record<string, number>> {
  const response = await insightsOf(id, admin.cookie);
  expect(response.status).toBe(200);
  const body = (await response.json()) as Insights;
  return Object.fromEntries(body.totals.filter((f) => f.total > 0).map((f) => [f.kind, f.total]));
}

/** Both instances write their counts: at the same moment on PostgreSQL; one after the other on SQLite, which serves one instance. */
async function flushBoth(one: TestApp, two: TestApp) {
  if (testDialect === "postgres") await Promise.all([one.services.insightCounter.flush(), two.services.insightCounter.flush()]);
  else for (const app of [one, two]) await app.services.insightCounter.flush();
}

describe("counting", () => {
  it("counts a page's view once within 30 minutes, its clicks each time, and leaves out bots, GPC, DNT and requests no page sent", async () => {
    const { a } = world;
    const view = [{ kind: "view", id: a.id }];
    expect((await hits(t, view)).status).toBe(204);
    expect((await hits(t, [...view, { kind: "website", id: a.id }])).status).toBe(204);
    await hits(t, [{ kind: "phone", id: a.id }]);
    await hits(t, [{ kind: "phone", id: a.id }]);
    // Not counted, though answered alike:
    expect((await hits(t, view, { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }, "198.51.100.1")).status).toBe(204);
    expect((await hits(t, view, { "Sec-GPC": "1" }, "198.51.100.2")).status).toBe(204);
    expect((await hits(t, view, { DNT: "1" }, "198.51.100.3")).status).toBe(204);
    expect((await hits(t, view, { "Sec-Fetch-Site": "cross-site" }, "198.51.100.4")).status).toBe(204);
    expect((await hits(t, view, { "User-Agent": "curl/8.5.0", "Sec-Fetch-Site": "" }, "198.51.100.5")).status).toBe(204);
    await t.services.insightCounter.flush();
    expect(await totals(a.id)).toEqual({ view: 1, website: 1, phone: 2 });
  });

  it("counts the same visitor's view of the page again after 30 minutes, and another visitor's at once", async () => {
    const { b } = world;
    // From noon today on the site's clock, so the half hour never runs into tomorrow, whenever the test runs.
    const { timeZone } = await t.services.siteSettings.get();
    const noon = Temporal.Now.zonedDateTimeISO(timeZone).with({ hour: 12, minute: 0, second: 0, millisecond: 0, microsecond: 0, nanosecond: 0 });
    vi.useFakeTimers({ toFake: ["Date"], now: noon.epochMilliseconds });
    const view = [{ kind: "view", id: b.id }];
    await hits(t, view, {}, "192.0.2.10");
    vi.setSystemTime(Date.now() + 29 * 60_000);
    await hits(t, view, {}, "192.0.2.10");
    await hits(t, view, {}, "192.0.2.11");
    vi.setSystemTime(Date.now() + 2 * 60_000);
    await hits(t, view, {}, "192.0.2.10");
    vi.useRealTimers();
    await t.services.insightCounter.flush();
    expect((await totals(b.id)).view).toBe(3);
  });

  it("refuses malformed batches and unknown kinds with 400, never 5xx, and drops unknown ids", async () => {
    const { a } = world;
    for (const body of ["not json", JSON.stringify({ events: [{ kind: "hover", id: a.id }] }), JSON.stringify({ events: [] }), JSON.stringify({ nothing: 1 }), "x".repeat(20_000)]) {
      const response = await t.request("/api/v1/insights/hits", { method: "POST", body, headers: BROWSER });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { fields: Record<string, string> } }).error.fields.events).toBe("Send up to 50 events, each with a known kind and id.");
    }
    expect((await hits(t, [{ kind: "view", id: "no-such-business" }, { kind: "offer-view", id: a.id }])).status).toBe(204);
    await t.services.insightCounter.flush();
    const rows = await t.database.db.selectFrom("insight_count").select("subjectId").where("subjectId", "=", "no-such-business").execute();
    expect(rows).toEqual([]);
  });

  it("writes many hits in one transaction, and two instances on one database add up", async () => {
    const fresh = await createBusiness(t.database.db, { name: "Busy" });
    const second = await createTestApp({ database: database.reopen(), env: PROXIED });
    try {
      const writesBefore = t.services.insightCounter.writes;
      for (let i = 0; i < 40; i++) await hits(t, [{ kind: "search", id: [fresh.id], query: i % 2 ? "Fresh  Bread" : "coffee" }, { kind: "website", id: fresh.id }], {}, `10.0.0.${i}`);
      for (let i = 0; i < 30; i++) await hits(second, [{ kind: "view", id: fresh.id }, { kind: "list", id: [fresh.id] }], {}, `10.0.1.${i}`);
      await flushBoth(t, second);
      expect(t.services.insightCounter.writes - writesBefore).toBe(1);
      expect(second.services.insightCounter.writes).toBe(1);
      // A second round on both adds to the same daily rows.
      await hits(t, [{ kind: "website", id: fresh.id }]);
      await hits(second, [{ kind: "website", id: fresh.id }]);
      await flushBoth(t, second);
      expect(await totals(fresh.id)).toEqual({ view: 30, search: 40, list: 30, website: 42 });
      const body = (await (await insightsOf(fresh.id, admin.cookie)).json()) as Insights;
      expect(body.searchWords).toEqual([
        { query: "coffee", count: 20 },
        { query: "fresh bread", count: 20 },
      ]);
    } finally {
      await second.close();
    }
  });
});

describe("owners' insights", () => {
  it("answers per-day series, totals against the period before, and offers' and events' views", async () => {
    const { a, offer, event, ownerA } = world;
    await hits(t, [{ kind: "offer-view", id: offer.id }, { kind: "event-view", id: event.id }], {}, "192.0.2.50");
    await t.services.insightCounter.flush();
    const today = (await (await insightsOf(a.id, ownerA.cookie)).json()) as Insights;
    const yesterday = new Date(Date.parse(`${today.to}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await t.database.db.insertInto("insight_count").values({ subjectId: a.id, day: yesterday, kind: "view", count: 4 }).execute();
    const response = await insightsOf(a.id, ownerA.cookie, `?from=${today.to}&to=${today.to}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Insights;
    expect(body.days).toEqual([today.to]);
    expect(body.previousFrom).toBe(yesterday);
    expect(body.series.view).toEqual([1]);
    expect(body.totals.find((f) => f.kind === "view")).toEqual({ kind: "view", total: 1, previous: 4 });
    expect(body.items).toEqual(
      expect.arrayContaining([
        // An offer's type and description apart too, for the owner's page to name its type in its own language.
        { id: offer.id, type: "offer", title: expect.stringContaining("Two for one") as string, offerType: expect.any(String) as string, description: "Two for one", views: 1, previous: 0 },
        { id: event.id, type: "event", title: "Tasting", views: 1, previous: 0 },
      ]),
    );
  });

  it("refuses bad dates beside the field", async () => {
    const { a, ownerA } = world;
    const bad = await insightsOf(a.id, ownerA.cookie, "?from=yesterday");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ from: "Enter a date as YYYY-MM-DD." });
    const backwards = await insightsOf(a.id, ownerA.cookie, "?from=2030-02-01&to=2030-01-01");
    expect(((await backwards.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ from: "The start must be on or before the end, at most 400 days apart." });
  });

  it("is read by the business's owners and administrators only: owner A never sees B's figures", async () => {
    const { a, b, ownerA, ownerB } = world;
    const matrix: [string, string | undefined, number, number][] = [
      ["anonymous", undefined, 401, 401],
      ["user", plainUser.cookie, 403, 403],
      ["owner A", ownerA.cookie, 200, 403],
      ["owner B", ownerB.cookie, 403, 200],
      ["administrator", admin.cookie, 200, 200],
    ];
    for (const [who, cookie, ofA, ofB] of matrix) {
      expect([who, (await insightsOf(a.id, cookie)).status]).toEqual([who, ofA]);
      expect([who, (await insightsOf(b.id, cookie)).status]).toEqual([who, ofB]);
    }
    expect((await insightsOf("no-such-business", admin.cookie)).status).toBe(404);
    expect((await insightsOf("no-such-business", ownerA.cookie)).status).toBe(403);
  });
});

describe("the monthly report", () => {
  it("mails each owner who wants it once a month, with a plain-text part, why they get it and a one-click stop", async () => {
    const { ownerA, ownerB } = world;
    const firstOfMonth = new Date(Date.UTC(2031, 4, 1, 10));
    expect(await t.services.insightReport.send(new Date(Date.UTC(2031, 4, 12, 10)))).toBe(0);
    await t.request("/api/v1/me/notifications", { method: "PUT", json: { insights: "off" }, cookie: ownerB.cookie });
    expect(await t.services.insightReport.send(firstOfMonth)).toBeGreaterThanOrEqual(1);
    expect(await t.services.insightReport.send(firstOfMonth)).toBe(0);
    const mails = receiver.inbox.filter((m) => m.subject.includes("your listing in April 2031"));
    expect(mails.map((m) => m.to).flat()).toContain(ownerA.user.email.toLowerCase());
    expect(mails.map((m) => m.to).flat()).not.toContain(ownerB.user.email.toLowerCase());
    const mail = mails.find((m) => m.to.includes(ownerA.user.email.toLowerCase()))!;
    expect(mail.raw).toContain("text/plain");
    expect(mail.text).toContain("Insight A");
    expect(mail.text).toContain("You get this mail because you own a listing");
    const stop = receiver.linkIn(mail, "http://localhost:3000/insights/stop/");
    const token = stop.split("/").pop()!;
    expect((await t.request(`/api/v1/insights/stop/${token}`, { method: "POST" })).status).toBe(200);
    const preferences = await (await t.request("/api/v1/me/notifications", { cookie: ownerA.cookie })).json();
    expect(preferences).toMatchObject({ insights: "off" });
    expect((await t.request("/api/v1/insights/stop/not-a-token", { method: "POST" })).status).toBe(404);
  });
});
