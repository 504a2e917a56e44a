// Files for search engines and calendar apps: /robots.txt, /sitemap.xml, /events.ics and /events/<id>.ics.
import { Hono } from "hono";
import type { AppEnv } from "../../api/api-env.ts";
import { slugify } from "../../../shared/format.ts";
import { withLocations } from "../event/event-locations.ts";
import { calendar } from "./ical.ts";
import { securityTxt, type SecurityTxtOptions } from "./security-txt.ts";

function xml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

/** Mounted at the site's root. `siteUrl` is PUBLIC_URL; without it, the request's own origin. */
export function createSeoRoutes({ siteUrl, security = {} }: { siteUrl?: string | undefined; security?: Omit<SecurityTxtOptions, "siteUrl"> } = {}) {
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

  seo.get("/sitemap.xml", async (c) => {
    const base = origin(c.req.url);
    const { businesses, categories, tags } = c.var.services;
    const [allBusinesses, allCategories, allTags] = await Promise.all([businesses.list(), categories.list(), tags.list()]);
    const entries: Array<{ path: string; lastmod?: string }> = [
      { path: "/" },
      { path: "/events" },
      { path: "/offers" },
      { path: "/map" },
      { path: "/contact" },
      ...allBusinesses.map((b) => ({ path: `/business/${encodeURIComponent(b.id)}`, lastmod: b.lastUpdatedAt })),
      ...allCategories.map((x) => ({ path: `/category/${slugify(x.name)}` })),
      ...allTags.map((x) => ({ path: `/tag/${slugify(x.name)}` })),
    ];
    const urls = entries.map((e) => `<url><loc>${xml(base + e.path)}</loc>${e.lastmod ? `<lastmod>${xml(e.lastmod)}</lastmod>` : ""}</url>`);
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
    return c.body(body, 200, { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" });
  });

  const icsHeaders = (filename: string) => ({
    "Content-Type": "text/calendar; charset=utf-8",
    "Content-Disposition": `attachment; filename="${filename}"`,
    "Cache-Control": "public, max-age=300",
  });

  seo.get("/events.ics", async (c) => {
    const { events, businesses, siteSettings } = c.var.services;
    const [upcoming, site] = await Promise.all([events.upcoming(), siteSettings.get()]);
    const { events: located } = await withLocations(businesses, upcoming);
    const body = calendar(located, { siteUrl: origin(c.req.url), calendarName: `${site.associationName} events` });
    return c.body(body, 200, { ...icsHeaders("events.ics"), "Content-Disposition": 'inline; filename="events.ics"' });
  });

  seo.get("/events/:file{[A-Za-z0-9]+\\.ics}", async (c) => {
    const id = c.req.param("file").replace(/\.ics$/, "");
    const { events, businesses, siteSettings } = c.var.services;
    const [event, site] = await Promise.all([events.get(id), siteSettings.get()]);
    const { events: located } = await withLocations(businesses, [event]);
    const body = calendar(located, { siteUrl: origin(c.req.url), calendarName: site.associationName });
    return c.body(body, 200, icsHeaders(`${slugify(event.name) || "event"}.ics`));
  });

  return seo;
}
