// Recurring events: each date its own in lists and feeds, one date cancelled or moved without touching the others,
// the exceptions kept when the series is edited, and the calendar's RRULE, EXDATE and RECURRENCE-ID.
import { beforeAll, describe, expect, it } from "vitest";
import ical, { type VEvent } from "node-ical";
import ICAL from "ical.js";
import { parseFeed } from "@rowanmanning/feed-parser";
import { setUpTestApp } from "#tests/setup/app.ts";
import { offsetMinutes, zonedInstant } from "#shared/zoned-time.ts";

const t = setUpTestApp();
let cookie: string;
beforeAll(async () => {
  cookie = (await t.signIn("admin")).cookie;
});

const asAdmin = (path: string, init: { method?: string; json?: unknown } = {}) => t.request(path, { ...init, cookie });
const DAY = 24 * 60 * 60 * 1000;

/** A weekly series starting next week at 18:00–21:00 Toronto time; returns it and its first three dates. */
async function weekly(name: string) {
  const first = new Date(Date.now() + 7 * DAY);
  const day = first.toLocaleDateString("en-CA", { timeZone: "America/Toronto" });
  const start = new Date(`${day}T18:00:00-05:00`);
  const response = await asAdmin("/api/v1/events", {
    method: "POST",
    json: { name, eventDate: start.toISOString(), endDate: new Date(start.getTime() + 3 * 60 * 60 * 1000).toISOString(), location: "outdoor", outdoorLocationDescription: "Market Square", recurrenceRule: "freq=weekly" },
  });
  expect(response.status).toBe(201);
  const event = (await response.json()) as { id: string; recurrenceRule: string };
  const list = ((await (await t.request("/api/v1/events?limit=200")).json()) as Array<{ id: string; occurrenceDate: string; eventDate: string; cancelled: boolean }>).filter((e) => e.id === event.id);
  return { event, list };
}

