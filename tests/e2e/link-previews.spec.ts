// Every kind of public page, as served to a link preview or a search engine that runs no script: its description,
// canonical address and Open Graph tags, with a picture that can be fetched; a page of search results asks not to be
// indexed.
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { DEMO_URL } from "./env.ts";

test.use({ baseURL: DEMO_URL });

/** The page's head as a preview reads it: a meta tag's content by name or property, and the canonical link. */
async function head(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  const decode = (text: string) => text.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">");
  const meta = (name: string) => {
    const found = new RegExp(`<meta (?:name|property)="${name}" content="([^"]*)"`).exec(html)?.[1];
    return found === undefined ? undefined : decode(found);
  };
  const canonical = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
  return { meta, canonical: canonical && decode(canonical) };
}

/** The first address on a list page that leads to one of its items, such as /events/<id>. */
async function firstItem(request: APIRequestContext, list: string, item: RegExp): Promise<string> {
  const html = await (await request.get(list)).text();
  const found = item.exec(html)?.[0];
  expect(found, `a link to an item on ${list}`).toBeDefined();
  return found!;
}

test("every kind of public page describes itself to link previews and search engines", async ({ request }) => {
  const business = await firstItem(request, "/search?q=gallery&type=business", /\/business\/[A-Za-z0-9]{20}/);
  const event = await firstItem(request, "/events", /\/events\/[A-Za-z0-9]{20}(?:\/\d{4}-\d{2}-\d{2})?(?=")/);
  const offer = await firstItem(request, "/offers", /\/offers\/[A-Za-z0-9]{20}(?=")/);
  const post = await firstItem(request, "/news", /\/news\/[A-Za-z0-9]{20}(?=")/);
  const pages = [
    "/",
    "/map",
    "/search",
    "/contact",
    "/events",
    event,
    "/offers",
    offer,
    "/news",
    post,
    business,
    "/tag/wheelchair-accessible",
    "/category/cafes-bakeries",
    "/pages/about-the-association",
    "/history",
    "/deals",
    "/login",
    "/signup",
    "/forgot-password",
  ];
  const images = new Set<string>();
  for (const path of pages) {
    const { meta, canonical } = await head(request, path);
    expect(meta("description"), path).toMatch(/\w{3}/);
    expect(meta("og:description"), path).toBe(meta("description"));
    expect(meta("og:title"), path).toMatch(/\w/);
    expect(meta("og:type"), path).toMatch(/^(website|article|business\.business)$/);
    expect(canonical, path).toBe(new URL(path, DEMO_URL).href);
    expect(meta("og:url"), path).toBe(canonical);
    expect(meta("og:image"), path).toMatch(/^http:\/\/localhost:\d+\/\S+$/);
    expect(meta("robots"), path).toBeUndefined();
    images.add(meta("og:image")!);
  }
  // Each picture is one the site serves.
  for (const image of images) {
    const response = await request.get(image);
    expect(response.status(), image).toBe(200);
    expect(response.headers()["content-type"], image).toMatch(/^image\//);
  }
});

test("a page without a picture of its own shows its business's logo, else the association's photo", async ({ request }) => {
  const site = (await (await request.get("/api/v1/site-settings")).json()) as { heroPhotos: Array<{ url: string }> };
  const association = new URL(site.heroPhotos.at(-1)!.url, DEMO_URL).href;
  expect((await head(request, "/contact")).meta("og:image")).toBe(association);
  expect((await head(request, "/map")).meta("og:image")).toBe(association);
  // A tag has no picture: the logo of a business listed under it.
  expect((await head(request, "/tag/wheelchair-accessible")).meta("og:image")).toMatch(/\/files\/markers_logos\//);
  // An offer has no picture: its business's logo.
  const offers = (await (await request.get("/api/v1/offers")).json()) as Array<{ id: string; businessId: string }>;
  const offer = offers[0]!;
  const business = (await (await request.get(`/api/v1/businesses/${offer.businessId}`)).json()) as { logoUrl: string | null };
  const expected = business.logoUrl ? new URL(business.logoUrl, DEMO_URL).href : association;
  expect((await head(request, `/offers/${offer.id}`)).meta("og:image")).toBe(expected);
});

test("a page of search results is described but not indexed; the search page itself is", async ({ request }) => {
  const results = await head(request, "/search?q=jazz");
  expect(results.meta("robots")).toBe("noindex");
  expect(results.meta("description")).toMatch(/^\d+ results? for "jazz" among /);
  expect(results.canonical).toBe(`${DEMO_URL}/search?q=jazz`);
  const none = await head(request, "/search?q=zzyzx");
  expect(none.meta("robots")).toBe("noindex");
  expect(none.meta("description")).toBe('No results for "zzyzx".');
  const search = await head(request, "/search");
  expect(search.meta("robots")).toBeUndefined();
  expect(search.meta("description")).toMatch(/^Search the businesses/);
});
