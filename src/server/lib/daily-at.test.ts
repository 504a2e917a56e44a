// The weekly digest's latest scheduled moment on a site's clock, across a week's turn and the clocks' changes.
import { describe, expect, it } from "vitest";
import { lastWeeklyAt } from "./daily-at.ts";

const MONDAY = 1;
const SUNDAY = 7;

describe("lastWeeklyAt", () => {
  it("is this week's moment once it has come, the week before's until then", () => {
    // Monday 30 November 2026, 08:00 in Toronto is 13:00 UTC.
    expect(lastWeeklyAt(new Date("2026-11-30T13:00:00Z"), MONDAY, "08:00", "America/Toronto").toISOString()).toBe("2026-11-30T13:00:00.000Z");
    expect(lastWeeklyAt(new Date("2026-11-30T12:59:00Z"), MONDAY, "08:00", "America/Toronto").toISOString()).toBe("2026-11-23T13:00:00.000Z");
    expect(lastWeeklyAt(new Date("2026-12-04T00:00:00Z"), MONDAY, "08:00", "America/Toronto").toISOString()).toBe("2026-11-30T13:00:00.000Z");
  });

  it("reads the wall clock of the site's time zone, summer time or not", () => {
    // Sunday 8 March 2026: Toronto's clocks go from 02:00 to 03:00; 02:30 does not exist and counts as 03:30 EDT.
    expect(lastWeeklyAt(new Date("2026-03-09T00:00:00Z"), SUNDAY, "02:30", "America/Toronto").toISOString()).toBe("2026-03-08T07:30:00.000Z");
    // A Monday in July: 08:00 EDT is 12:00 UTC.
    expect(lastWeeklyAt(new Date("2026-07-06T12:00:00Z"), MONDAY, "08:00", "America/Toronto").toISOString()).toBe("2026-07-06T12:00:00.000Z");
  });
});