describe("recurring events", () => {
  it("lists each date of a series as its own, and cancels or moves one date without touching the others", async () => {
    const { event, list } = await weekly("Weekly Market");
    expect(event.recurrenceRule).toBe("FREQ=WEEKLY");
    expect(list.length).toBeGreaterThanOrEqual(50);
    expect(list.length).toBeLessThanOrEqual(53);
    const [first, second, third] = list;
    expect(new Date(second!.eventDate).getTime() - new Date(first!.eventDate).getTime()).toBeGreaterThanOrEqual(7 * DAY - 60 * 60 * 1000);

    const cancelled = await asAdmin(`/api/v1/events/${event.id}/occurrences/${second!.occurrenceDate}`, { method: "PUT", json: { cancelled: true } });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ occurrenceDate: second!.occurrenceDate, cancelled: true });
    const movedStart = new Date(new Date(third!.eventDate).getTime() + DAY).toISOString();
    const moved = await asAdmin(`/api/v1/events/${event.id}/occurrences/${third!.occurrenceDate}`, { method: "PUT", json: { startDate: movedStart } });
    expect(await moved.json()).toMatchObject({ occurrenceDate: third!.occurrenceDate, eventDate: movedStart, cancelled: false });

    // Editing the series keeps its exceptions.
    await asAdmin(`/api/v1/events/${event.id}`, { method: "PUT", json: { name: "Weekly Farmers Market", eventDate: first!.eventDate, location: "outdoor", outdoorLocationDescription: "Market Square", recurrenceRule: "FREQ=WEEKLY" } });
    const after = ((await (await t.request("/api/v1/events?limit=200")).json()) as Array<{ id: string; name: string; occurrenceDate: string; eventDate: string; cancelled: boolean }>).filter((e) => e.id === event.id);
    expect(after.find((e) => e.occurrenceDate === first!.occurrenceDate)).toMatchObject({ name: "Weekly Farmers Market", cancelled: false });
    expect(after.find((e) => e.occurrenceDate === second!.occurrenceDate)).toMatchObject({ cancelled: true });
    expect(after.find((e) => e.occurrenceDate === third!.occurrenceDate)).toMatchObject({ eventDate: movedStart });

    // The calendar: one series with its rule, the cancelled date excluded, the moved date as its own VEVENT.
    const parsed = ical.sync.parseICS(await (await t.request("/events.ics")).text());
    const series = Object.values(parsed).find((c) => c?.type === "VEVENT" && (c as VEvent).summary === "Weekly Farmers Market") as VEvent;
    expect(series.rrule?.toString()).toContain("FREQ=WEEKLY");
    // node-ical files each EXDATE under two keys.
    expect([...new Set(Object.values(series.exdate ?? {}).map((d) => (d as Date).getTime()))]).toEqual([new Date(second!.eventDate).getTime()]);
    const recurrence = Object.values(series.recurrences ?? {})[0] as VEvent;
    expect(recurrence.start.getTime()).toBe(new Date(movedStart).getTime());
    expect(Number(series.sequence)).toBeGreaterThanOrEqual(3);

    // The events feed lists each date; the cancelled one says so.
    const feed = parseFeed(await (await t.request("/events/feed.xml")).text());
    const items = feed.items.filter((i) => i.title?.includes("Weekly Farmers Market"));
    expect(items.length).toBeGreaterThan(1);
    expect(items.some((i) => i.url?.endsWith(`/events/${event.id}/${second!.occurrenceDate}`) && i.title?.startsWith("Cancelled: "))).toBe(true);

    const restored = await asAdmin(`/api/v1/events/${event.id}/occurrences/${second!.occurrenceDate}`, { method: "DELETE" });
    expect(await restored.json()).toMatchObject({ cancelled: false });
  });

  it("a series with an end date: calendar apps reading the feed get the same dates as the site, the last one too", async () => {
    // Fridays at 19:30 in Toronto (00:30 UTC the next day), until the third, as the form's "Ends on" writes it.
    const day = (offset: number) => new Date(Date.now() + offset * DAY).toLocaleDateString("en-CA", { timeZone: "America/Toronto" });
    let offset = 7;
    while (new Date(`${day(offset)}T12:00:00Z`).getUTCDay() !== 5) offset++;
    const [first, last] = [day(offset), day(offset + 14)];
    const timed = await asAdmin("/api/v1/events", {
      method: "POST",
      json: { name: "Friday Jazz", eventDate: new Date(`${first}T19:30:00-05:00`).toISOString(), location: "outdoor", outdoorLocationDescription: "Bandstand", recurrenceRule: `FREQ=WEEKLY;BYDAY=FR;UNTIL=${last.replaceAll("-", "")}T235959Z` },
    });
    expect(timed.status).toBe(201);
    // Every Saturday all day, from its midnight, until the third.
    const saturday = day(offset + 1);
    const allDay = await asAdmin("/api/v1/events", {
      method: "POST",
      json: { name: "Saturday Market", eventDate: new Date(`${saturday}T00:00:00-05:00`).toISOString(), allDay: true, location: "outdoor", outdoorLocationDescription: "Square", recurrenceRule: `FREQ=WEEKLY;UNTIL=${day(offset + 15).replaceAll("-", "")}T235959Z` },
    });
    expect(allDay.status).toBe(201);
    const listed = (await (await t.request("/api/v1/events?limit=500")).json()) as Array<{ name: string; occurrenceDate: string; eventDate: string }>;
    const onSite = (name: string) => listed.filter((e) => e.name === name);
    expect(onSite("Friday Jazz").map((e) => e.occurrenceDate)).toEqual([first, day(offset + 7), last]);
    expect(onSite("Saturday Market").map((e) => e.occurrenceDate)).toEqual([saturday, day(offset + 8), day(offset + 15)]);

    // Each all-day date, at the zone's midnight, has its page and can be cancelled.
    const allDayId = ((await allDay.json()) as { id: string }).id;
    expect((await asAdmin(`/api/v1/events/${allDayId}/occurrences/${day(offset + 8)}`, { method: "PUT", json: { cancelled: true } })).status).toBe(200);

    const text = await (await t.request("/events.ics")).text();
    const calendar = new ICAL.Component(ICAL.parse(text));
    for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
    const expanded = (name: string) => {
      const vevent = calendar.getAllSubcomponents("vevent").find((v) => v.getFirstPropertyValue("summary") === name && !v.hasProperty("recurrence-id"))!;
      const iterator = new ICAL.Event(vevent).iterator();
      const starts: string[] = [];
      for (let next = iterator.next(); next && starts.length < 10; next = iterator.next()) starts.push(next.isDate ? next.toString() : next.toJSDate().toISOString());
      return { starts, rule: String(vevent.getFirstPropertyValue("rrule")) };
    };
    expect(expanded("Friday Jazz").starts).toEqual(onSite("Friday Jazz").map((e) => e.eventDate));
    // Beside a date, UNTIL is a date (RFC 5545 3.3.10), the last date in; the cancelled one is left out.
    const market = expanded("Saturday Market");
    expect(market.rule).toMatch(new RegExp(`UNTIL=${day(offset + 15).replaceAll("-", "")}(;|$)`));
    expect(market.starts).toEqual([saturday, day(offset + 15)]);
    expect(text).toContain(`EXDATE;VALUE=DATE:${day(offset + 8).replaceAll("-", "")}`);

    // The file imported again reads as unchanged: its UTC UNTIL is the site's own "until" again.
    const preview = (await (await t.request("/api/v1/imports?fileName=feed.ics", { method: "POST", body: text, headers: { "Content-Type": "text/calendar" }, cookie })).json()) as { rows: Array<{ cells: Record<string, string>; status: string; changes: unknown[] }> };
    expect(preview.rows.filter((r) => ["Friday Jazz", "Saturday Market"].includes(r.cells.name!)).map((r) => [r.status, r.changes])).toEqual([["unchanged", []], ["unchanged", []]]);
  });

  it("ends each date at the first one's time on the clocks, the night they change too, in the list and the calendar", async () => {
    const zone = "America/Toronto";
    const today = new Date().toLocaleDateString("en-CA", { timeZone: zone });
    const day = (offset: number) => new Date(Date.parse(`${today}T12:00:00Z`) + offset * DAY).toISOString().slice(0, 10);
    // The next night the clocks change, a week ahead at least (Saturday to Sunday, at 02:00).
    let night = 8;
    while (offsetMinutes(new Date(`${day(night)}T12:00:00Z`), zone) === offsetMinutes(new Date(`${day(night + 1)}T12:00:00Z`), zone)) night++;
    // Saturdays 22:00 to Sunday 03:00 from the week before: that night's date lasts an hour more or less than the others.
    const at = (offset: number, time: string) => zonedInstant(`${day(offset)}T${time}`, zone).toISOString();
    const response = await asAdmin("/api/v1/events", {
      method: "POST",
      json: { name: "Late Show", eventDate: at(night - 7, "22:00"), endDate: at(night - 6, "03:00"), location: "outdoor", outdoorLocationDescription: "Bandstand", recurrenceRule: "FREQ=WEEKLY" },
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const listed = ((await (await t.request("/api/v1/events?limit=500")).json()) as Array<{ id: string; occurrenceDate: string; eventDate: string; endDate: string }>).filter((e) => e.id === id);
    const expected = [-7, 0, 7].map((offset) => ({ occurrenceDate: day(night + offset), eventDate: at(night + offset, "22:00"), endDate: at(night + offset + 1, "03:00") }));
    expect(listed.slice(0, 3).map(({ occurrenceDate, eventDate, endDate }) => ({ occurrenceDate, eventDate, endDate }))).toEqual(expected);

    // A calendar app reading the feed ends them at the same times.
    const calendar = new ICAL.Component(ICAL.parse(await (await t.request("/events.ics")).text()));
    for (const zoneComponent of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(new ICAL.Timezone(zoneComponent));
    const series = new ICAL.Event(calendar.getAllSubcomponents("vevent").find((v) => v.getFirstPropertyValue("summary") === "Late Show")!);
    const iterator = series.iterator();
    const inCalendar: Array<{ eventDate: string; endDate: string }> = [];
    for (let next = iterator.next(); next && inCalendar.length < 3; next = iterator.next()) {
      const details = series.getOccurrenceDetails(next);
      inCalendar.push({ eventDate: details.startDate.toJSDate().toISOString(), endDate: details.endDate.toJSDate().toISOString() });
    }
    expect(inCalendar).toEqual(expected.map(({ eventDate, endDate }) => ({ eventDate, endDate })));
    await asAdmin(`/api/v1/events/${id}`, { method: "DELETE" });
  });

  it("lists a date by when it takes place once moved: moved into the past it is a past event, not the next one", async () => {
    const { event, list } = await weekly("Moved Away");
    const [, second] = list;
    const yesterday = new Date(Date.now() - DAY).toISOString();
    expect((await asAdmin(`/api/v1/events/${event.id}/occurrences/${second!.occurrenceDate}`, { method: "PUT", json: { startDate: yesterday } })).status).toBe(200);
    const upcoming = ((await (await t.request("/api/v1/events?limit=500")).json()) as Array<{ id: string; occurrenceDate: string; eventDate: string }>).filter((e) => e.id === event.id);
    expect(upcoming.map((e) => e.occurrenceDate)).not.toContain(second!.occurrenceDate);
    expect(Date.parse(upcoming[0]!.eventDate)).toBeGreaterThan(Date.now());
    const past = ((await (await t.request("/api/v1/events?when=past&limit=500")).json()) as Array<{ id: string; occurrenceDate: string; eventDate: string }>).filter((e) => e.id === event.id);
    expect(past).toEqual([expect.objectContaining({ occurrenceDate: second!.occurrenceDate, eventDate: yesterday })]);
    await asAdmin(`/api/v1/events/${event.id}`, { method: "DELETE" });
  });

  it("expands a series over the next 12 months only, and to at most 500 dates", async () => {
    const start = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const add = async (name: string, recurrenceRule: string) => {
      const response = await asAdmin("/api/v1/events", { method: "POST", json: { name, eventDate: start, location: "outdoor", outdoorLocationDescription: "Square", recurrenceRule } });
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: string }).id;
    };
    const daily = await add("Daily bound", "FREQ=DAILY");
    const hourly = await add("Hourly bound", "FREQ=HOURLY");
    const listed = (await (await t.request("/api/v1/events")).json()) as Array<{ id: string; eventDate: string }>;
    const days = listed.filter((e) => e.id === daily);
    expect(days.length).toBeGreaterThanOrEqual(365);
    expect(days.length).toBeLessThanOrEqual(367);
    expect(Date.parse(days.at(-1)!.eventDate)).toBeLessThanOrEqual(Date.now() + 366 * DAY);
    expect(listed.filter((e) => e.id === hourly)).toHaveLength(500);
    for (const id of [daily, hourly]) await asAdmin(`/api/v1/events/${id}`, { method: "DELETE" });
  });

  it("refuses a rule with no date, a date not in the series and an end before the start, each beside its field", async () => {
    const base = { name: "Never", eventDate: new Date(Date.now() + DAY).toISOString(), location: "outdoor", outdoorLocationDescription: "Nowhere" };
    const noDates = await asAdmin("/api/v1/events", { method: "POST", json: { ...base, recurrenceRule: "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30" } });
    expect(noDates.status).toBe(400);
    expect((await noDates.json()).error.fields).toEqual({ recurrenceRule: "This rule gives no dates from the event's date on." });
    const unreadable = await asAdmin("/api/v1/events", { method: "POST", json: { ...base, recurrenceRule: "every other Tuesday" } });
    expect((await unreadable.json()).error.fields.recurrenceRule).toMatch(/^Enter a repeat rule/);

    const { event, list } = await weekly("Refusals");
    const offDay = new Date(new Date(list[0]!.eventDate).getTime() + DAY).toLocaleDateString("en-CA", { timeZone: "America/Toronto" });
    const notInSeries = await asAdmin(`/api/v1/events/${event.id}/occurrences/${offDay}`, { method: "PUT", json: { cancelled: true } });
    expect(notInSeries.status).toBe(400);
    expect((await notInSeries.json()).error.fields).toEqual({ date: "This date is not in the series." });
    const backwards = await asAdmin(`/api/v1/events/${event.id}/occurrences/${list[0]!.occurrenceDate}`, {
      method: "PUT",
      json: { startDate: list[0]!.eventDate, endDate: new Date(new Date(list[0]!.eventDate).getTime() - 60_000).toISOString() },
    });
    expect((await backwards.json()).error.fields).toEqual({ endDate: "The end must be after the start." });
    // Moved onto another of its dates (the next week's, overlapping its 18:00–21:00): refused beside the start.
    const onto = new Date(new Date(list[1]!.eventDate).getTime() + 60 * 60 * 1000).toISOString();
    const collides = await asAdmin(`/api/v1/events/${event.id}/occurrences/${list[0]!.occurrenceDate}`, { method: "PUT", json: { startDate: onto, endDate: new Date(new Date(onto).getTime() + 60 * 60 * 1000).toISOString() } });
    expect(collides.status).toBe(400);
    expect((await collides.json()).error.fields).toEqual({ startDate: "Another date of this series is already at that time." });
    // The day before it is free.
    const dayBefore = new Date(new Date(list[1]!.eventDate).getTime() - DAY).toISOString();
    expect((await asAdmin(`/api/v1/events/${event.id}/occurrences/${list[0]!.occurrenceDate}`, { method: "PUT", json: { startDate: dayBefore } })).status).toBe(200);
    expect((await t.request(`/api/v1/events/${event.id}/occurrences/${list[0]!.occurrenceDate}`, { method: "PUT", json: { cancelled: true } })).status).toBe(401);
  });
});
