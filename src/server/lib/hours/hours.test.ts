import { describe, expect, it } from "vitest";
import { OpeningHoursFieldSchema, OpeningHoursInputSchema, exceptionText, statusText, toOsm, type OpeningHoursInput } from "#shared/schemas/opening-hours.ts";
import { comingExceptions, HoursClock, hoursStatus, publicHolidays } from "./hours-status.ts";
import { fromOsm, OsmHoursError } from "./osm-hours.ts";

const zone = { timeZone: "America/Toronto", holidayRegion: "CA-ON" };
const hours = (input: OpeningHoursInput) => OpeningHoursInputSchema.parse(input);
const nineToFive = { open: "09:00", close: "17:00" };
const weekdays = hours({ week: { mo: [nineToFive], tu: [nineToFive], we: [nineToFive], th: [nineToFive], fr: [nineToFive], sa: [], su: [] } });
const bar = hours({ week: { mo: [], tu: [], we: [], th: [], fr: [{ open: "18:00", close: "02:00" }], sa: [{ open: "18:00", close: "02:00" }], su: [] } });
const isOpenNow = (h: ReturnType<typeof hours> | null, z: typeof zone, at: Date) => hoursStatus(h, new HoursClock(z, at), undefined, false).openNow;
const text = (h: ReturnType<typeof hours>, at: string) => statusText(hoursStatus(h, zone, new Date(at)));

