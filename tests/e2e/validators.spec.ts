// What real clients check: the Nu HTML Checker on the served HTML of every page type, and search engines' rich-result
// requirements on every JSON-LD block. Both read what this suite's one server sends; one JVM checks all pages.
import type { APIRequestContext } from "@playwright/test";
import { ADMIN_TABS } from "#web/features/admin/admin-tabs.ts";
import { HEADING_PAGES } from "#web/lib/heading-pages.ts";
import { expect, test } from "./fixtures.ts";
import { jsonLdProblems } from "./json-ld-rules.ts";
import { nuHtmlErrors } from "./nu-html-checker.ts";
import { ownerWithWaitingClaim } from "./owner-account.ts";
import { uploadThroughApi } from "./document-upload.ts";

/** One address per public page type: the fixed pages, plus the first of each kind the sitemap lists. */
async function publicPaths(request: APIRequestContext): Promise<string[]> {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const listed = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1]!);
  const firstOfKind = new Map<string, string>();
  for (const p of listed) {
    const kind = p.split("/").slice(0, 2).join("/");
    if (!firstOfKind.has(kind)) firstOfKind.set(kind, p);
  }
  for (const kind of ["/business", "/tag", "/category"]) {
    expect([...firstOfKind.keys()], `the sitemap lists a ${kind} page`).toContain(kind);
  }
  const fixed = [
    ...["/", "/fr", "/fr/map", "/map", "/events", "/offers", "/contact", "/privacy", "/search?q=coffee", "/myqsa/intake", "/resources", "/myqsa/research", "/api/v1/docs", "/volunteer", "/myqsa/volunteer"],
    // A reminder's one-click page (its button confirms; the token is checked only then).
    "/listings/confirm/validators-token",
    // The newsletter's pages; the confirmation and preferences pages as a link that is no longer valid shows them.
    ...["/subscribe", "/subscribe/confirm?token=none", "/subscribe/preferences?token=none"],
    ...["/login", "/signup", "/forgot-password", "/reset-password", "/login/continue"],
    "/fr/map",
    ...["/fr/events", "/fr/offers", "/fr/news"],
  ];
  const notFound = ["/no-such-page", "/business/doesnotexist000000000", "/tag/no-such-tag", "/events/doesnotexist000000000", "/offers/doesnotexist000000000", "/news/doesnotexist000000000"];
  // A business page with everything it can show: hours, coming exceptions, social links and a photo gallery.
  const businesses = (await (await request.get("/api/v1/businesses")).json()) as Array<{ id: string; photos: unknown[]; socialLinks: unknown[]; openingHours: unknown }>;
  const fullest = businesses.find((b) => b.photos.length > 0 && b.socialLinks.length > 0 && b.openingHours);
  expect(fullest, "a demo business with hours, social links and photos").toBeTruthy();
  return [...new Set([...fixed, ...firstOfKind.values(), ...(await itemPages(request)), `/business/${fullest!.id}`, `/fr/business/${fullest!.id}`, ...Object.keys(HEADING_PAGES).slice(0, 1), ...notFound])];
}

/** The pages of single items: an upcoming event, a current offer and the newest post. */
async function itemPages(request: APIRequestContext): Promise<string[]> {
  const [event] = (await (await request.get("/api/v1/events?limit=1")).json()) as Array<{ id: string }>;
  const [offer] = (await (await request.get("/api/v1/offers?limit=1")).json()) as Array<{ id: string }>;
  expect(event, "an upcoming demo event").toBeDefined();
  const [post] = (await (await request.get("/api/v1/posts?limit=1")).json()) as Array<{ id: string }>;
  expect(offer, "a current demo offer").toBeDefined();
  expect(post, "a demo post").toBeDefined();
  const english = [`/events/${event!.id}`, `/offers/${offer!.id}`, `/news/${post!.id}`];
  // The same pages in French.
  return [...english, ...english.map((path) => `/fr${path}`)];
}

/** The check-in page of the first upcoming demo event. */
async function checkInPath(request: APIRequestContext): Promise<string> {
  const [event] = (await (await request.get("/api/v1/events?limit=1")).json()) as Array<{ id: string; occurrenceDate: string | null }>;
  return `/events/${event!.id}/check-in${event!.occurrenceDate ? `?date=${event!.occurrenceDate}` : ""}`;
}

