import { describe, expect, it } from "vitest";
import { describeRule, hasOccurrence, normalizeRule, occurrences, occursOn } from "./recurrence.ts";

const TORONTO = "America/Toronto";
// Friday 6 November 2026, 18:00–21:00 in Toronto (EST).
const series = { start: "2026-11-06T23:00:00.000Z", end: "2026-11-07T02:00:00.000Z", rule: "FREQ=MONTHLY;BYDAY=1FR" };

describe("recurring events", () => {
  it("says the rule in plain words, and refuses what is not a rule", () => {
    expect(describeRule("FREQ=MONTHLY;BYDAY=1FR")).toBe("Every month on the 1st Friday");
    expect(describeRule("RRULE:FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270630T235959Z")).toBe("Every week on Tuesday, Thursday until June 30, 2027");
    expect(normalizeRule("every friday")).toBeNull();
    expect(normalizeRule("FREQ=SOMETIMES")).toBeNull();
  });

  it("keeps the local time across the change from summer time, each occurrence with its own date", () => {
    const list = occurrences({ ...series, start: "2026-10-02T22:00:00.000Z", end: "2026-10-03T01:00:00.000Z" }, { from: new Date("2026-09-01T00:00:00Z"), now: new Date("2026-09-01T00:00:00Z"), timeZone: TORONTO });
    expect(list.slice(0, 3)).toEqual([
      { date: "2026-10-02", start: "2026-10-02T22:00:00.000Z", end: "2026-10-03T01:00:00.000Z" },
      { date: "2026-11-06", start: "2026-11-06T23:00:00.000Z", end: "2026-11-07T02:00:00.000Z" },
      { date: "2026-12-04", start: "2026-12-04T23:00:00.000Z", end: "2026-12-05T02:00:00.000Z" },
    ]);
  });

  it("ends each date at the first one's time on the clocks, on the nights they change too", () => {
    // Saturdays 22:00 to Sunday 03:00 in Toronto: the clocks go back on 1 November 2026 and forward on 14 March 2027,
    // so those nights' dates last six hours and four.
    const overnight = (start: string, end: string) => ({ start, end, rule: "FREQ=WEEKLY" });
    const autumn = overnight("2026-10-25T02:00:00.000Z", "2026-10-25T07:00:00.000Z");
    const listed = occurrences(autumn, { from: new Date("2026-10-01T00:00:00Z"), now: new Date("2026-10-01T00:00:00Z"), timeZone: TORONTO });
    expect(listed.slice(0, 3)).toEqual([
      { date: "2026-10-24", start: "2026-10-25T02:00:00.000Z", end: "2026-10-25T07:00:00.000Z" },
      { date: "2026-10-31", start: "2026-11-01T02:00:00.000Z", end: "2026-11-01T08:00:00.000Z" },
      { date: "2026-11-07", start: "2026-11-08T03:00:00.000Z", end: "2026-11-08T08:00:00.000Z" },
    ]);
    expect(occursOn(autumn, "2026-10-31", TORONTO)).toEqual(listed[1]);
    const spring = overnight("2027-03-07T03:00:00.000Z", "2027-03-07T08:00:00.000Z");
    expect(occursOn(spring, "2027-03-13", TORONTO)).toEqual({ date: "2027-03-13", start: "2027-03-14T03:00:00.000Z", end: "2027-03-14T07:00:00.000Z" });
    // A first date that spans the change ends as it was set to, and the next ones at the same time on the clocks.
    const across = overnight("2026-11-01T02:00:00.000Z", "2026-11-01T08:00:00.000Z");
    expect(occurrences(across, { from: new Date("2026-10-01T00:00:00Z"), now: new Date("2026-10-01T00:00:00Z"), timeZone: TORONTO }).slice(0, 2)).toEqual([
      { date: "2026-10-31", start: "2026-11-01T02:00:00.000Z", end: "2026-11-01T08:00:00.000Z" },
      { date: "2026-11-07", start: "2026-11-08T03:00:00.000Z", end: "2026-11-08T08:00:00.000Z" },
    ]);
  });

  it("expands at most the next 12 months, and at most 500 dates", () => {
    const now = new Date("2026-11-01T00:00:00Z");
    const monthly = occurrences(series, { from: now, now, timeZone: TORONTO });
    expect(monthly).toHaveLength(12);
    expect(monthly.at(-1)!.date).toBe("2027-10-01");
    const hourly = occurrences({ start: "2026-11-01T12:00:00.000Z", end: null, rule: "FREQ=HOURLY" }, { from: now, now, timeZone: TORONTO });
    expect(hourly).toHaveLength(500);
  });

  it("knows which dates are in the series, and rules that give no date", () => {
    expect(occursOn(series, "2026-12-04", TORONTO)).toEqual({ date: "2026-12-04", start: "2026-12-04T23:00:00.000Z", end: "2026-12-05T02:00:00.000Z" });
    expect(occursOn(series, "2026-12-11", TORONTO)).toBeNull();
    expect(hasOccurrence("FREQ=MONTHLY;BYDAY=1FR", series.start, TORONTO)).toBe(true);
    expect(hasOccurrence("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", series.start, TORONTO)).toBe(false);
    expect(hasOccurrence("FREQ=WEEKLY;UNTIL=20200101T000000Z", series.start, TORONTO)).toBe(false);
  });

  it("finds a date at the zone's midnight (an all-day series), and refuses what is no date without working for long", () => {
    // Saturday 5 December 2026 from midnight in Toronto (05:00 UTC), every week.
    const allDay = { start: "2026-12-05T05:00:00.000Z", end: null, rule: "FREQ=WEEKLY" };
    expect(occursOn(allDay, "2026-12-12", TORONTO)).toEqual({ date: "2026-12-12", start: "2026-12-12T05:00:00.000Z", end: null });
    expect(occursOn(allDay, "2026-12-11", TORONTO)).toBeNull();
    const hourly = { start: "2027-02-27T06:00:00.000Z", end: null, rule: "FREQ=HOURLY" };
    expect(occursOn(hourly, "2027-02-28", TORONTO)?.start).toBe("2027-02-28T05:00:00.000Z");
    expect(occursOn(hourly, "2027-02-30", TORONTO)).toBeNull();
    expect(occursOn(allDay, "2026-13-01", TORONTO)).toBeNull();
    // Past the dates looked through (20,000: an hourly series' first two years and more), a date is not looked for.
    expect(occursOn(hourly, "2029-04-30", TORONTO)?.date).toBe("2029-04-30");
    expect(occursOn(hourly, "2100-01-01", TORONTO)).toBeNull();
  });

  it("refuses a rule that reads but cannot be built", () => {
    expect(normalizeRule("FREQ=DAILY;BYSETPOS=0")).toBeNull();
    expect(describeRule("FREQ=DAILY;BYSETPOS=0")).toBeNull();
  });
});
