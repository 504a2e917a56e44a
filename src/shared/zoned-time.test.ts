import { describe, expect, it } from "vitest";
import { formatEventWhen, isoWithOffset, localDate, startOfNextDay, zonedInstant } from "./zoned-time.ts";

const TORONTO = "America/Toronto";

describe("times in the site's zone", () => {
  it("gives schema.org dates with the zone's offset, in winter and in summer", () => {
    expect(isoWithOffset("2026-12-04T23:00:00.000Z", TORONTO)).toBe("2026-12-04T18:00:00-05:00");
    expect(isoWithOffset("2026-07-04T22:30:00.000Z", TORONTO)).toBe("2026-07-04T18:30:00-04:00");
    expect(isoWithOffset("2026-07-04T22:30:00.000Z", "Asia/Kolkata")).toBe("2026-07-05T04:00:00+05:30");
    expect(isoWithOffset("2026-07-04T22:30:00.000Z", "UTC")).toBe("2026-07-04T22:30:00+00:00");
  });

  it("reads the local day of an instant, which may differ from the UTC day", () => {
    expect(localDate("2026-12-05T03:00:00.000Z", TORONTO)).toBe("2026-12-04");
    expect(localDate("2026-12-05T05:00:00.000Z", TORONTO)).toBe("2026-12-05");
  });

  it("finds the instant of a wall time, across changes to and from summer time", () => {
    expect(zonedInstant("2026-12-04T18:00", TORONTO).toISOString()).toBe("2026-12-04T23:00:00.000Z");
    expect(zonedInstant("2026-07-04T18:00", TORONTO).toISOString()).toBe("2026-07-04T22:00:00.000Z");
    expect(zonedInstant("2026-03-08", TORONTO).toISOString()).toBe("2026-03-08T05:00:00.000Z");
    // 02:30 does not exist on 8 March 2026 in Toronto: read with the offset before the change, it is 03:30 EDT, as
    // calendar apps show a series' date at that time (RFC 5545, 3.3.5), not 01:30 EST. 01:30 on 1 November happens twice.
    expect(zonedInstant("2026-03-08T02:30", TORONTO).toISOString()).toBe("2026-03-08T07:30:00.000Z");
    expect(zonedInstant("2026-03-08T01:59", TORONTO).toISOString()).toBe("2026-03-08T06:59:00.000Z");
    expect(zonedInstant("2026-03-08T03:00", TORONTO).toISOString()).toBe("2026-03-08T07:00:00.000Z");
    expect(zonedInstant("2026-11-01T01:30", TORONTO).toISOString()).toBe("2026-11-01T05:30:00.000Z");
    // East of UTC too: in Berlin 02:30 on 25 October happens twice (read as the first, in summer time), and 02:30 on
    // 29 March not at all (03:30 in summer time).
    expect(zonedInstant("2026-10-25T02:30", "Europe/Berlin").toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(zonedInstant("2026-03-29T02:30", "Europe/Berlin").toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(zonedInstant("2026-07-01T12:00", "Asia/Kolkata").toISOString()).toBe("2026-07-01T06:30:00.000Z");
    expect(startOfNextDay("2026-12-31", TORONTO).toISOString()).toBe("2027-01-01T05:00:00.000Z");
  });

  it("says when an event happens in words", () => {
    expect(formatEventWhen("2026-12-04T23:00:00.000Z", "2026-12-05T02:00:00.000Z", false, TORONTO)).toBe("Friday, December 4, 2026, 6:00 PM – 9:00 PM EST");
    expect(formatEventWhen("2026-12-04T23:00:00.000Z", null, false, TORONTO)).toBe("Friday, December 4, 2026, 6:00 PM EST");
    expect(formatEventWhen("2026-12-04T23:00:00.000Z", "2026-12-05T07:00:00.000Z", false, TORONTO)).toBe(
      "Friday, December 4, 2026, 6:00 PM – Saturday, December 5, 2026, 2:00 AM EST",
    );
    expect(formatEventWhen("2026-12-04T05:00:00.000Z", null, true, TORONTO)).toBe("Friday, December 4, 2026 (all day)");
    expect(formatEventWhen("2026-12-04T05:00:00.000Z", "2026-12-06T05:00:00.000Z", true, TORONTO)).toBe("Friday, December 4, 2026 – Sunday, December 6, 2026 (all day)");
  });
});
