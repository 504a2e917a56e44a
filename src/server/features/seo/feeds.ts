// RSS 2.0 feeds, written by the `feed` library: the association's news (/news/feed.xml) and its upcoming events
// (/events/feed.xml), each item linking to its page on the site. A post's author is a name, which RSS's <author> (an
// email address) cannot hold: it is the item's Dublin Core <dc:creator>.
import { Feed } from "feed";
import type { EventWithLocation } from "#shared/event-location.ts";
import type { Post } from "#shared/schemas/post.ts";
import { formatEventWhen } from "#shared/i18n/format.ts";
import { localizedPath, type Language } from "#shared/i18n/index.ts";
import type { TFunction } from "i18next";

export interface FeedOptions {
  siteUrl: string;
  associationName: string;
  /** The size and type of the items' images, by their URL as stored (FileService.sizesByUrl). */
  images: ReadonlyMap<string, { size: number; contentType: string }>;
  /** The feed's language: its titles and dates in it, its items linking to the pages in it. */
  language: Language;
  /** The `public` catalog's `t` in that language, for the feed's own words. */
  t: TFunction;
}

const pageUrl = (options: FeedOptions, path: string) => `${options.siteUrl}${localizedPath(path, options.language)}`;

/**
 * An item's image as its enclosure, with the file's length in bytes and its type; an image not stored here (so of
 * unknown size) has length 0, as RSS asks.
 */
function enclosure(url: string | null, { siteUrl, images }: FeedOptions) {
  if (!url) return {};
  const file = images.get(url);
  return { image: { url: new URL(url, siteUrl).href, length: file?.size ?? 0, ...(file ? { type: file.contentType } : {}) } };
}

function feed(options: FeedOptions, { title, path, updated }: { title: string; path: string; updated: Date }) {
  return new Feed({
    id: pageUrl(options, path),
    title,
    link: pageUrl(options, path),
    description: title,
    language: options.language,
    updated,
    generator: "Niche",
    copyright: options.associationName,
    feedLinks: { rss: `${pageUrl(options, path)}/feed.xml` },
  });
}

const DUBLIN_CORE = "http://purl.org/dc/elements/1.1/";

const latest = (dates: string[]) => new Date(dates.reduce((a, b) => (a > b ? a : b), "1970-01-01T00:00:00.000Z"));

/** `posts`: newest first, with sanitized HTML content; `excerpt(post)` the plain-text summary. */
export function newsFeed(posts: Post[], excerpt: (post: Post) => string, options: FeedOptions): string {
  const out = feed(options, { title: options.t("feeds.news", { associationName: options.associationName }), path: "/news", updated: latest(posts.map((p) => p.lastUpdatedAt)) });
  for (const post of posts) {
    const link = pageUrl(options, `/news/${encodeURIComponent(post.id)}`);
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
  const out = feed(options, { title: options.t("feeds.events", { associationName: options.associationName }), path: "/events", updated: latest(events.map((e) => e.lastUpdatedAt)) });
  for (const event of events) {
    const link = pageUrl(options, `/events/${encodeURIComponent(event.id)}${event.occurrenceDate ? `/${event.occurrenceDate}` : ""}`);
    const when = formatEventWhen(event.eventDate, event.endDate, event.allDay, options.language, options.timeZone);
    out.addItem({
      title: `${event.cancelled ? options.t("feeds.cancelled", { name: event.name }) : event.name} (${when})`,
      id: link,
      link,
      date: new Date(event.createdAt),
      description: [`${when}. ${options.t(`events.location.${event.locationText}`, { defaultValue: event.locationText })}.`, event.description].filter(Boolean).join("\n\n"),
      ...enclosure(event.imageUrl, options),
    });
  }
  return out.rss2();
}
