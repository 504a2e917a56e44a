import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ICAL from "ical.js";
import { createTestApp, ORIGIN, type TestApp } from "../../../../tests/setup/app.ts";
import { createBusiness, createCategory, createEvent, createTag } from "../../db/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

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

  it("each event has an .ics file and /events.ics lists upcoming events; both parse as iCalendar", async () => {
    const venue = await createBusiness(t.database.db, { name: "Calendar Hall", address: "1 Queen St, Niagara Falls" });
    const start = new Date(Math.round((Date.now() + 3 * DAY) / 1000) * 1000);
    const soon = await createEvent(t.database.db, {
      name: "Jazz, Wine; and \\ Friends",
      location: venue.id,
      eventDate: start.toISOString(),
      description: `A long evening of music. ${"Très bien! ".repeat(20)}`,
      ticketsLink: "https://tickets.example/jazz",
    });
    const outdoor = await createEvent(t.database.db, { name: "Street Fair", outdoorLocationDescription: "Queen Street" });
    const past = await createEvent(t.database.db, { name: "Old Fair", eventDate: new Date(Date.now() - 3 * DAY).toISOString() });

    const single = await t.request(`/events/${soon.id}.ics`);
    expect(single.status).toBe(200);
    expect(single.headers.get("content-type")).toContain("text/calendar");
    const text = await single.text();
    expect(text.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const calendar = new ICAL.Component(ICAL.parse(text));
    const [vevent] = calendar.getAllSubcomponents("vevent");
    const event = new ICAL.Event(vevent);
    expect(event.summary).toBe("Jazz, Wine; and \\ Friends");
    expect(event.location).toBe("Calendar Hall");
    expect(event.startDate.toJSDate().getTime()).toBe(start.getTime());
    expect(event.description).toContain("Très bien!");
    expect(event.description).toContain("Tickets: https://tickets.example/jazz");

    const feed = await t.request("/events.ics");
    expect(feed.status).toBe(200);
    const events = new ICAL.Component(ICAL.parse(await feed.text())).getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    const names = events.map((e) => e.summary);
    expect(names).toEqual(expect.arrayContaining([soon.name, outdoor.name]));
    expect(names).not.toContain(past.name);
    expect(events.find((e) => e.summary === "Street Fair")?.location).toBe("Queen Street");

    expect((await t.request("/events/doesnotexist0000000.ics")).status).toBe(404);
  });
});
