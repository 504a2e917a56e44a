// A date of a recurring event's page as a visitor's browser and a search engine get it: the page's loader on a test
// app, rendered to HTML, its schema.org Event read from the page's JSON-LD.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter, RouterContextProvider } from "react-router";
import { JSDOM } from "jsdom";
import { beforeAll, describe, expect, it } from "vitest";
import { setUpTestApp, ORIGIN } from "#tests/setup/app.ts";
import { jsonLdProblems } from "#tests/e2e/json-ld-rules.ts";
import { appContext } from "#web/lib/app-context.ts";
import EventPage, { loader } from "#web/routes/event.tsx";

const t = setUpTestApp();
let cookie: string;
beforeAll(async () => {
  cookie = (await t.signIn("admin")).cookie;
});

/** The page of one date of a series, as a visitor sees it: the times it shows, and its schema.org Event. */
async function datePage(eventId: string, date: string) {
  const context = new RouterContextProvider();
  context.set(appContext, { services: t.services, user: null, nonce: "", siteUrl: ORIGIN, reportError: () => {}, fetch: async (path, init) => t.app.request(`${ORIGIN}${path}`, init) });
  const url = new URL(`${ORIGIN}/events/${eventId}/${date}`);
  const loaderData = await loader({ context, request: new Request(url), url, pattern: "/events/:eventId/:date", params: { eventId, date } });
  if (!("state" in loaderData) || loaderData.state !== "ok") throw new Error(`no page for ${eventId}/${date}`);
  const page = createElement(EventPage, { loaderData, actionData: undefined } as unknown as Parameters<typeof EventPage>[0]);
  const html = renderToString(createElement(MemoryRouter, null, page));
  const document = new JSDOM(html).window.document;
  const ld = JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent!) as Record<string, unknown>;
  return { when: document.querySelector("time")!.textContent, ld, registration: document.querySelector('[data-testid="registration-availability"]')?.textContent ?? null };
}

