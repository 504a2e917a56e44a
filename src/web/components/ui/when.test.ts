import { describe, expect, it } from "vitest";
import { formatWhen } from "./when.tsx";

describe("instants in admin lists", () => {
  it("are on the site's clocks with the zone named, whatever the machine's; an all-day event by its date", () => {
    // 23:00 UTC on 4 December is 6 p.m. in Toronto and already the 5th in Tokyo.
    expect(formatWhen("2026-12-04T23:00:00.000Z", "America/Toronto")).toMatch(/^Dec 4, 2026,? (at )?6:00\sPM EST$/);
    expect(formatWhen("2026-12-04T23:00:00.000Z", "Asia/Tokyo")).toMatch(/^Dec 5, 2026,? (at )?8:00\sAM GMT\+9$/);
    // An all-day event starts at the zone's midnight: 05:00 UTC in Toronto in winter.
    expect(formatWhen("2026-12-05T05:00:00.000Z", "America/Toronto", true)).toBe("Dec 5, 2026");
    expect(formatWhen("not a date", "America/Toronto")).toBe("not a date");
  });
});

describe("instants in French", () => {
  it("writes them as Québec does, on the site's clocks", () => {
    expect(formatWhen("2026-12-13T13:00:00.000Z", "America/Toronto", false, "fr")).toBe("13 déc. 2026, 8 h HNE");
    expect(formatWhen("2026-12-13T23:30:00.000Z", "America/Toronto", false, "fr")).toBe("13 déc. 2026, 18 h 30 HNE");
    expect(formatWhen("2026-12-13T05:00:00.000Z", "America/Toronto", true, "fr")).toBe("13 déc. 2026");
  });
});