/**
 * The signed-in pages as an administrator sees them, each with what its served HTML must hold (its content read on the
 * server, never a "Loading..." shell): every admin tab, the members' pages and the standalone add pages.
 */
function signedInPages(admin: string, waiting: string): Array<[string, string]> {
  const tabs = ADMIN_TABS.map(([tab]): [string, string] => [`/admin/${tab}`, ADMIN_TAB_CONTENT[tab] ?? ""]);
  return [
    ["/admin", ""],
    ...tabs.map(([p, text]): [string, string] => [p, p === "/admin/my-account" || p === "/admin/users" ? admin : p === "/admin/requests" ? waiting : text]),
    ["/myaccount", admin],
    ["/myqsa/dashboard", admin],
    ["/myqsa/profile-setup", "Set Up Your Profile"],
    ["/add-marker", "Select a category"],
    ["/add-category", "Restaurants"],
  ];
}

/** What each admin tab's served HTML shows from the demo association's data. */
const ADMIN_TAB_CONTENT: Partial<Record<string, string>> = {
  markers: "Riverbend Gallery",
  categories: "Restaurants",
  events: "Queen Street",
  tags: "Patio",
  pages: "About",
  posts: "Welcome",
  offers: "Discount",
  announcements: "Add Announcement",
  library: "Add Document",
  meetings: "Add Meeting",
  volunteering: "Add Opportunity",
  surveys: "Add Survey",
  "recent-changes": "now owns",
  intake: "Intake forms (",
  insights: "Searched for and not found",
  import: "Import",
  "site-settings": "Association name",
  listings: "Listings no owner confirmed or changed",
  newsletters: "Next weekly digest",
  subscribers: "Subscribers (",
};

async function fetchHtml(request: APIRequestContext, paths: string[]): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  for (const p of paths) {
    const response = await request.get(p);
    expect(response.headers()["content-type"], p).toContain("text/html");
    expect(response.status(), p).toBeLessThan(500);
    pages.set(p, await response.text());
  }
  return pages;
}

