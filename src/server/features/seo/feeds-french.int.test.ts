// The feeds and calendars in French, below /fr/, read by a feed reader (@rowanmanning/feed-parser) and a calendar
// parser (node-ical): their own words and dates in French, their links to the French pages, and none of them when
// the association turns French off.
import { describe, expect, it } from "vitest";
import { parseFeed } from "@rowanmanning/feed-parser";
import ical, { type VCalendar, type VEvent } from "node-ical";
import { ORIGIN, setUpTestApp } from "#tests/setup/app.ts";
import { createBusiness, createEvent, createPost } from "#server/db/factories.ts";

const t = setUpTestApp();

const calendarOf = (text: string) => {
  const parts = Object.values(ical.sync.parseICS(text));
  return {
    calendar: parts.find((c) => c?.type === "VCALENDAR") as VCalendar | undefined,
    events: parts.filter((c) => c?.type === "VEVENT") as VEvent[],
    name: /^X-WR-CALNAME:(.*)$/m.exec(text)?.[1]?.trim(),
  };
};

describe("the feeds and calendars in French", () => {
  it("/fr/news/feed.xml and /fr/events/feed.xml have French titles and dates and link to the French pages", async () => {
    const post = await createPost(t.database.db, { title: "Nouvelles du quartier" });
    const venue = await createBusiness(t.database.db, { name: "Salle Feuillet" });
    // 2 July 2031, 18:00 in Toronto.
    const event = await createEvent(t.database.db, { name: "Soirée jazz", location: venue.id, eventDate: "2031-07-02T22:00:00.000Z" });

    const newsResponse = await t.request("/fr/news/feed.xml");
    expect(newsResponse.status).toBe(200);
    expect(newsResponse.headers.get("content-type")).toContain("application/rss+xml");
    const news = parseFeed(await newsResponse.text());
    expect(news.title).toMatch(/ : nouvelles$/);
    expect(news.language).toBe("fr");
    expect(news.url).toBe(`${ORIGIN}/fr/news`);
    expect(news.items.find((item) => item.title === post.title)!.url).toBe(`${ORIGIN}/fr/news/${post.id}`);

    const events = parseFeed(await (await t.request("/fr/events/feed.xml")).text());
    expect(events.title).toMatch(/ : événements à venir$/);
    expect(events.url).toBe(`${ORIGIN}/fr/events`);
    const item = events.items.find((i) => i.title?.startsWith(event.name))!;
    expect(item.title).toBe("Soirée jazz (mercredi 2 juillet 2031, 18 h HAE)");
    expect(item.url).toBe(`${ORIGIN}/fr/events/${event.id}`);
    expect(item.description).toContain("Salle Feuillet");

    // The English feeds are as they were.
    const english = parseFeed(await (await t.request("/events/feed.xml")).text());
    expect(english.title).toMatch(/: Upcoming events$/);
    expect(english.items.find((i) => i.title?.startsWith(event.name))!.title).toBe("Soirée jazz (Wednesday, July 2, 2031, 6:00 PM EDT)");
  });

  it("/fr/events.ics, a business's and an event's calendar say their words in French and link to the French pages", async () => {
    const venue = await createBusiness(t.database.db, { name: "Café Calendrier" });
    const event = await createEvent(t.database.db, {
      name: "Atelier",
      location: venue.id,
      eventDate: new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString(),
      ticketsLink: "https://billets.example/atelier",
    });

    const site = calendarOf(await (await t.request("/fr/events.ics")).text());
    expect(site.name).toMatch(/^Événements – /);
    const inSite = site.events.find((e) => e.summary === "Atelier")!;
    expect(inSite.url).toMatchObject({ val: `${ORIGIN}/fr/events/${event.id}` });
    expect(inSite.description).toContain("Billets : https://billets.example/atelier");
    expect(inSite.uid).toBe(`${event.id}@localhost:3000`);

    const business = await t.request(`/fr/business/${venue.id}/events.ics`);
    expect(business.status).toBe(200);
    expect(business.headers.get("content-type")).toContain("text/calendar");
    const ofBusiness = calendarOf(await business.text());
    expect(ofBusiness.name).toBe("Événements – Café Calendrier");
    expect(ofBusiness.events.map((e) => e.summary)).toEqual(["Atelier"]);

    const single = await t.request(`/fr/events/${event.id}.ics`);
    expect(single.status).toBe(200);
    const one = calendarOf(await single.text());
    expect(one.events[0]!.url).toMatchObject({ val: `${ORIGIN}/fr/events/${event.id}` });
    expect(one.calendar?.prodid).toMatch(/\/\/FR$/);

    // In English, as before.
    const english = calendarOf(await (await t.request(`/business/${venue.id}/events.ics`)).text());
    expect(english.name).toBe("Café Calendrier events");
    expect(english.events[0]!.description).toContain("Tickets: https://billets.example/atelier");
    expect(english.events[0]!.url).toMatchObject({ val: `${ORIGIN}/events/${event.id}` });
  });

  it("are not there while the association has French turned off, and the English ones still are", async () => {
    const admin = (await t.signIn("admin")).cookie;
    const current = await (await t.request("/api/v1/site-settings", { cookie: admin })).json();
    const settings = (languages: string[]) => t.request("/api/v1/site-settings", { method: "PUT", json: { ...current, languages, defaultLanguage: "en" }, cookie: admin });
    const venue = await createBusiness(t.database.db, { name: "Salle Éteinte" });
    const event = await createEvent(t.database.db, { name: "Concert", location: venue.id });
    const french = ["/fr/news/feed.xml", "/fr/events/feed.xml", "/fr/events.ics", `/fr/business/${venue.id}/events.ics`, `/fr/events/${event.id}.ics`];
    expect((await settings(["en"])).status).toBe(200);
    try {
      for (const path of french) expect([path, (await t.request(path)).status]).toEqual([path, 404]);
      for (const path of french.map((p) => p.slice("/fr".length))) expect([path, (await t.request(path)).status]).toEqual([path, 200]);
    } finally {
      expect((await settings(["en", "fr"])).status).toBe(200);
    }
    expect((await t.request("/fr/events.ics")).status).toBe(200);
  });
});