describe("open or closed in the site's time zone", () => {
  it("uses Toronto's offset after the spring change (8 March 2026)", () => {
    // 09:30 in Toronto on Monday 9 March is 13:30 UTC (EDT, -4); at 13:30 UTC under EST it would be 08:30.
    expect(text(weekdays, "2026-03-09T13:30:00Z")).toBe("Open now · closes 17:00");
    expect(text(weekdays, "2026-03-09T12:30:00Z")).toBe("Closed · opens today 09:00");
    // Friday 6 March (still EST, -5): 09:30 local is 14:30 UTC, 13:30 UTC is 08:30 local.
    expect(text(weekdays, "2026-03-06T13:30:00Z")).toBe("Closed · opens today 09:00");
  });

  it("closes an overnight interval on the night the clocks spring forward", () => {
    // Saturday 7 March 18:00 EST until Sunday 02:00, which does not exist: the clocks go to 03:00 EDT at 07:00 UTC.
    expect(text(bar, "2026-03-08T06:30:00Z")).toBe("Open now · closes 03:00");
    expect(text(bar, "2026-03-08T07:00:00Z")).toBe("Closed · opens Fri 18:00");
  });

  it("closes at the moment the clocks spring forward when the closing time is skipped (14 March 2027)", () => {
    const late = hours({ week: { mo: [], tu: [], we: [], th: [], fr: [], sa: [], su: [{ open: "01:00", close: "02:30" }] } });
    // 01:30 EST is 06:30 UTC; the clocks go from 02:00 EST to 03:00 EDT at 07:00 UTC.
    expect(text(late, "2027-03-14T06:30:00Z")).toBe("Open now · closes 03:00");
    expect(isOpenNow(late, zone, new Date("2027-03-14T07:10:00Z"))).toBe(false);
  });

  it("keeps an overnight interval its full length on the night the clocks fall back (1 November 2026)", () => {
    // Saturday 31 October 18:00 EDT (22:00 UTC) to Sunday 02:00 EST (07:00 UTC): 01:30 comes twice.
    expect(isOpenNow(bar, zone, new Date("2026-11-01T05:30:00Z"))).toBe(true); // 01:30 EDT
    expect(isOpenNow(bar, zone, new Date("2026-11-01T06:30:00Z"))).toBe(true); // 01:30 EST
    expect(isOpenNow(bar, zone, new Date("2026-11-01T07:00:00Z"))).toBe(false); // 02:00 EST
    expect(hoursStatus(bar, zone, new Date("2026-11-01T06:30:00Z")).next?.at).toBe("2026-11-01T07:00:00Z");
    // Monday 2 November 09:00 EST is 14:00 UTC.
    expect(text(weekdays, "2026-11-02T13:59:00Z")).toBe("Closed · opens today 09:00");
    expect(text(weekdays, "2026-11-02T14:00:00Z")).toBe("Open now · closes 17:00");
  });

  it("carries an overnight interval across midnight into the next day", () => {
    // Friday 13 November 2026, 23:30 local (EST) and Saturday 01:59 local.
    expect(text(bar, "2026-11-14T04:30:00Z")).toBe("Open now · closes Sat 02:00");
    expect(isOpenNow(bar, zone, new Date("2026-11-14T06:59:00Z"))).toBe(true);
    expect(text(bar, "2026-11-14T07:00:00Z")).toBe("Closed · opens today 18:00");
    // Sunday 02:30: Saturday's interval has ended, the next opening is Friday.
    expect(text(bar, "2026-11-15T07:30:00Z")).toBe("Closed · opens Fri 18:00");
  });

  it("joins intervals that follow on without a gap, and says when a place never closes", () => {
    const always = hours({ week: Object.fromEntries(["mo", "tu", "we", "th", "fr", "sa", "su"].map((d) => [d, [{ open: "00:00", close: "24:00" }]])) });
    expect(text(always, "2026-06-10T12:00:00Z")).toBe("Open now · open 24 hours");
    const split = hours({ week: { mo: [{ open: "08:00", close: "12:00" }, { open: "12:00", close: "20:00" }], tu: [], we: [], th: [], fr: [], sa: [], su: [] } });
    expect(text(split, "2026-06-08T13:00:00Z")).toBe("Open now · closes 20:00");
  });

  it("follows a dated exception: closed on a day, or special hours", () => {
    const withExceptions = hours({
      ...weekdays,
      exceptions: [
        { from: "2026-06-10", note: "Inventory" },
        { from: "2026-06-11", intervals: [{ open: "12:00", close: "15:00" }] },
      ],
    });
    expect(isOpenNow(withExceptions, zone, new Date("2026-06-10T15:00:00Z"))).toBe(false);
    expect(text(withExceptions, "2026-06-10T15:00:00Z")).toBe("Closed · opens Thu 12:00");
    expect(text(withExceptions, "2026-06-11T17:00:00Z")).toBe("Open now · closes 15:00");
  });

  it("closes on the region's public holidays when so set", () => {
    // Christmas Day 2026 is a Friday; Boxing Day a Saturday.
    const shop = hours({ ...weekdays, closedOnPublicHolidays: true });
    expect(isOpenNow(shop, zone, new Date("2026-12-25T15:00:00Z"))).toBe(false);
    expect(isOpenNow(weekdays, zone, new Date("2026-12-25T15:00:00Z"))).toBe(true);
    // Canada Day (Wednesday 1 July) in Ontario.
    expect(text(shop, "2026-07-01T15:00:00Z")).toBe("Closed · opens Thu 09:00");
    const coming = comingExceptions(shop, zone, new Date("2026-12-20T15:00:00Z"), 10).map(exceptionText);
    expect(coming).toEqual(["Closed Fri 25 Dec: Christmas Day", "Closed Sat 26 Dec: Boxing Day"]);
  });

  it("keeps to Ontario's nine public holidays: Good Friday, not Easter Monday", () => {
    const shop = hours({ ...weekdays, closedOnPublicHolidays: true });
    // Good Friday 26 March 2027 and Easter Monday 29 March, 11:00 in Toronto (EDT).
    expect(isOpenNow(shop, zone, new Date("2027-03-26T15:00:00Z"))).toBe(false);
    expect(isOpenNow(shop, zone, new Date("2027-03-29T15:00:00Z"))).toBe(true);
    expect(text(shop, "2027-03-26T15:00:00Z")).toBe("Closed · opens Mon 09:00");
    expect(publicHolidays("CA-ON", 2027).has("2027-03-29")).toBe(false);
    // Neither the Civic Holiday (2 August) nor Remembrance Day is one of them.
    expect(isOpenNow(shop, zone, new Date("2027-08-02T15:00:00Z"))).toBe(true);
    expect(isOpenNow(shop, zone, new Date("2027-11-11T16:00:00Z"))).toBe(true);
    const spring = comingExceptions(shop, zone, new Date("2027-03-20T15:00:00Z"), 20).map(exceptionText);
    expect(spring).toEqual(["Closed Fri 26 Mar: Good Friday"]);
  });

  it("keeps hours not given apart from closed", () => {
    const partial = hours({ week: { mo: [nineToFive], sa: [] } });
    expect(isOpenNow(partial, zone, new Date("2026-06-09T15:00:00Z"))).toBeNull(); // a Tuesday, not given
    expect(isOpenNow(partial, zone, new Date("2026-06-13T15:00:00Z"))).toBe(false); // Saturday, closed
    expect(isOpenNow(null, zone, new Date("2026-06-13T15:00:00Z"))).toBeNull();
  });
});