/** Served HTML as a person reads it: the text of its body without tags and scripts, then what its fields hold. */
const bodyText = (html: string) =>
  [html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<[^>]+>/g, " "), ...[...html.matchAll(/ value="([^"]*)"/g)].map((m) => m[1])]
    .join(" ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

test("every page type is valid HTML to the Nu HTML Checker", async ({ request, page, signIn, accountsRuntime, baseURL }) => {
  test.setTimeout(180_000);
  const admin = await signIn("admin");
  // A public document, so /resources and /myqsa/research are checked with their list.
  const filePath = await uploadThroughApi(page.request, baseURL!, Buffer.from("Line,Amount\nRent,1200\n"), "budget.csv");
  const document = await page.request.post("/api/v1/documents", {
    data: { title: "Validators' document", summary: "Checked as served.", date: "2026-01-10", visibility: "public", tags: ["budget"], filePath },
    headers: { Origin: baseURL! },
  });
  expect(document.status()).toBe(201);
  // Content pages are not in the sitemap; the administrators' list names them.
  const contentPages = (await (await page.request.get("/api/v1/pages")).json()) as { items: Array<{ slug: string; permission: string }> };
  const publicPage = contentPages.items.find((p) => p.permission === "public");
  expect(publicPage, "a public content page").toBeDefined();
  const pages = await fetchHtml(request, [...(await publicPaths(request)), `/pages/${publicPage!.slug}`]);

  const { owner, owned, claimed, event, offer } = await ownerWithWaitingClaim(page.request, accountsRuntime, baseURL!);
  // The members' announcements, with one published (an owner is a member).
  const made = await page.request.post("/api/v1/announcements", {
    data: { title: "Validators' announcement", body: "<p>Checked as served.</p>", publishAt: new Date(Date.now() - 60_000).toISOString(), pinned: true },
    headers: { Origin: baseURL! },
  });
  expect(made.status()).toBe(201);
  const announcement = (await made.json()) as { id: string };
  // The members' meetings, with one arranged.
  const soon = Date.now() + 7 * 24 * 3_600_000;
  const arranged = await page.request.post("/api/v1/meetings", {
    data: { title: "Validators' meeting", startsAt: new Date(soon).toISOString(), endsAt: new Date(soon + 3_600_000).toISOString(), place: "Town hall", agenda: "<p>Checked agenda.</p>" },
    headers: { Origin: baseURL! },
  });
  expect(arranged.status()).toBe(201);
  const meeting = (await arranged.json()) as { id: string };
  // A volunteer opportunity tied to the upcoming event, with a shift, so its page, the list and the event's "Volunteers needed" are checked.
  const [upcomingEvent] = (await (await request.get("/api/v1/events?limit=1")).json()) as Array<{ id: string }>;
  const added = await page.request.post("/api/v1/volunteer/opportunities", {
    data: {
      title: "Validators' opportunity",
      description: "<p>Checked description.</p>",
      eventId: upcomingEvent!.id,
      shifts: [{ startsAt: new Date(soon).toISOString(), endsAt: new Date(soon + 3_600_000).toISOString(), place: "Market square", placesNeeded: 3, requirements: "Closed shoes" }],
    },
    headers: { Origin: baseURL! },
  });
  expect(added.status()).toBe(201);
  const opportunity = (await added.json()) as { id: string; shifts: Array<{ id: string }> };
  expect((await owner.post(`/api/v1/volunteer/shifts/${opportunity.shifts[0]!.id}/signups`, { headers: { Origin: baseURL! } })).status()).toBe(201);
  // A members' survey with a question of each kind, answered once, so its page shows the form and the results.
  const built = await page.request.post("/api/v1/surveys", {
    data: {
      title: "Validators' survey",
      status: "open",
      closesAt: new Date(soon).toISOString(),
      questions: [
        { id: "one", kind: "oneChoice", label: "One choice", help: "Checked help.", required: true, options: ["A", "B"] },
        { id: "several", kind: "severalChoices", label: "Several", options: ["C", "D"] },
        { id: "rating", kind: "rating", label: "Rating" },
        { id: "number", kind: "number", label: "Number" },
        { id: "date", kind: "date", label: "Date" },
        { id: "short", kind: "shortText", label: "Short" },
        { id: "long", kind: "longText", label: "Long" },
      ],
    },
    headers: { Origin: baseURL! },
  });
  expect(built.status()).toBe(201);
  const survey = (await built.json()) as { id: string };
  expect((await owner.post(`/api/v1/surveys/${survey.id}/responses`, { data: { answers: { one: "A", rating: 4, long: "Checked answer." } }, headers: { Origin: baseURL! } })).status()).toBe(200);
  // An event taking registrations: its page with the form, and the organizers' page.
  const [registering] = (await (await page.request.get("/api/v1/events")).json()) as Array<{ id: string }>;
  const opened = await page.request.put(`/api/v1/events/${registering!.id}/registration`, { data: { enabled: true, capacity: 20, maxPartySize: 2 }, headers: { Origin: baseURL! } });
  expect(opened.status()).toBe(200);
  const signedIn: Array<[string, string, APIRequestContext]> = [
    ...signedInPages(admin.email, claimed.name).map(([p, text]): [string, string, APIRequestContext] => [p, text, page.request]),
    ...([
      ["/myqsa/announcements", "Validators' announcement"],
      [`/myqsa/announcements/${announcement.id}`, "Checked as served."],
      ["/myqsa/research", "Reports, studies, bylaws"],
      ["/myqsa/meetings", "Validators' meeting"],
      [`/myqsa/meetings/${meeting.id}`, "Checked agenda."],
      ["/volunteer", "Validators' opportunity"],
      [`/volunteer/${opportunity.id}`, "Checked description."],
      [`/events/${upcomingEvent!.id}`, "Volunteers needed: 2"],
      ["/myqsa/surveys", "Validators' survey"],
      [`/myqsa/surveys/${survey.id}`, "Checked help."],
    ] as const).flatMap(([p, text]): Array<[string, string, APIRequestContext]> => [
      [p, text, page.request],
      [p, text, owner],
    ]),
    ...[owned.name, event, offer, claimed.name].map((text): [string, string, APIRequestContext] => ["/mybusiness", text, owner]),
    // A member's dashboard (their business, their waiting claim, the announcement, the meeting) and the onboarding's steps.
    ...[owned.name, claimed.name, "Validators' announcement", "Validators' meeting", "What needs you"].map((text): [string, string, APIRequestContext] => ["/myqsa/dashboard", text, owner]),
    ["/myqsa/profile-setup", "Complete your listing", owner],
    ["/myqsa/volunteer", "Validators' opportunity", owner],
    // The results as an administrator reads them live, with their tables.
    [`/myqsa/surveys/${survey.id}`, "Checked answer.", page.request],
    [`/events/${registering!.id}`, "20 places left", page.request],
    [`/events/${registering!.id}/registrations`, "Who comes", page.request],
    ["/registrations/none/cancel?token=none", "This cancel link is not valid.", page.request],
    [`/mybusiness?insights=${owned.id}&days=90`, "Figures by day (table)", owner],
    // The door's page of an upcoming event (of its date, for a series), as its organizer, an administrator, sees it.
    [await checkInPath(page.request), "checked in", page.request],
  ];
  for (const [p, text, as] of signedIn) {
    const key = `signed-in ${as === owner ? "owner" : "admin"} ${p}`;
    const html = pages.get(key) ?? (await fetchHtml(as, [p])).get(p)!;
    pages.set(key, html);
    // The page as served holds its content: read on the server, not in the browser after a "Loading..." shell.
    expect(bodyText(html), `${key} as served`).toContain(text);
    expect(bodyText(html), `${key} as served`).not.toMatch(/Loading/);
  }
  await owner.dispose();

  expect(pages.size).toBeGreaterThanOrEqual(40);
  expect(await nuHtmlErrors(pages)).toEqual([]);
});

/** The demo items whose data fills every property their type can have: a restaurant, events, an offer with a price. */
async function demoItemPages(request: APIRequestContext) {
  const businesses = (await (await request.get("/api/v1/businesses")).json()) as Array<{ id: string; name: string; logoUrl: string | null; postalCode: string | null }>;
  const events = (await (await request.get("/api/v1/events")).json()) as Array<{ id: string; name: string }>;
  const offers = (await (await request.get("/api/v1/offers")).json()) as Array<{ id: string; description: string }>;
  const find = <T extends object>(list: T[], match: (item: T) => boolean, what: string) => {
    const found = list.find(match);
    expect(found, what).toBeDefined();
    return found!;
  };
  const gallery = find(businesses, (b) => b.name === "Riverbend Gallery", "the demo gallery");
  expect(gallery.logoUrl, "the demo gallery's logo").toBeTruthy();
  return {
    businesses,
    withLogo: `/business/${gallery.id}`,
    restaurant: `/business/${find(businesses, (b) => b.name === "The Maple & Oak Bistro", "the demo bistro").id}`,
    // Held at a business, with tickets; and one outdoors, which the association organizes.
    concert: `/events/${find(events, (e) => e.name === "Jazz on the Cellar Stage", "the demo concert").id}`,
    outdoor: `/events/${find(events, (e) => e.name === "First Friday Art Walk", "the demo art walk").id}`,
    // Its value is a plain amount, "$14.99".
    pricedOffer: `/offers/${find(offers, (o) => o.description === "Lunch platter with two sides", "the demo lunch platter").id}`,
  };
}

test("every JSON-LD block has what rich results require for its type", async ({ request }) => {
  const demo = await demoItemPages(request);
  // A business entered with its address on one line (as journeys add them) has no parts to give: its page is left out.
  const withoutParts = new Set(demo.businesses.filter((b) => !b.postalCode).map((b) => `/business/${b.id}`));
  const paths = [...(await publicPaths(request)), demo.withLogo, demo.restaurant, demo.concert, demo.outdoor, demo.pricedOffer].filter((p) => !withoutParts.has(p));
  const pages = await fetchHtml(request, [...new Set(paths)]);
  const seen = new Set<string>();
  const problems: string[] = [];
  const blocks = new Map<string, Array<Record<string, unknown>>>();
  for (const [p, html] of pages) {
    blocks.set(p, []);
    for (const [, text] of html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)) {
      let data: unknown;
      try {
        data = JSON.parse(text!);
      } catch (error) {
        problems.push(`${p}: JSON-LD does not parse: ${(error as Error).message}`);
        continue;
      }
      for (const problem of jsonLdProblems(data, seen)) problems.push(`${p}: ${problem}`);
      blocks.get(p)!.push(data as Record<string, unknown>);
    }
  }
  expect(problems).toEqual([]);
  expect([...seen].sort()).toEqual(["BlogPosting", "BreadcrumbList", "Event", "ItemList", "LocalBusiness", "Offer", "Organization"]);

  // Each page type carries the structured data that fits it.
  const of = (prefix: string) => [...blocks].find(([p]) => p === prefix || p.startsWith(`${prefix}/`))![1];
  const types = (list: Array<Record<string, unknown>> | undefined) => list?.map((b) => b["@type"]);
  expect(of("/")).toContainEqual(expect.objectContaining({ "@type": "Organization", logo: expect.objectContaining({ "@type": "ImageObject" }) }));
  for (const list of ["/offers", "/tag", "/category"]) expect(types(of(list)), list).toContain("ItemList");
  for (const list of ["/tag", "/category"]) expect(types(of(list)), list).toContain("BreadcrumbList");
  expect(blocks.get(demo.withLogo)).toContainEqual(expect.objectContaining({ "@type": "LocalBusiness", logo: expect.any(String), image: expect.any(String) }));
  expect(types(blocks.get(demo.restaurant))).toEqual(["LocalBusiness", "BreadcrumbList"]);
  expect(blocks.get(demo.restaurant)![0]).toMatchObject({
    priceRange: "$$$",
    address: { addressLocality: "Niagara Falls", addressRegion: "ON", addressCountry: "CA", postalCode: expect.stringMatching(/^L2E \d[A-Z]\d$/) },
    openingHoursSpecification: expect.any(Array),
  });
  const events = of("/events").filter((b) => b["@type"] === "Event");
  expect(events.length).toBeGreaterThan(0);
  const [concert] = blocks.get(demo.concert)!;
  expect(types(blocks.get(demo.concert))).toEqual(["Event", "BreadcrumbList"]);
  expect(concert).toMatchObject({
    endDate: expect.any(String),
    offers: { availability: "https://schema.org/InStock", validFrom: expect.any(String) },
    organizer: { name: "Niagara Jazz Cellar" },
    location: { address: { streetAddress: expect.any(String), addressLocality: "Niagara Falls", postalCode: expect.any(String) } },
  });
  expect(blocks.get(demo.outdoor)![0]).toMatchObject({ endDate: expect.any(String), organizer: { "@type": "Organization", logo: expect.anything() } });
  expect(blocks.get(demo.pricedOffer)![0]).toMatchObject({ "@type": "Offer", price: 14.99, priceCurrency: "CAD", seller: { name: "Smokestack BBQ Co." } });
  const [eventPage, offerPage, postPage] = await itemPages(request);
  expect(types(blocks.get(postPage!))).toEqual(["BlogPosting", "BreadcrumbList"]);
  expect(types(blocks.get(eventPage!))).toEqual(["Event", "BreadcrumbList"]);
  expect(types(blocks.get(offerPage!))).toEqual(["Offer", "BreadcrumbList"]);
  expect(blocks.get(postPage!)![1]).toMatchObject({ itemListElement: [{ name: "Home" }, { name: "News" }, { position: 3 }] });
});

test("the events page announces its calendar feed, and the feed is there", async ({ request }) => {
  const html = await (await request.get("/events")).text();
  const link = html.match(/<link[^>]*rel="alternate"[^>]*type="text\/calendar"[^>]*>/)?.[0];
  expect(link).toBeDefined();
  const href = link!.match(/href="([^"]+)"/)![1]!;
  const feed = await request.get(href);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toContain("text/calendar");
  expect(await feed.text()).toContain("BEGIN:VEVENT");
});
