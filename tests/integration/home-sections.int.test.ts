// Each home section loads and fails on its own: a table that is really gone breaks only the sections that read it.
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../setup/app.ts";
import { createBusiness, createEvent, createOffer, createPost } from "#server/db/factories.ts";
import { loadHomeSections } from "#web/features/home/home-sections.ts";

let t: TestApp;
let venueId: string;
beforeEach(async () => {
  t = await createTestApp();
  const venue = await createBusiness(t.database.db, { name: "The Venue" });
  venueId = venue.id;
  await createPost(t.database.db, { title: "A post" });
  await createEvent(t.database.db, { name: "At the venue", location: venue.id });
  await createOffer(t.database.db, { businessId: venue.id, businessName: "The Venue" });
});
afterEach(async () => {
  await t.close();
  reported = [];
});

/** Drops a table for real, without cascading deletes into the tables that refer to it. */
async function dropTable(name: string) {
  if (t.database.dialect === "sqlite") {
    await sql`pragma foreign_keys = off`.execute(t.database.db);
    await sql`drop table ${sql.id(name)}`.execute(t.database.db);
  } else {
    await sql`drop table ${sql.id(name)} cascade`.execute(t.database.db);
  }
}

/** The page's load context: the services, and a log that keeps what the sections reported. */
let reported: string[] = [];
function app() {
  return { services: t.services, reportError: (_error: unknown, what: string) => void reported.push(what) };
}

async function settle(sections: ReturnType<typeof loadHomeSections>) {
  const [posts, events, offers, failures] = await Promise.all([sections.posts, sections.events, sections.offers, sections.failures]);
  return { posts, events, offers, failures };
}

describe("home sections", () => {
  it("all load when the database is whole", async () => {
    const home = await settle(loadHomeSections(app()));
    expect(home.failures).toBe("");
    expect(reported).toEqual([]);
    expect(home.posts.ok && home.posts.items.map((p) => p.title)).toEqual(["A post"]);
    expect(home.events.ok && home.events.items[0]?.locationText).toBe("The Venue");
    expect(home.offers.ok && home.offers.items).toHaveLength(1);
  });

  it("posts failing leave events and offers in place", async () => {
    await dropTable("post");
    const home = await settle(loadHomeSections(app()));
    expect(home.failures).toBe("Failed to load posts. ");
    expect(reported).toEqual(["home posts"]);
    expect(home.posts.ok).toBe(false);
    expect(home.events.ok && home.events.items[0]?.name).toBe("At the venue");
    expect(home.offers.ok).toBe(true);
  });

  it("events and offers failing add their sentences to one message", async () => {
    await dropTable("event");
    await dropTable("offer");
    const home = await settle(loadHomeSections(app()));
    expect(home.failures).toBe("Failed to load events. Failed to load offers. ");
    expect(home.posts.ok).toBe(true);
  });

  it("businesses failing keep the events, which then read 'Specific Location'", async () => {
    await dropTable("business");
    const home = await settle(loadHomeSections(app()));
    expect(home.failures).toBe("Failed to load marker locations. ");
    expect(home.events.ok && home.events.items[0]?.locationText).toBe("Specific Location");
    expect(home.offers.ok).toBe(true);
    const located = await t.services.events.withLocations(await t.services.events.upcoming());
    expect(located.locationsFailed).toBe(true);
    expect(venueId).toHaveLength(20);
  });
});