/** A series added as an administrator does, at `start`–`end` then as `rule` has it; its id. */
async function series(name: string, start: string, end: string, rule: string): Promise<string> {
  const response = await t.request("/api/v1/events", { method: "POST", json: { name, eventDate: start, endDate: end, location: "outdoor", outdoorLocationDescription: "Market Square", recurrenceRule: rule }, cookie });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const change = (eventId: string, date: string, json: unknown) => t.request(`/api/v1/events/${eventId}/occurrences/${date}`, { method: "PUT", json, cookie });

describe("a date of a recurring event's page", () => {
  it("says a date moved to another day was rescheduled, from when, and a cancelled one that it was cancelled", async () => {
    // Thursdays 19:00–21:00 in Toronto from 1 May 2031.
    const id = await series("Thursday Trivia", "2031-05-01T23:00:00.000Z", "2031-05-02T01:00:00.000Z", "FREQ=WEEKLY");
    const moved = await change(id, "2031-05-08", { startDate: "2031-05-09T23:00:00.000Z", endDate: "2031-05-10T01:00:00.000Z" });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ occurrenceDate: "2031-05-08", eventDate: "2031-05-09T23:00:00.000Z", previousStartDate: "2031-05-08T23:00:00.000Z" });
    expect((await change(id, "2031-05-15", { cancelled: true })).status).toBe(200);

    const rescheduled = await datePage(id, "2031-05-08");
    expect(rescheduled.when).toBe("Friday, May 9, 2031, 7:00 PM – 9:00 PM EDT");
    expect(rescheduled.ld).toMatchObject({
      "@type": "Event",
      eventStatus: "https://schema.org/EventRescheduled",
      startDate: "2031-05-09T19:00:00-04:00",
      endDate: "2031-05-09T21:00:00-04:00",
      previousStartDate: "2031-05-08T19:00:00-04:00",
    });
    // What rich results require of an event, and of a rescheduled one.
    expect(jsonLdProblems(rescheduled.ld, new Set())).toEqual([]);
    expect(jsonLdProblems({ ...rescheduled.ld, previousStartDate: undefined }, new Set())).toEqual([`Event "Thursday Trivia": a rescheduled event must give its previousStartDate`]);
    const cancelled = (await datePage(id, "2031-05-15")).ld;
    expect(jsonLdProblems(cancelled, new Set())).toEqual([]);
    expect(cancelled).toMatchObject({ eventStatus: "https://schema.org/EventCancelled", startDate: "2031-05-15T19:00:00-04:00" });
    expect(cancelled).not.toHaveProperty("previousStartDate");
    const asPlanned = (await datePage(id, "2031-05-22")).ld;
    expect(asPlanned).toMatchObject({ eventStatus: "https://schema.org/EventScheduled", startDate: "2031-05-22T19:00:00-04:00" });
    expect(asPlanned).not.toHaveProperty("previousStartDate");
    expect(jsonLdProblems(asPlanned, new Set())).toEqual([]);
    expect(jsonLdProblems({ ...asPlanned, previousStartDate: asPlanned.startDate }, new Set())).toEqual([`Event "Thursday Trivia": only a rescheduled event has a previousStartDate`]);

    // Moved to another end only, the date still starts as planned.
    expect((await change(id, "2031-05-29", { startDate: "2031-05-29T23:00:00.000Z", endDate: "2031-05-30T02:00:00.000Z" })).status).toBe(200);
    expect((await datePage(id, "2031-05-29")).ld).toMatchObject({ eventStatus: "https://schema.org/EventScheduled", endDate: "2031-05-29T22:00:00-04:00" });
  });

  it("ends a date on the night the clocks change at the same time on the clocks as the first date", async () => {
    // Saturdays 22:00 to Sunday 03:00 in Toronto from 25 October 2031; the clocks go back at 02:00 on 2 November.
    const id = await series("Late Show", "2031-10-26T02:00:00.000Z", "2031-10-26T07:00:00.000Z", "FREQ=WEEKLY");
    const night = await datePage(id, "2031-11-01");
    expect(night.when).toBe("Saturday, November 1, 2031, 10:00 PM – Sunday, November 2, 2031, 3:00 AM EST");
    expect(night.ld).toMatchObject({ startDate: "2031-11-01T22:00:00-04:00", endDate: "2031-11-02T03:00:00-05:00" });
    expect((await datePage(id, "2031-11-08")).ld).toMatchObject({ startDate: "2031-11-08T22:00:00-05:00", endDate: "2031-11-09T03:00:00-05:00" });
  });

  it("says the places left of a date taking registrations, and carries them in its JSON-LD as a free offer", async () => {
    const id = await series("Pottery class", "2031-03-04T23:00:00.000Z", "2031-03-05T01:00:00.000Z", "FREQ=WEEKLY;BYDAY=TU");
    const date = "2031-03-11";
    expect((await t.request(`/api/v1/events/${id}/registration?date=${date}`, { method: "PUT", json: { enabled: true, capacity: 3, maxPartySize: 2 }, cookie })).status).toBe(200);
    expect((await t.request(`/api/v1/events/${id}/registrations`, { method: "POST", json: { name: "Pat", email: "pat-pottery@example.com", partySize: 2, date }, cookie })).status).toBe(201);
    const page = await datePage(id, date);
    expect(page.registration).toBe("1 place left");
    expect(page.ld).toMatchObject({ maximumAttendeeCapacity: 3, remainingAttendeeCapacity: 1, offers: { "@type": "Offer", price: 0, availability: "https://schema.org/InStock" } });
    expect(jsonLdProblems(page.ld, new Set())).toEqual([]);
    // Another date of the series has its own places: none set, so none taken.
    expect((await datePage(id, "2031-03-18")).registration).toBeNull();
    expect((await t.request(`/api/v1/events/${id}/registrations`, { method: "POST", json: { name: "Sam", email: "sam-pottery@example.com", partySize: 1, date }, cookie })).status).toBe(201);
    const full = await datePage(id, date);
    expect(full.registration).toBe("Full: join the waiting list");
    expect(full.ld).toMatchObject({ remainingAttendeeCapacity: 0, offers: { availability: "https://schema.org/SoldOut" } });
  });
});
