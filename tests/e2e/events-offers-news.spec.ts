// Events, offers and news that people open, share and subscribe to: each has its own page, in the site's time zone.
import type { APIRequestContext } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";

/** An event a few days ahead at 18:00–21:00 Toronto time, held at the demo gallery; made through the admin API. */
async function addEvent(request: APIRequestContext, baseURL: string, overrides: Record<string, unknown> = {}) {
  const businesses = (await (await request.get("/api/v1/businesses")).json()) as Array<{ id: string; name: string; address: string }>;
  const venue = businesses.find((b) => b.name === "Riverbend Gallery")!;
  // 2 days ahead, at 23:00 UTC: 18:00 in Toronto in winter, 19:00 in summer; the page reads it in the site's zone.
  const day = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const start = `${day}T23:00:00.000Z`;
  const end = `${day}T23:59:00.000Z`;
  const name = `Gallery Night ${Date.now()}`;
  const response = await request.post("/api/v1/events", {
    headers: { Origin: baseURL },
    data: { name, eventDate: start, endDate: end, location: venue.id, description: "Paintings, music and cider.", ticketsLink: "https://tickets.example/gallery", ...overrides },
  });
  expect(response.status()).toBe(201);
  return { ...((await response.json()) as { id: string; name: string }), venue, start, end };
}

/** The wall time in Toronto as the page must show it, computed independently of the page's code. */
function torontoWhen(start: string, end: string) {
  const zone = { timeZone: "America/Toronto" } as const;
  const day = new Date(start).toLocaleDateString("en-US", { ...zone, weekday: "long", year: "numeric", month: "long", day: "numeric" });
  const time = (iso: string) => new Date(iso).toLocaleTimeString("en-US", { ...zone, hour: "numeric", minute: "2-digit" });
  return `${day}, ${time(start)} – ${time(end)}`;
}

test.describe("an event's page", () => {
  test("opens from the home page with its time, place, tickets, calendar links and structured data", async ({ page, signIn, baseURL }) => {
    await signIn("admin");
    const event = await addEvent(page.request, baseURL!, { eventDate: new Date(Date.now() + 60 * 60 * 1000).toISOString(), endDate: null });
    await page.goto("/");
    const section = page.getByRole("region", { name: "Upcoming Events" });
    await section.getByRole("link", { name: event.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/events/${event.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: event.name })).toBeVisible();
    await expect(page.getByRole("link", { name: "Riverbend Gallery" })).toHaveAttribute("href", `/business/${event.venue.id}`);
    await expect(page.getByText(event.venue.address)).toBeVisible();
    await expect(page.getByRole("link", { name: /Get Tickets/ })).toHaveAttribute("href", "https://tickets.example/gallery");
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
      location: { "@type": "Place", name: "Riverbend Gallery", address: { "@type": "PostalAddress", streetAddress: event.venue.address } },
      offers: { "@type": "Offer", url: "https://tickets.example/gallery" },
      organizer: { "@type": "Organization", name: "Riverbend Gallery" },
    });
    expect(ld.startDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-0[45]:00$/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", event.name);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${baseURL}/events/${event.id}`);
    await expectNoAxeViolations(page);
  });

  test("an unknown event says so with a 404", async ({ page }) => {
    const response = await page.goto("/events/doesnotexist000000000");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Event not found.")).toBeVisible();
  });
});

test.describe("in another time zone", () => {
  test.use({ timezoneId: "Asia/Tokyo" });

  test("a visitor sees the site's times, not the browser's", async ({ page, signIn, baseURL }) => {
    await signIn("admin");
    const event = await addEvent(page.request, baseURL!);
    await page.goto(`/events/${event.id}`);
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe("Asia/Tokyo");
    await expect(page.locator("time").first()).toContainText(torontoWhen(event.start, event.end));
  });
});
