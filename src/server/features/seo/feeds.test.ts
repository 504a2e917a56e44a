// The news feed as a feed reader and a namespace-aware XML parser read it.
import { describe, expect, it } from "vitest";
import { JSDOM } from "jsdom";
import { parseFeed } from "@rowanmanning/feed-parser";
import { buildPost } from "#server/db/factories.ts";
import { PostSchema } from "#shared/schemas/post.ts";
import { getFixedT } from "#shared/i18n/index.ts";
import type { EventWithLocation } from "#shared/event-location.ts";
import { eventsFeed, newsFeed } from "./feeds.ts";

const options = { siteUrl: "https://downtown.example", associationName: "Downtown", images: new Map(), language: "en" as const, t: await getFixedT("en", "public") };

describe("the news feed", () => {
  it("declares the Dublin Core prefix of its authors when no post has content", () => {
    const post = PostSchema.parse(buildPost({ title: "Only a title", content: "", authorDisplayName: "Pat Lee" }));
    const text = newsFeed([post], () => "", options);
    const document = new JSDOM(text, { contentType: "application/xml" }).window.document;
    expect([...document.getElementsByTagNameNS("http://purl.org/dc/elements/1.1/", "creator")].map((e) => e.textContent)).toEqual(["Pat Lee"]);
    expect(parseFeed(text).items[0]!.authors.map((a) => a.name)).toEqual(["Pat Lee"]);
  });
});

describe("the events feed in French", () => {
  const base = { description: null, location: "outdoor", outdoorLocationDescription: null, ticketsLink: null, endDate: null, allDay: false, sequence: 0, previousStartDate: null, imageUrl: null };
  const event = (id: string, fields: Partial<EventWithLocation>): EventWithLocation => ({
    ...base,
    id,
    name: id,
    eventDate: "2031-12-04T23:00:00.000Z",
    recurrenceRule: null,
    occurrenceDate: null,
    cancelled: false,
    createdAt: "2031-01-01T00:00:00.000Z",
    lastUpdatedAt: "2031-01-01T00:00:00.000Z",
    locationText: "Outdoor Event",
    business: null,
    ...fields,
  });

  it("says a cancelled date, the date and a place it cannot name in French, and links to the French date's page", async () => {
    const t = await getFixedT("fr", "public");
    const text = eventsFeed([event("Marche", { recurrenceRule: "FREQ=WEEKLY", occurrenceDate: "2031-12-04", cancelled: true })], {
      ...options,
      language: "fr",
      t,
      timeZone: "America/Toronto",
    });
    const [item] = parseFeed(text).items;
    expect(item!.title).toBe("Annulé : Marche (jeudi 4 décembre 2031, 18 h HNE)");
    expect(item!.description).toBe("jeudi 4 décembre 2031, 18 h HNE. Événement extérieur.");
    expect(item!.url).toBe("https://downtown.example/fr/events/Marche/2031-12-04");
    expect(parseFeed(text).language).toBe("fr");
  });
});
