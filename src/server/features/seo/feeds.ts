// RSS 2.0 feeds, written by the `feed` library: the association's news (/news/feed.xml) and its upcoming events
// (/events/feed.xml), each item linking to its page on the site. A post's author is a name, which RSS's <author> (an
// email address) cannot hold: it is the item's Dublin Core <dc:creator>.
import { Feed } from "feed";
import type { EventWithLocation } from "#shared/event-location.ts";
import type { Post } from "#shared/schemas/post.ts";
import { formatEventWhen } from "#shared/zoned-time.ts";

export interface FeedOptions {
  siteUrl: string;
  associationName: string;
  /** The size and type of the items' images, by their URL as stored (FileService.sizesByUrl). */
  images: ReadonlyMap<string, { size: number; contentType: string }>;
}

/**
 * An item's image as its enclosure, with the file's length in bytes and its type; an image not stored here (so of
 * unknown size) has length 0, as RSS asks.
 */
function enclosure(url: string | null, { siteUrl, images }: FeedOptions) {
  if (!url) return {};
  const file = images.get(url);
  return { image: { url: new URL(url, siteUrl).href, length: file?.size ?? 0, ...(file ? { type: file.contentType } : {}) } };
}

function feed({ siteUrl, associationName }: FeedOptions, { title, path, updated }: { title: string; path: string; updated: Date }) {
  return new Feed({
    id: `${siteUrl}${path}`,
    title,
    link: `${siteUrl}${path}`,
    description: title,
    language: "en",
    updated,
    generator: "Niche",
    copyright: associationName,
    feedLinks: { rss: `${siteUrl}${path}/feed.xml` },
  });
}

const DUBLIN_CORE = "http://purl.org/dc/elements/1.1/";

const latest = (dates: string[]) => new Date(dates.reduce((a, b) => (a > b ? a : b), "1970-01-01T00:00:00.000Z"));

/** `posts`: newest first, with sanitized HTML content; `excerpt(post)` the plain-text summary. */
export function newsFeed(posts: Post[], excerpt: (post: Post) => string, options: FeedOptions): string {
  const out = feed(options, { title: `${options.associationName}: News`, path: "/news", updated: latest(posts.map((p) => p.lastUpdatedAt)) });
  for (const post of posts) {
    const link = `${options.siteUrl}/news/${encodeURIComponent(post.id)}`;
    out.addItem({
      title: post.title,
      id: link,
      link,
      date: new Date(post.datetime),
      description: excerpt(post),
      content: post.content,
      ...(post.authorDisplayName ? { extensions: [{ name: "dc:creator", objects: { _text: post.authorDisplayName } }] } : {}),
      ...enclosure(post.imageUrl, options),
    });
  }
  const xml = out.rss2();
  // The library declares the dc prefix only beside content:encoded; a feed whose posts have no content still needs it.
  return xml.includes("xmlns:dc=") ? xml : xml.replace("<rss ", `<rss xmlns:dc="${DUBLIN_CORE}" `);
}

/**
 * `events`: soonest first; each item says when (in the site's zone) and where, and is dated when the event became
 * public: its record is created then (by an administrator, on the approval of an owner's request, or by an import).
 */
export function eventsFeed(events: EventWithLocation[], options: FeedOptions & { timeZone: string }): string {
  const out = feed(options, { title: `${options.associationName}: Upcoming events`, path: "/events", updated: latest(events.map((e) => e.lastUpdatedAt)) });
  for (const event of events) {
    const link = `${options.siteUrl}/events/${encodeURIComponent(event.id)}${event.occurrenceDate ? `/${event.occurrenceDate}` : ""}`;
    const when = formatEventWhen(event.eventDate, event.endDate, event.allDay, options.timeZone);
    out.addItem({
      title: `${event.cancelled ? "Cancelled: " : ""}${event.name} (${when})`,
      id: link,
      link,
      date: new Date(event.createdAt),
      description: [`${when}. ${event.locationText}.`, event.description].filter(Boolean).join("\n\n"),
      ...enclosure(event.imageUrl, options),
    });
  }
  return out.rss2();
}
