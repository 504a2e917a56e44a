// The news and events feeds, read as a feed reader would (@rowanmanning/feed-parser), and the sitemap's item pages.
import { describe, expect, it } from "vitest";
import { parseFeed } from "@rowanmanning/feed-parser";
import { JSDOM } from "jsdom";
import { ORIGIN, setUpTestApp } from "#tests/setup/app.ts";
import { createBusiness, createEvent, createOffer, createPage, createPost } from "#server/db/factories.ts";

const t = setUpTestApp();

const DAY = 24 * 60 * 60 * 1000;

describe("feeds and the sitemap", () => {
  it("/news/feed.xml holds the posts newest first, each linking to its page with its author and an excerpt", async () => {
    const older = await createPost(t.database.db, { title: "Older news", datetime: new Date(Date.now() - 2 * DAY).toISOString(), authorDisplayName: "Pat Lee" });
    const newer = await createPost(t.database.db, {
      title: "Newer news & <views>",
      datetime: new Date(Date.now() - DAY).toISOString(),
      content: `<p>Hello <strong>downtown</strong>.</p><script>alert(1)</script>${"<p>More.</p>".repeat(60)}`,
    });
    const response = await t.request("/news/feed.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/rss+xml");
    const feed = parseFeed(await response.text());
    expect(feed.title).toContain("News");
    const titles = feed.items.map((item) => item.title);
    expect(titles.indexOf(newer.title)).toBeLessThan(titles.indexOf(older.title));
    const item = feed.items.find((i) => i.title === newer.title)!;
    expect(item.url).toBe(`${ORIGIN}/news/${newer.id}`);
    expect(item.content).toContain("<strong>downtown</strong>");
    expect(item.content).not.toContain("<script");
    expect(item.description!.length).toBeLessThanOrEqual(203);
    expect(feed.items.find((i) => i.title === older.title)!.authors.map((a) => a.name)).toEqual(["Pat Lee"]);
  });

  it("/news/feed.xml names each post's author as its Dublin Core creator, RSS's <author> being an email address", async () => {
    const authored = await createPost(t.database.db, { title: "Authored news", authorDisplayName: "Sam O'Neil & Partners" });
    const anonymous = await createPost(t.database.db, { title: "Unsigned news", authorDisplayName: null });
    const text = await (await t.request("/news/feed.xml")).text();
    // Read as XML with its namespaces: a prefix the feed does not declare would not parse.
    const document = new JSDOM(text, { contentType: "application/xml" }).window.document;
    const items = [...document.getElementsByTagName("item")];
    const itemOf = (id: string) => items.find((item) => item.getElementsByTagName("link")[0]?.textContent === `${ORIGIN}/news/${id}`)!;
    const creators = (item: Element) => [...item.getElementsByTagNameNS("http://purl.org/dc/elements/1.1/", "creator")].map((e) => e.textContent);
    expect(creators(itemOf(authored.id))).toEqual(["Sam O'Neil & Partners"]);
    expect(creators(itemOf(anonymous.id))).toEqual([]);
    expect(document.getElementsByTagName("author")).toHaveLength(0);
    // A feed reader takes it for the item's author.
    const feed = parseFeed(text);
    expect(feed.items.find((i) => i.title === authored.title)!.authors.map((a) => a.name)).toEqual(["Sam O'Neil & Partners"]);
  });

  it("/events/feed.xml holds the upcoming events soonest first, saying when in the site's time zone and where", async () => {
    const venue = await createBusiness(t.database.db, { name: "Feed Hall" });
    // 2 July 2031, 18:00 in Toronto.
    const first = await createEvent(t.database.db, { name: "Feed First", location: venue.id, eventDate: "2031-07-02T22:00:00.000Z" });
    const second = await createEvent(t.database.db, { name: "Feed Second", eventDate: "2031-07-03T22:00:00.000Z" });
    const past = await createEvent(t.database.db, { name: "Feed Past", eventDate: new Date(Date.now() - DAY).toISOString() });
    const feed = parseFeed(await (await t.request("/events/feed.xml")).text());
    const titles = feed.items.map((item) => item.title ?? "");
    const at = (name: string) => titles.findIndex((title) => title.startsWith(name));
    expect(at(first.name)).toBeGreaterThanOrEqual(0);
    expect(at(first.name)).toBeLessThan(at(second.name));
    expect(at(past.name)).toBe(-1);
    const item = feed.items[at(first.name)]!;
    expect(item.title).toBe("Feed First (Wednesday, July 2, 2031, 6:00 PM EDT)");
    expect(item.url).toBe(`${ORIGIN}/events/${first.id}`);
    expect(item.description).toContain("Feed Hall");
  });

  it("each feed's images are enclosures that give the size in bytes and the type of the file served at their address", async () => {
    const image = (name: string, size: number) =>
      t.services.files.save({ fullPath: `feeds/${name}.webp`, body: new Uint8Array(size).fill(7), contentType: "image/webp" });
    const [eventImage, postImage] = await Promise.all([image("event", 1234), image("post", 4321)]);
    const event = await createEvent(t.database.db, { name: "Pictured Event", eventDate: "2031-08-01T22:00:00.000Z", imageUrl: eventImage.url, imageStoragePath: eventImage.fullPath });
    const post = await createPost(t.database.db, { title: "Pictured Post", imageUrl: postImage.url });
    const enclosures = async (feedPath: string, link: string) => {
      const feed = parseFeed(await (await t.request(feedPath)).text());
      return feed.items.find((item) => item.url === link)!.media;
    };
    for (const [media, expected] of [
      [await enclosures("/events/feed.xml", `${ORIGIN}/events/${event.id}`), 1234],
      [await enclosures("/news/feed.xml", `${ORIGIN}/news/${post.id}`), 4321],
    ] as const) {
      expect(media).toHaveLength(1);
      const [enclosure] = media;
      expect(enclosure).toMatchObject({ length: expected, mimeType: "image/webp" });
      const served = await t.request(new URL(enclosure!.url).pathname);
      expect(served.status).toBe(200);
      expect((await served.arrayBuffer()).byteLength).toBe(enclosure!.length);
    }
  });

  it("/events/feed.xml dates an owner's event when an administrator approved it, and keeps that date when it changes later", async () => {
    const admin = await t.signIn("admin");
    const venue = await createBusiness(t.database.db, { name: "Approval Hall" });
    const owner = await t.signIn("business");
    await t.request(`/api/v1/businesses/${venue.id}/owners`, { method: "POST", json: { email: owner.user.email }, cookie: admin.cookie });
    const values = { name: "Approved Later", eventDate: "2031-09-01T22:00:00.000Z", location: venue.id };
    const proposed = await t.request("/api/v1/events", { method: "POST", json: values, cookie: owner.cookie });
    expect(proposed.status).toBe(202);
    const { requestId } = (await proposed.json()) as { requestId: string };
    // RSS dates are to the second: the approval comes a second after the request, so the two cannot be taken for each other.
    const asked = new Date();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const approvedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
    expect((await t.request(`/api/v1/requests/${requestId}/approve`, { method: "POST", json: {}, cookie: admin.cookie })).status).toBe(200);
    const { id } = await t.database.db.selectFrom("event").select("id").where("name", "=", values.name).executeTakeFirstOrThrow();
    const pubDate = async () => {
      const feed = parseFeed(await (await t.request("/events/feed.xml")).text());
      return feed.items.find((item) => item.url === `${ORIGIN}/events/${id}`)!.published!;
    };
    const published = await pubDate();
    expect(published.getTime()).toBeGreaterThanOrEqual(approvedAt.getTime());
    expect(published.getTime()).toBeGreaterThan(asked.getTime());
    // A change a second later moves the event's last update, not when it was published.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await t.request(`/api/v1/events/${id}`, { method: "PUT", json: { ...values, name: "Approved Later, Renamed" }, cookie: admin.cookie })).status).toBe(200);
    expect(await pubDate()).toEqual(published);
  });

  it("the sitemap lists the pages of events, current offers, posts and public pages with their last change", async () => {
    const event = await createEvent(t.database.db, { name: "Mapped" });
    const series = await createEvent(t.database.db, { name: "Mapped weekly", recurrenceRule: "FREQ=WEEKLY" });
    const page = await createPage(t.database.db, { name: "Mapped page", permission: "public" });
    const membersOnly = await createPage(t.database.db, { name: "Members page", permission: "user" });
    const offer = await createOffer(t.database.db, { description: "Mapped offer" });
    const ended = await createOffer(t.database.db, { description: "Ended offer", validUntil: "2020-01-01" });
    const post = await createPost(t.database.db, { title: "Mapped post" });
    const body = await (await t.request("/sitemap.xml")).text();
    for (const [path, lastmod] of [
      [`/events/${event.id}`, event.lastUpdatedAt],
      [`/offers/${offer.id}`, offer.lastUpdatedAt],
      [`/news/${post.id}`, post.lastUpdatedAt],
      [`/pages/${page.slug}`, page.lastUpdatedAt],
    ]) {
      // Each with its address in every language after it (sitemap.ts).
      expect(body).toContain(`<url><loc>${ORIGIN}${path}</loc><lastmod>${lastmod}</lastmod><xhtml:link rel="alternate" hreflang="en" href="${ORIGIN}${path}"/>`);
    }
    expect(body).toContain(`<loc>${ORIGIN}/news</loc>`);
    // A series is listed once, not once for each of its 52 or so dates.
    expect(body.split(`<loc>${ORIGIN}/events/${series.id}</loc>`)).toHaveLength(2);
    expect(body).not.toContain(`/offers/${ended.id}`);
    expect(body).not.toContain(`/pages/${membersOnly.slug}`);
  });
});
