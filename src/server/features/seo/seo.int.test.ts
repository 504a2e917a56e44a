import { describe, expect, it } from "vitest";
import ical, { type VEvent } from "node-ical";
import { ORIGIN, setUpTestApp } from "#tests/setup/app.ts";
import { createBusiness, createCategory, createEvent, createTag } from "#server/db/factories.ts";

const t = setUpTestApp();

const DAY = 24 * 60 * 60 * 1000;

describe("files for search engines and calendar apps", () => {
  it("robots.txt points at the sitemap", async () => {
    const response = await t.request("/robots.txt");
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain("User-agent: *");
    expect(body).toContain("Disallow: /admin");
    expect(body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it("the sitemap lists home, events, offers and every business, tag and category page", async () => {
    const category = await createCategory(t.database.db, { name: "Arts & Crafts" });
    const tag = await createTag(t.database.db, { name: "BBQ" });
    const business = await createBusiness(t.database.db, { name: "Sitemap Shop", categoryId: category.id, tagIds: [tag.id] });
    const response = await t.request("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/xml");
    const body = await response.text();
    const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      expect.arrayContaining([
        `${ORIGIN}/`,
        `${ORIGIN}/events`,
        `${ORIGIN}/offers`,
        `${ORIGIN}/business/${business.id}`,
        `${ORIGIN}/category/arts-crafts`,
        `${ORIGIN}/tag/bbq`,
      ]),
    );
  });

  it("each event has an .ics file and /events.ics holds upcoming events and those of the last 30 days", async () => {
    const venue = await createBusiness(t.database.db, { name: "Calendar Hall", address: "1 Queen St, Niagara Falls" });
    const start = new Date(Math.round((Date.now() + 3 * DAY) / 1000) * 1000);
    const soon = await createEvent(t.database.db, {
      name: "Jazz, Wine; and \\ Friends",
      location: venue.id,
      eventDate: start.toISOString(),
      endDate: new Date(start.getTime() + 3 * 60 * 60 * 1000).toISOString(),
      description: `A long evening of music. ${"Très bien! ".repeat(20)}`,
      ticketsLink: "https://tickets.example/jazz",
    });
    const outdoor = await createEvent(t.database.db, { name: "Street Fair", outdoorLocationDescription: "Queen Street" });
    const recent = await createEvent(t.database.db, { name: "Recent Fair", eventDate: new Date(Date.now() - 3 * DAY).toISOString() });
    const old = await createEvent(t.database.db, { name: "Old Fair", eventDate: new Date(Date.now() - 40 * DAY).toISOString() });
    // 23 December 2026 all day in Toronto: stored as an instant late in the evening, which is the 24th in UTC.
    const allDay = await createEvent(t.database.db, { name: "Holiday Market", allDay: 1, eventDate: "2026-12-24T03:00:00.000Z" });

    const single = await t.request(`/events/${soon.id}.ics`);
    expect(single.status).toBe(200);
    expect(single.headers.get("content-type")).toContain("text/calendar");
    const text = await single.text();
    expect(text).toMatch(/\r\n/);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/\n/);
    expect(text.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const [vevent] = Object.values(ical.sync.parseICS(text)).filter((c) => c?.type === "VEVENT") as VEvent[];
    expect(vevent!.summary).toBe("Jazz, Wine; and \\ Friends");
    expect(vevent!.location).toBe("Calendar Hall, 1 Queen St, Niagara Falls");
    expect(vevent!.start.getTime()).toBe(start.getTime());
    expect(vevent!.end!.getTime()).toBe(start.getTime() + 3 * 60 * 60 * 1000);
    expect(vevent!.description).toContain("Très bien!");
    expect(vevent!.description).toContain("Tickets: https://tickets.example/jazz");
    expect(vevent!.uid).toBe(`${soon.id}@localhost:3000`);
    expect(vevent!.url).toMatchObject({ val: `${ORIGIN}/events/${soon.id}` });

    const feed = await t.request("/events.ics");
    expect(feed.status).toBe(200);
    const events = Object.values(ical.sync.parseICS(await feed.text())).filter((c) => c?.type === "VEVENT") as VEvent[];
    const names = events.map((e) => e.summary);
    expect(names).toEqual(expect.arrayContaining([soon.name, outdoor.name, recent.name, allDay.name]));
    expect(names).not.toContain(old.name);
    expect(events.find((e) => e.summary === "Street Fair")?.location).toBe("Queen Street");
    const market = events.find((e) => e.summary === "Holiday Market")!;
    expect(market.datetype).toBe("date");
    expect([market.start.getFullYear(), market.start.getMonth(), market.start.getDate()]).toEqual([2026, 11, 23]);

    expect((await t.request("/events/doesnotexist0000000.ics")).status).toBe(404);
  });

  it("a changed event keeps its UID and raises its SEQUENCE; a business's calendar holds only its events", async () => {
    const cookie = (await t.signIn("admin")).cookie;
    const venue = await createBusiness(t.database.db, { name: "Sequence Hall" });
    const body = { name: "Choir", eventDate: new Date(Date.now() + 5 * DAY).toISOString(), location: venue.id };
    const created = await (await t.request("/api/v1/events", { method: "POST", json: body, cookie })).json();
    const elsewhere = await createEvent(t.database.db, { name: "Elsewhere" });
    const read = async (path: string) =>
      (Object.values(ical.sync.parseICS(await (await t.request(path)).text())).filter((c) => c?.type === "VEVENT") as VEvent[]);
    const before = (await read(`/business/${venue.id}/events.ics`)).find((e) => e.summary === "Choir")!;
    expect(Number(before.sequence)).toBe(0);
    await t.request(`/api/v1/events/${created.id}`, { method: "PUT", json: { ...body, name: "Choir Concert" }, cookie });
    const business = await read(`/business/${venue.id}/events.ics`);
    expect(business.map((e) => e.summary)).toEqual(["Choir Concert"]);
    expect(business.map((e) => e.summary)).not.toContain(elsewhere.name);
    expect(business[0]!.uid).toBe(before.uid);
    expect(Number(business[0]!.sequence)).toBe(1);
    expect(business[0]!.dtstamp.getTime()).toBeGreaterThanOrEqual(before.dtstamp.getTime());
    expect((await t.request("/business/doesnotexist000000000/events.ics")).status).toBe(404);
  });
});
