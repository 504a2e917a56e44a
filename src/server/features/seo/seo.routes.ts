// Files for search engines, calendar apps and feed readers: /robots.txt, /sitemap.xml (and its
// children past 50,000 URLs), /events.ics,
// /business/<id>/events.ics, /events/<id>.ics, /news/feed.xml and /events/feed.xml (each also below /fr/, in French).
import { Hono, type Context } from "hono";
import type { AppEnv } from "#server/api/api-env.ts";
import { slugify } from "#shared/format.ts";
import { withLocations } from "#server/features/event/index.ts";
import type { Event } from "#shared/schemas/event.ts";
import type { SiteSettings } from "#shared/schemas/site-settings.ts";
import { calendar } from "./calendar.ts";
import { eventsFeed, newsFeed } from "./feeds.ts";
import { TRUNCATE } from "#shared/constants.ts";
import { getFixedT, LANGUAGES, languageSettingsOf } from "#shared/i18n/index.ts";
import type { TFunction } from "i18next";
import { byteStream, childCount, listSection, SITEMAP_CHILD_URLS, SITEMAP_MAX_URLS, sitemapIndex, urlset, type SitemapSection } from "./sitemap.ts";
import { securityTxt, type SecurityTxtOptions } from "./security-txt.ts";
import type { ContentVersion } from "#server/lib/per-content-version.ts";

/** How long the sitemap's sections, counted, are kept while the content stands. */
const SECTIONS_KEPT_MS = 60_000;