describe("what the status says", () => {
  it("names a change a week or more away by its date", () => {
    const away = hours({ ...weekdays, exceptions: [{ from: "2026-06-10", to: "2026-06-30", note: "Holidays" }] });
    expect(text(away, "2026-06-10T15:00:00Z")).toBe("Closed · opens Wed 1 Jul 09:00");
    expect(text(away, "2026-06-25T15:00:00Z")).toBe("Closed · opens Wed 09:00");
  });
});

describe("bad hours", () => {
  it("refuses overlapping intervals, naming the day", () => {
    const result = OpeningHoursInputSchema.safeParse({ week: { we: [nineToFive, { open: "16:00", close: "18:00" }] } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Wednesday has overlapping opening times.");
  });

  it("refuses an exception that ends before it starts", () => {
    const result = OpeningHoursInputSchema.safeParse({ week: {}, exceptions: [{ from: "2026-12-26", to: "2026-12-24" }] });
    expect(result.error?.issues[0]?.message).toBe("The exception from 2026-12-26 ends before it starts.");
  });

  it("gives the OpenStreetMap parser's message for a syntax error", () => {
    expect(() => fromOsm("Mo 25:00-17:00")).toThrow(OsmHoursError);
    expect(() => fromOsm("Mo 25:00-17:00")).toThrow(/Time range starts outside of the current day/);
  });

  it("refuses rules the structured form cannot hold", () => {
    expect(() => fromOsm("Jan-Mar Mo 10:00-12:00")).toThrow(/"Jan-Mar Mo 10:00-12:00" cannot be kept/);
  });
});

describe("OpenStreetMap opening_hours text", () => {
  it("reads weekly rules, overnight intervals, unknown days, exceptions and PH off", () => {
    const read = fromOsm('Mo-Fr 09:00-17:00; Fr 18:00-02:00; Su unknown; PH off; 2026 Dec 24-2026 Dec 26 off "Holidays"; 2026 Dec 31 10:00-14:00');
    expect(read.week.mo).toEqual([nineToFive]);
    expect(read.week.fr).toEqual([{ open: "18:00", close: "02:00" }]);
    expect(read.week.sa).toEqual([]);
    expect(read.week.su).toBeNull();
    expect(read.closedOnPublicHolidays).toBe(true);
    expect(read.exceptions).toEqual([
      { from: "2026-12-24", to: "2026-12-26", intervals: [], note: "Holidays" },
      { from: "2026-12-31", to: null, intervals: [{ open: "10:00", close: "14:00" }], note: null },
    ]);
  });

  it("writes the structured form back as text that reads the same", () => {
    const structured = hours({
      week: { mo: [nineToFive], tu: [nineToFive], we: [nineToFive], th: [nineToFive], fr: [nineToFive, { open: "18:00", close: "02:00" }], sa: [{ open: "10:00", close: "14:00" }], su: [] },
      exceptions: [{ from: "2026-12-25", note: "Christmas" }],
      closedOnPublicHolidays: true,
    });
    const osm = toOsm(structured);
    expect(osm).toBe('Mo-Th 09:00-17:00, Fr 09:00-17:00,18:00-02:00, Sa 10:00-14:00; PH off; 2026 Dec 25 off "Christmas"');
    expect(fromOsm(osm)).toEqual(structured);
    expect(toOsm(fromOsm("Mo-Su 00:00-24:00"))).toBe("24/7");
  });

  it("writes a dated exception's hours with a note as open, as OpenStreetMap reads them, and reads them back", () => {
    const structured = hours({ ...weekdays, exceptions: [{ from: "2030-12-24", intervals: [{ open: "10:00", close: "12:00" }], note: "Short day" }] });
    const osm = toOsm(structured);
    expect(osm).toContain('2030 Dec 24 10:00-12:00 open "Short day"');
    expect(fromOsm(osm)).toEqual(structured);
  });

  it("keeps a day open to midnight and the next from midnight as they are written, rather than as one day of 24 hours", () => {
    expect(fromOsm("Mo 12:00-24:00, Tu 00:00-12:00").week).toMatchObject({ mo: [{ open: "12:00", close: "24:00" }], tu: [{ open: "00:00", close: "12:00" }] });
  });

  it("keeps a day not given after a night that runs into it as not given", () => {
    const structured = hours({ week: { mo: [{ open: "22:00", close: "06:00" }], tu: null, we: [nineToFive], th: [], fr: [], sa: [], su: [] } });
    expect(fromOsm(toOsm(structured))).toEqual(structured);
  });

  it("keeps dated exceptions out of the usual week, whatever their dates", () => {
    for (const dated of ["2024 Jan 10 off", "2024 Jan 08-2024 Jan 14 off", "2026 Jan 12 10:00-12:00"]) {
      expect(fromOsm(`Mo-Fr 09:00-17:00; ${dated}`).week, dated).toMatchObject({ mo: [nineToFive], we: [nineToFive], fr: [nineToFive], sa: [] });
    }
  });

  it("keeps a night's hours past midnight when a later rule names the next day", () => {
    const late = { open: "18:00", close: "02:00" };
    const structured = hours({ week: { mo: [late], tu: [nineToFive], we: [], th: [late], fr: [{ open: "10:00", close: "14:00" }], sa: [], su: [] } });
    expect(fromOsm(toOsm(structured))).toEqual(structured);
  });

  it("refuses hours left unknown by a comment or \"unknown\", and keeps days not given and commented open hours", () => {
    for (const text of ['Mo-Fr 09:00-17:00 "call ahead"', "Mo-Fr 09:00-17:00 unknown", '24/7 "call ahead"']) {
      expect(() => fromOsm(text), text).toThrow(/leaves it unknown whether the business is open then/);
    }
    expect(() => fromOsm('Mo-Fr 09:00-17:00 "call ahead"')).toThrow('write the hours without the comment or "unknown", or as open hours (Mo-Fr 09:00-17:00 open)');
    expect(fromOsm('Mo-Fr 09:00-17:00 open "call ahead"; Sa,Su unknown').week).toMatchObject({ mo: [nineToFive], sa: null, su: null });
  });

  it("accepts text or structured hours in one field", () => {
    expect(OpeningHoursFieldSchema.parse("Mo-Fr 09:00-17:00")).toBe("Mo-Fr 09:00-17:00");
    expect(OpeningHoursFieldSchema.parse("")).toBeNull();
    expect(OpeningHoursFieldSchema.parse(JSON.stringify({ week: { mo: [nineToFive] } }))).toMatchObject({ week: { mo: [nineToFive], tu: null } });
  });
});
