// Events, offers and news that people open, share and subscribe to: each has its own page, in the site's time zone.
import type { APIRequestContext, Page } from "@playwright/test";
import ical, { type VEvent } from "node-ical";
import { fillDateTime, pick } from "./admin-helpers.ts";
import { allowConsoleError, expect, expectNoAxeViolations, test } from "./fixtures.ts";

const formStatus = (page: Page, text: string) => page.getByRole("tabpanel").getByRole("status").filter({ hasText: text });

interface ApiEvent {
  id: string;
  name: string;
  eventDate: string;
  endDate: string | null;
  location: string;
}

/** A demo event, as the public API gives it. */
async function demoEvent(request: APIRequestContext, name: string): Promise<ApiEvent> {
  const events = (await (await request.get("/api/v1/events")).json()) as ApiEvent[];
  return events.find((e) => e.name === name)!;
}

/** The time in Toronto as the page must show it, computed independently of the page's code. */
function torontoWhen(start: string, end: string | null = null) {
  const zone = { timeZone: "America/Toronto" } as const;
  const day = new Date(start).toLocaleDateString("en-US", { ...zone, weekday: "long", year: "numeric", month: "long", day: "numeric" });
  const time = (iso: string, zoneName: boolean) => new Date(iso).toLocaleTimeString("en-US", { ...zone, hour: "numeric", minute: "2-digit", ...(zoneName ? { timeZoneName: "short" } : {}) });
  // The demo events end the same evening: the end's time follows the start's.
  return end ? `${day}, ${time(start, false)} – ${time(end, true)}` : `${day}, ${time(start, true)}`;
}