/** Mounted at the site's root. `siteUrl` is PUBLIC_URL; without it, the request's own origin. */
export function createSeoRoutes({
  siteUrl,
  security = {},
  sitemapMaxUrls = SITEMAP_MAX_URLS,
  sitemapChildUrls = SITEMAP_CHILD_URLS,
  contentVersion,
}: {
  siteUrl?: string | undefined;
  security?: Omit<SecurityTxtOptions, "siteUrl">;
  /** URLs in one sitemap at most, past which /sitemap.xml is an index (the protocol's 50,000; lower in tests). */
  sitemapMaxUrls?: number;
  /** URLs in one child of the index at most (2,000; never more than `sitemapMaxUrls`). */
  sitemapChildUrls?: number;
  /** The database's content version: the sitemap's sections are counted once per version (and minute), not per child. */
  contentVersion?: ContentVersion;
} = {}) {
  const childUrls = Math.min(sitemapChildUrls, sitemapMaxUrls);
  const seo = new Hono<AppEnv>();
  seo.get("/.well-known/security.txt", (c) => securityTxt(c, { ...security, siteUrl }));
  const origin = (url: string) => siteUrl ?? new URL(url).origin;

  seo.get("/robots.txt", (c) => {
    const body = [
      "User-agent: *",
      "Disallow: /admin",
      "Disallow: /api/",
      "Disallow: /myaccount",
      "",
      `Sitemap: ${origin(c.req.url)}/sitemap.xml`,
      "",
    ].join("\n");
    return c.text(body, 200, { "Cache-Control": "public, max-age=3600" });
  });

  /** The sections last counted: an index and its children, asked one after another, count the site once. */
  let kept: { key: string; sections: Promise<SitemapSection[]> } | null = null;

  /**
   * The sitemap's sections in order: the fixed pages, then the lists that grow with the site (businesses, upcoming
   * events, running offers: counted in SQL and read by keyset), then the short ones.
   */
  async function sitemapSections(c: Context<AppEnv>): Promise<SitemapSection[]> {
    const version = contentVersion ? await contentVersion() : null;
    // Upcoming events and running offers change with the time as well as with the content.
    const key = version === null ? null : `${version}:${Math.floor(Date.now() / SECTIONS_KEPT_MS)}`;
    if (key !== null && kept?.key === key) return kept.sections;
    const sections = readSections(c);
    if (key !== null) {
      const entry = { key, sections };
      kept = entry;
      sections.catch(() => {
        if (kept === entry) kept = null;
      });
    }
    return sections;
  }

  async function readSections(c: Context<AppEnv>): Promise<SitemapSection[]> {
    const { businesses, categories, tags, events, offers, posts, pages } = c.var.services;
    const now = new Date();
    const today = await offers.today(now);
    const [businessCount, eventCount, offerCount, allCategories, allTags, series, past, news, publicPages] = await Promise.all([
      businesses.count(),
      events.upcomingSingleCount(now),
      offers.runningCount(today),
      categories.list(),
      tags.list(),
      events.upcomingSeries(now),
      events.past({ limit: SITEMAP_PAST_EVENTS, now }),
      posts.page({ page: 1, pageSize: SITEMAP_POSTS, max: 0 }),
      pages.publicPages(),
    ]);
    const fixed = ["/", "/events", "/offers", "/news", "/map", "/contact"].map((path) => ({ path }));
    const idSection = (count: number, prefix: string, ids: (offset: number, limit: number) => AsyncIterable<Array<{ id: string; lastUpdatedAt: string }>>): SitemapSection => ({
      count,
      async *entries(offset, limit) {
        for await (const page of ids(offset, limit)) yield page.map((x) => ({ path: `${prefix}${encodeURIComponent(x.id)}`, lastmod: x.lastUpdatedAt }));
      },
    });
    const rest = [
      ...allCategories.map((x) => ({ path: `/category/${slugify(x.name)}` })),
      ...allTags.map((x) => ({ path: `/tag/${slugify(x.name)}` })),
      // A series once, at its own page (its dates are listed there), not once for each of its dates; past single
      // events are the newest few, so none is also in the upcoming section.
      ...[...new Map([...series, ...past].map((e) => [e.id, e])).values()].map((e) => ({ path: `/events/${encodeURIComponent(e.id)}`, lastmod: e.lastUpdatedAt })),
      ...news.items.map((p) => ({ path: `/news/${encodeURIComponent(p.id)}`, lastmod: p.lastUpdatedAt })),
      ...publicPages.map((p) => ({ path: `/pages/${encodeURIComponent(p.slug)}`, lastmod: p.lastUpdatedAt })),
    ];
    return [
      listSection(fixed),
      idSection(businessCount, "/business/", (offset, limit) => businesses.idsFrom(offset, limit)),
      idSection(eventCount, "/events/", (offset, limit) => events.upcomingSingleIdsFrom(offset, limit, now)),
      idSection(offerCount, "/offers/", (offset, limit) => offers.runningIdsFrom(today, offset, limit)),
      listSection(rest),
    ];
  }
  const sitemapHeaders = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" };

  // One <urlset> while every URL fits in one sitemap; past that, the index of /sitemap-<n>.xml, 2,000 URLs each.
  seo.get("/sitemap.xml", async (c) => {
    const base = origin(c.req.url);
    const sections = await sitemapSections(c);
    const children = childCount(sections, sitemapMaxUrls, childUrls);
    if (children > 0) return c.body(sitemapIndex(base, children), 200, sitemapHeaders);
    return c.body(byteStream(urlset(base, sections, 0, Infinity, languageSettingsOf(await c.var.services.siteSettings.get()))), 200, sitemapHeaders);
  });

  seo.get("/:file{sitemap-[1-9][0-9]*\\.xml}", async (c) => {
    const n = Number(c.req.param("file").slice("sitemap-".length, -".xml".length));
    const sections = await sitemapSections(c);
    if (n > childCount(sections, sitemapMaxUrls, childUrls)) return c.text("Not found.", 404);
    const languages = languageSettingsOf(await c.var.services.siteSettings.get());
    return c.body(byteStream(urlset(origin(c.req.url), sections, (n - 1) * childUrls, childUrls, languages)), 200, sitemapHeaders);
  });

  const icsHeaders = (filename: string) => ({
    "Content-Type": "text/calendar; charset=utf-8",
    "Content-Disposition": `attachment; filename="${filename}"`,
    "Cache-Control": "public, max-age=300",
  });

  const subscribable = (filename: string) => ({ ...icsHeaders(filename), "Content-Disposition": `inline; filename="${filename}"` });
  const rss = { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=300" };

  /**
   * The feeds and calendars in each language the site offers: English at their own addresses, the others below the
   * language's prefix (/fr/events.ics), with their own words in that language and their links to its pages. A
   * language the association has not turned on has none (404).
   */
  for (const language of LANGUAGES) {
    const prefix = language === "en" ? "" : `/${language}`;
    /** The site's settings and the catalog's words in this language, or null when the site does not offer it. */
    async function inLanguage(c: Context<AppEnv>) {
      const settings = await c.var.services.siteSettings.get();
      if (language !== "en" && !languageSettingsOf(settings).languages.includes(language)) return null;
      // The association's name in the feed's language where it is translated.
      return { site: await c.var.services.siteSettings.localized(language), t: await getFixedT(language, "public") };
    }

    /** A calendar of events, located and in the site's zone. */
    async function calendarOf(c: Context<AppEnv>, list: Event[], { site, t }: { site: SiteSettings; t: TFunction }, name: string) {
      const { businesses, events } = c.var.services;
      const [{ events: located }, changes] = await Promise.all([withLocations(businesses, list), events.seriesChanges(list)]);
      return calendar(located, { siteUrl: origin(c.req.url), calendarName: name, timeZone: site.timeZone, changes, language, t });
    }

    seo.get(`${prefix}/events.ics`, async (c) => {
      const words = await inLanguage(c);
      if (!words) return c.notFound();
      const body = await calendarOf(c, await c.var.services.events.forCalendar(), words, words.t("calendar.siteEvents", { associationName: words.site.associationName }));
      return c.body(body, 200, subscribable("events.ics"));
    });

    seo.get(`${prefix}/business/:id/events.ics`, async (c) => {
      const words = await inLanguage(c);
      if (!words) return c.notFound();
      const business = await c.var.services.businesses.find(c.req.param("id"));
      if (!business) return c.text("Business not found.", 404);
      const body = await calendarOf(c, await c.var.services.events.forCalendar({ businessId: business.id }), words, words.t("calendar.businessEvents", { name: business.name }));
      return c.body(body, 200, subscribable("events.ics"));
    });

    seo.get(`${prefix}/events/:file{[A-Za-z0-9]+\\.ics}`, async (c) => {
      const words = await inLanguage(c);
      if (!words) return c.notFound();
      const id = c.req.param("file").replace(/\.ics$/, "");
      const event = await c.var.services.events.get(id);
      const body = await calendarOf(c, [event], words, words.site.associationName);
      return c.body(body, 200, icsHeaders(`${slugify(event.name) || "event"}.ics`));
    });

    seo.get(`${prefix}/news/feed.xml`, async (c) => {
      const words = await inLanguage(c);
      if (!words) return c.notFound();
      const { posts, files } = c.var.services;
      const list = await posts.list({ limit: FEED_ITEMS, language });
      const images = await files.sizesByUrl(list.map((post) => post.imageUrl));
      const body = newsFeed(list, (post) => posts.asText([post], TRUNCATE.homePost)[0]!.content, { siteUrl: origin(c.req.url), associationName: words.site.associationName, images, language, t: words.t });
      return c.body(body, 200, rss);
    });

    seo.get(`${prefix}/events/feed.xml`, async (c) => {
      const words = await inLanguage(c);
      if (!words) return c.notFound();
      const { events, businesses, files } = c.var.services;
      const upcoming = await events.upcoming({ limit: FEED_ITEMS });
      const [{ events: located }, images] = await Promise.all([withLocations(businesses, upcoming), files.sizesByUrl(upcoming.map((event) => event.imageUrl))]);
      const options = { siteUrl: origin(c.req.url), associationName: words.site.associationName, timeZone: words.site.timeZone, images, language, t: words.t };
      return c.body(eventsFeed(located, options), 200, rss);
    });
  }

  return seo;
}

/** Items in each RSS feed, and the most past events and posts the sitemap lists. */
const SITEMAP_PAST_EVENTS = 500;
const SITEMAP_POSTS = 1000;
const FEED_ITEMS = 50;