test.describe("an event's page", () => {
  test("opens from the home page with its time, place, tickets, calendar links and structured data", async ({ page, baseURL }) => {
    const event = await demoEvent(page.request, "Jazz on the Cellar Stage");
    const businesses = (await (await page.request.get("/api/v1/businesses")).json()) as Array<{ id: string; name: string; address: string; streetAddress: string; postalCode: string }>;
    const venue = businesses.find((b) => b.id === event.location)!;
    await page.goto("/");
    const section = page.getByRole("region", { name: "Upcoming Events" });
    await section.getByRole("link", { name: event.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/events/${event.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: event.name })).toBeVisible();
    await expect(page.locator("time").first()).toHaveText(torontoWhen(event.eventDate, event.endDate));
    await expect(page.getByRole("link", { name: "Niagara Jazz Cellar" })).toHaveAttribute("href", `/business/${venue.id}`);
    await expect(page.getByText(venue.address)).toBeVisible();
    await expect(page.getByRole("link", { name: /Get Tickets/ })).toHaveAttribute("href", /^https:\/\//);
    await expect(page.getByRole("link", { name: "Download .ics file" })).toHaveAttribute("href", `/events/${event.id}.ics`);
    await expect(page.getByRole("link", { name: /Google Calendar/ })).toHaveAttribute("href", /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE/);
    await expect(page.getByRole("link", { name: `${baseURL}/events/${event.id}` })).toBeVisible();

    // The map is there only when asked for.
    await expect(page.getByTestId("business-map")).toHaveCount(0);
    await page.getByRole("button", { name: "Show map" }).click();
    await expect(page.getByTestId("business-map")).toBeVisible();

    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
    expect(ld).toMatchObject({
      "@type": "Event",
      name: event.name,
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      location: {
        "@type": "Place",
        name: "Niagara Jazz Cellar",
        address: { "@type": "PostalAddress", streetAddress: venue.streetAddress, addressLocality: "Niagara Falls", addressRegion: "ON", postalCode: venue.postalCode, addressCountry: "CA" },
      },
      offers: { "@type": "Offer", url: expect.stringMatching(/^https:\/\//), availability: "https://schema.org/InStock", validFrom: expect.any(String) },
      organizer: { "@type": "Organization", name: "Niagara Jazz Cellar", url: `${baseURL}/business/${venue.id}` },
    });
    expect(ld.startDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-0[45]:00$/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", event.name);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${baseURL}/events/${event.id}`);
    await expectNoAxeViolations(page);
  });

  test("an unknown event says so with a 404", { tag: "@desktop-only" }, async ({ page }) => {
    const response = await page.goto("/events/doesnotexist000000000");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Event not found.")).toBeVisible();
  });
});

test.describe("in another time zone", () => {
  test.use({ timezoneId: "Asia/Tokyo" });

  test("a visitor sees the site's times, not the browser's", { tag: "@desktop-only" }, async ({ page }) => {
    const event = await demoEvent(page.request, "Jazz on the Cellar Stage");
    await page.goto(`/events/${event.id}`);
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe("Asia/Tokyo");
    await expect(page.locator("time").first()).toHaveText(torontoWhen(event.eventDate, event.endDate));
    // After hydration too: the list's dates are the site's.
    await page.goto("/events");
    await expect(page.getByRole("article").filter({ hasText: event.name }).locator("time")).toHaveText(
      new Date(event.eventDate).toLocaleDateString("en-US", { timeZone: "America/Toronto", year: "numeric", month: "long", day: "numeric" }),
    );
  });
});

/** The site's local date `days` from now ("2026-12-04"). */
function torontoDay(days: number): string {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toLocaleDateString("en-CA", { timeZone: "America/Toronto" });
}

test.describe("offers with dates", () => {
  test("an offer past its last day is gone from /offers; one ending soon says so, and its page gives the code to copy", async ({ page, signIn, baseURL, context }) => {
    await signIn("admin");
    const businesses = (await (await page.request.get("/api/v1/businesses")).json()) as Array<{ id: string; name: string }>;
    const shop = businesses.find((b) => b.name === "Riverbend Gallery")!;
    const add = async (data: Record<string, unknown>) => {
      const response = await page.request.post("/api/v1/offers", { headers: { Origin: baseURL! }, data: { businessId: shop.id, type: "Free Item", ...data } });
      expect(response.status()).toBe(201);
      return (await response.json()) as { id: string };
    };
    // Texts of this run only: another run's offers (the other width, or a retry) may be on the page too.
    const [endedText, soonText] = [`Ended yesterday ${Date.now()}`, `Ends soon ${Date.now()}`];
    const ended = await add({ description: endedText, validUntil: torontoDay(-1) });
    const soon = await add({ description: soonText, validUntil: torontoDay(3), couponCode: "FREEPRINT", terms: "One per visit." });
    try {
      await page.goto("/offers");
      await expect(page.getByText(soonText)).toBeVisible();
      await expect(page.getByRole("article").filter({ hasText: endedText })).toHaveCount(0);
      const card = page.getByRole("article").filter({ hasText: soonText });
      await expect(card).toContainText("Ends in 3 days");
      await card.getByRole("link", { name: "Free Item at Riverbend Gallery" }).click();
      await expect(page).toHaveURL(new RegExp(`/offers/${soon.id}$`));
      await expect(page.getByRole("heading", { level: 1, name: "Free Item at Riverbend Gallery" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Riverbend Gallery" })).toHaveAttribute("href", `/business/${shop.id}`);
      await expect(page.getByText("One per visit.")).toBeVisible();
      await expect(page.locator("#coupon-code")).toHaveText("FREEPRINT");
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await page.getByRole("button", { name: "Copy code" }).click();
      await expect(page.getByText("Code copied.")).toBeVisible();
      const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
      expect(ld).toMatchObject({ "@type": "Offer", seller: { name: "Riverbend Gallery", url: `${baseURL}/business/${shop.id}` }, url: `${baseURL}/offers/${soon.id}` });
      expect(Date.parse(ld.validThrough)).toBeGreaterThan(Date.now());
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${baseURL}/offers/${soon.id}`);
      await expectNoAxeViolations(page);

      // The ended offer's own page still answers, saying so, and the admin's list marks it.
      await page.goto(`/offers/${ended.id}`);
      await expect(page.getByText("This offer has ended.")).toBeVisible();
      await page.goto("/admin/offers");
      await expect(page.getByRole("listitem").filter({ hasText: endedText }).getByText("Expired", { exact: true })).toBeVisible();
    } finally {
      for (const offer of [ended, soon]) await page.request.delete(`/api/v1/offers/${offer.id}`, { headers: { Origin: baseURL! } });
    }
  });
});

test.describe("news", () => {
  test("/news lists the posts newest first; a home post opens its page with the whole post and its structured data", async ({ page, baseURL }) => {
    const posts = (await (await page.request.get("/api/v1/posts")).json()) as Array<{ id: string; title: string }>;
    await page.goto("/news");
    await expect(page.getByRole("heading", { level: 1, name: "News" })).toBeVisible();
    const listed = page.getByRole("list", { name: "Posts, newest first" }).getByRole("heading", { level: 2 });
    await expect(listed).toHaveText(posts.slice(0, 10).map((p) => p.title));
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute("href", "/news/feed.xml");
    await expectNoAxeViolations(page);

    await page.goto("/");
    await page.getByRole("region", { name: "Latest news" }).getByRole("link", { name: posts[0]!.title }).click();
    await expect(page).toHaveURL(new RegExp(`/news/${posts[0]!.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: posts[0]!.title })).toBeVisible();
    await expect(page.getByText(/^By: .+ \| Published: /)).toBeVisible();
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
    expect(ld).toMatchObject({ "@type": "BlogPosting", headline: posts[0]!.title, author: { "@type": "Person" }, url: `${baseURL}/news/${posts[0]!.id}` });
    expect(ld.datePublished).toMatch(/[+-]\d{2}:\d{2}$/);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    await expectNoAxeViolations(page);
  });
});

test.describe("a recurring event", { tag: "@desktop-only" }, () => {
  test("an admin adds a series in plain words, cancels one date, and visitors see it cancelled on its page and in the feed", async ({ page, signIn, baseURL }) => {
    test.setTimeout(120_000);
    await signIn("admin");
    const name = `Riverside Yoga ${Date.now()}`;
    // 300 days ahead at 18:00 (the browser's zone): within the 12 months lists show, after the demo's events.
    const first = new Date(Date.now() + 300 * 24 * 3600_000);
    const pad = (n: number) => String(n).padStart(2, "0");
    const local = (d: Date, h: number) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(h)}:00`;
    await page.goto("/admin/events");
    const form = page.getByRole("region", { name: "Add Event" });
    await form.getByLabel("Event Name").fill(name);
    await fillDateTime(form, "Event Date", local(first, 18));
    await fillDateTime(form, "Ends (optional)", local(first, 19));
    await pick(form.getByRole("combobox", { name: "Location Type" }), "Outdoor");
    await form.getByLabel("Outdoor Location Description").fill("Riverside lawn");
    await form.getByLabel("Repeats", { exact: true }).selectOption("Weekly");
    await form.getByLabel("After", { exact: true }).check();
    await form.getByLabel("Number of times").fill("3");
    const weekday = first.toLocaleDateString("en-US", { weekday: "long" });
    await expect(form.getByText(`Every week on ${weekday}, 3 times, 18:00–19:00`)).toBeVisible();
    await form.getByRole("button", { name: "Add Event" }).click();
    await expect(formStatus(page, "added")).toHaveText(`Event "${name}" added.`);

    const dates = ((await (await page.request.get("/api/v1/events?limit=1000")).json()) as Array<{ id: string; name: string; occurrenceDate: string }>).filter((e) => e.name === name);
    expect(dates).toHaveLength(3);
    const [, second] = dates;
    try {
      await page.goto("/events");
      await expect(page.getByRole("article").filter({ hasText: name })).toHaveCount(3);
      await page.goto(`/events/${second!.id}/${second!.occurrenceDate}`);
      await expect(page.getByText(`Every week on ${weekday}, 3 times.`)).toBeVisible();
      await page.getByRole("button", { name: "Cancel this date" }).click();
      await expect(page.getByText("Cancelled: this date will not take place.")).toBeVisible();
      await expect(page.getByRole("button", { name: "Restore this date" })).toBeVisible();
      const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
      expect(ld.eventStatus).toBe("https://schema.org/EventCancelled");

      // A visitor: the date's page, the list and the feed say so; the other dates stand.
      const visitor = await page.context().browser()!.newPage();
      await visitor.goto(`${baseURL}/events/${second!.id}/${second!.occurrenceDate}`);
      await expect(visitor.getByText("Cancelled: this date will not take place.")).toBeVisible();
      await expect(visitor.getByRole("button", { name: "Cancel this date" })).toHaveCount(0);
      await visitor.goto(`${baseURL}/events`);
      const cards = visitor.getByRole("article").filter({ hasText: name });
      await expect(cards.filter({ hasText: "Cancelled" })).toHaveCount(1);
      const feed = await (await visitor.request.get(`${baseURL}/events/feed.xml`)).text();
      expect(feed).toContain(`Cancelled: ${name}`);
      const calendar = await (await visitor.request.get(`${baseURL}/events.ics`)).text();
      expect(calendar).toMatch(/RRULE:FREQ=WEEKLY;[^\r\n]*COUNT=3/);
      expect(calendar).toMatch(/EXDATE;TZID=America\/Toronto:\d{8}T\d{6}/);
      // What the page refuses is answered with its status: a visitor may not cancel a date, a date never changed has
      // nothing to put back, and a date that is none is not found.
      const post = (p: typeof page, date: string, intent: string) => p.request.post(`${baseURL}/events/${second!.id}/${date}`, { form: { intent }, headers: { Origin: baseURL! }, maxRedirects: 0 });
      expect((await post(visitor, dates[2]!.occurrenceDate, "cancel")).status()).toBe(401);
      expect((await post(page, dates[2]!.occurrenceDate, "restore")).status()).toBe(404);
      expect((await visitor.request.get(`${baseURL}/events/${second!.id}/2026-13-01`)).status()).toBe(404);
      await visitor.close();
    } finally {
      await page.request.delete(`/api/v1/events/${second!.id}`, { headers: { Origin: baseURL! } });
    }
  });
});

/** The first Friday of the month `months` from now, as the site's local date ("2027-02-05"). */
function firstFriday(months: number): string {
  const today = new Date(`${torontoDay(0)}T12:00:00Z`);
  const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + months, 1, 12));
  while (day.getUTCDay() !== 5) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

test.describe("a series built in words", { tag: "@desktop-only" }, () => {
  test("an admin builds \"every month on the first Friday\", saves it, and moves one date, which its page and the calendar show", async ({ page, signIn, baseURL }) => {
    test.setTimeout(120_000);
    // The refusals below are answers with status 400, which the browser logs.
    allowConsoleError("status of 400");
    await signIn("admin");
    const name = `First Friday Art Walk ${Date.now()}`;
    const first = firstFriday(1);
    await page.goto("/admin/events");
    const form = page.getByRole("region", { name: "Add Event" });
    await form.getByLabel("Event Name").fill(name);
    await fillDateTime(form, "Event Date", `${first}T18:00`);
    await fillDateTime(form, "Ends (optional)", `${first}T21:00`);
    await pick(form.getByRole("combobox", { name: "Location Type" }), "Outdoor");
    await form.getByLabel("Outdoor Location Description").fill("Along Queen Street");

    const repeats = form.getByRole("group", { name: "Repeats (optional)" });
    await repeats.getByLabel("Repeats", { exact: true }).selectOption("Monthly");
    await repeats.getByLabel("The", { exact: true }).check();
    await repeats.getByLabel("Which week").selectOption("first");
    await repeats.getByLabel("Weekday").selectOption("Friday");
    await expect(repeats.getByText("Every month on the first Friday, 18:00–21:00")).toBeVisible();

    // A rule with no date is refused beside the field, and what was chosen stays.
    await repeats.getByLabel("On a date").check();
    await repeats.getByLabel("Last date").fill(torontoDay(0));
    await form.getByRole("button", { name: "Add Event" }).click();
    await expect(repeats.getByText("This rule gives no dates from the event's date on.")).toBeVisible();
    await expect(repeats.getByLabel("Weekday")).toHaveValue("FR");
    await repeats.getByLabel("Never", { exact: true }).check();
    await expect(repeats.getByText("Every month on the first Friday, 18:00–21:00")).toBeVisible();
    await expectNoAxeViolations(page);
    await form.getByRole("button", { name: "Add Event" }).click();
    await expect(formStatus(page, "added")).toHaveText(`Event "${name}" added.`);

    const dates = ((await (await page.request.get("/api/v1/events?limit=1000")).json()) as Array<{ id: string; name: string; occurrenceDate: string; eventDate: string }>).filter((e) => e.name === name);
    expect(dates.map((d) => d.occurrenceDate).slice(0, 2)).toEqual([first, firstFriday(2)]);
    const [, second, third] = dates;
    try {
      await page.goto(`/events/${second!.id}/${second!.occurrenceDate}`);
      await expect(page.getByText("Every month on the first Friday.")).toBeVisible();
      const move = page.getByRole("form", { name: "Move this date" });
      // Onto another date of the series: refused beside the new start, what was typed kept.
      // The end follows a new start, keeping the date's three hours.
      await fillDateTime(move, "New start", `${third!.occurrenceDate}T19:00`);
      await expect(move.getByRole("spinbutton", { name: "hour, New end (optional)", exact: true })).toHaveText("10");
      await expect(move.getByRole("spinbutton", { name: "day, New end (optional)", exact: true })).toHaveText(new RegExp(`^0?${Number(third!.occurrenceDate.slice(8))}$`));
      await move.getByRole("button", { name: "Move this date" }).click();
      await expect(move.getByText("Another date of this series is already at that time.")).toBeVisible();
      await expect(move.getByRole("spinbutton", { name: "hour, New start", exact: true })).toHaveText("7");

      // The Saturday after, 19:00–22:00.
      const saturday = new Date(Date.parse(`${second!.occurrenceDate}T12:00:00Z`) + 24 * 3600_000).toISOString().slice(0, 10);
      await fillDateTime(move, "New start", `${saturday}T19:00`);
      await move.getByRole("button", { name: "Move this date" }).click();
      await expect(page.getByRole("status").filter({ hasText: "This date was moved." })).toBeVisible();
      const movedStart = new Date(`${saturday}T19:00:00${torontoOffset(saturday)}`);
      await expect(page.locator("time").first()).toHaveText(torontoWhen(movedStart.toISOString()).replace(/ (E[SD]T)$/, " – 10:00 PM $1"));
      await expect(page.getByText(/^Moved from .*6:00 PM/)).toBeVisible();
      await expect(page.getByRole("button", { name: "Put this date back" })).toBeVisible();

      // A visitor sees the moved time on the date's page and in the calendar, the other dates as they were.
      const visitor = await page.context().browser()!.newPage();
      await visitor.goto(`${baseURL}/events/${second!.id}/${second!.occurrenceDate}`);
      await expect(visitor.locator("time").first()).toContainText(movedStart.toLocaleDateString("en-US", { timeZone: "America/Toronto", weekday: "long", month: "long", day: "numeric" }));
      await expect(visitor.getByRole("region", { name: "Change this date" })).toHaveCount(0);
      const parsed = ical.sync.parseICS(await (await visitor.request.get(`${baseURL}/events.ics`)).text());
      const series = Object.values(parsed).find((c) => c?.type === "VEVENT" && (c as VEvent).summary === name) as VEvent;
      expect(series.rrule?.toString()).toMatch(/FREQ=MONTHLY;.*BYDAY=\+?1FR/);
      expect(series.start.getTime()).toBe(Date.parse(dates[0]!.eventDate));
      // node-ical files each RECURRENCE-ID under two keys: one moved date, the second.
      const moved = [...new Map(Object.values(series.recurrences ?? {}).map((r) => [(r as VEvent).recurrenceid!.getTime(), r as VEvent])).values()];
      expect(moved).toHaveLength(1);
      expect(moved[0]!.recurrenceid!.getTime()).toBe(Date.parse(second!.eventDate));
      expect(moved[0]!.start.getTime()).toBe(movedStart.getTime());
      expect(moved[0]!.end!.getTime()).toBe(movedStart.getTime() + 3 * 3600_000);
      await visitor.close();

      // Editing the series in the form: the builder shows its rule, and the moved date stays moved.
      await page.goto("/admin/events");
      await page.getByRole("button", { name: `Edit ${name}` }).click();
      const edit = page.getByRole("region", { name: `Edit Event: ${name}` });
      const editRepeats = edit.getByRole("group", { name: "Repeats (optional)" });
      await expect(editRepeats.getByLabel("Repeats", { exact: true })).toHaveValue("monthly");
      await expect(editRepeats.getByText("Every month on the first Friday, 18:00–21:00")).toBeVisible();
      await edit.getByRole("textbox", { name: "Description", exact: true }).fill("Galleries open late.");
      await edit.getByRole("button", { name: "Update Event" }).click();
      await expect(formStatus(page, "updated")).toHaveText(`Event "${name}" updated.`);
      await page.goto(`/events/${second!.id}/${second!.occurrenceDate}`);
      await expect(page.getByText("Galleries open late.")).toBeVisible();
      await expect(page.getByText(/^Moved from .*6:00 PM/)).toBeVisible();

      // Putting it back: the rule's own time again.
      await page.getByRole("button", { name: "Put this date back" }).click();
      await expect(page.getByRole("status").filter({ hasText: "This date is back as the series has it." })).toBeVisible();
      await expect(page.locator("time").first()).toHaveText(torontoWhen(second!.eventDate).replace(/ (E[SD]T)$/, " – 9:00 PM $1"));
    } finally {
      await page.request.delete(`/api/v1/events/${second!.id}`, { headers: { Origin: baseURL! } });
    }
  });
});

/** Toronto's UTC offset on a date ("-05:00"). */
function torontoOffset(day: string): string {
  const name = new Date(`${day}T12:00:00Z`).toLocaleString("en-US", { timeZone: "America/Toronto", timeZoneName: "longOffset" });
  return /GMT([+-]\d{2}:\d{2})/.exec(name)![1]!;
}
