import { describe, expect, it } from "vitest";
import { formatClock, formatDateTime, formatEventWhen, formatList, formatLongDate, formatNumber, formatShortDate, formatTime, pluralCategory, zoneAbbreviation } from "./format.ts";

const zone = "America/Toronto";

describe("dates, times, numbers and lists per language", () => {
  it("writes an event's time in English as the site always has, and in French as Québec does", () => {
    const start = "2026-12-04T23:00:00.000Z";
    expect(formatEventWhen(start, "2026-12-05T02:00:00.000Z", false, "en", zone)).toBe("Friday, December 4, 2026, 6:00 PM – 9:00 PM EST");
    expect(formatEventWhen(start, "2026-12-05T02:30:00.000Z", false, "fr", zone)).toBe("vendredi 4 décembre 2026, 18 h – 21 h 30 HNE");
    expect(formatEventWhen(start, "2026-12-05T07:00:00.000Z", false, "fr", zone)).toBe("vendredi 4 décembre 2026, 18 h – samedi 5 décembre 2026, 2 h HNE");
    expect(formatEventWhen("2026-12-04T05:00:00.000Z", null, true, "fr", zone)).toBe("vendredi 4 décembre 2026 (toute la journée)");
    expect(formatEventWhen("2026-12-04T05:00:00.000Z", null, true, "en", zone)).toBe("Friday, December 4, 2026 (all day)");
  });

  it("reads the site's clocks, not the server's: 02:30 UTC is still the evening before in Toronto", () => {
    expect(formatLongDate("2026-07-01T02:30:00.000Z", "fr", zone)).toBe("30 juin 2026");
    expect(formatLongDate("2026-07-01T02:30:00.000Z", "en", zone)).toBe("June 30, 2026");
    expect(formatTime("2026-07-01T02:30:00.000Z", "fr", zone)).toBe("22 h 30");
    expect(zoneAbbreviation("2026-07-01T02:30:00.000Z", "fr", zone)).toBe("HAE");
    expect(formatDateTime("2026-07-01T02:30:00.000Z", "fr", zone)).toBe("30 juin 2026, 22 h 30");
    expect(formatDateTime("2026-01-01T09:49:00.000Z", "fr", zone)).toBe("1er janv. 2026, 4 h 49");
    expect(formatDateTime("2026-01-01T09:49:00.000Z", "fr", zone, true)).toBe("1er janv. 2026");
  });

  it("writes the first of a month \"1er\" in French beside the month's name, and every other day as a number", () => {
    expect(formatLongDate("2031-03-01T17:00:00.000Z", "fr", zone)).toBe("1er mars 2031");
    expect(formatEventWhen("2031-03-01T05:00:00.000Z", null, true, "fr", zone)).toBe("samedi 1er mars 2031 (toute la journée)");
    expect(formatShortDate("2031-03-01", "fr")).toBe("sam. 1er mars");
    expect(formatLongDate("2031-03-11T17:00:00.000Z", "fr", zone)).toBe("11 mars 2031");
    expect(formatLongDate("2031-03-21T17:00:00.000Z", "fr", zone)).toBe("21 mars 2031");
    expect(formatLongDate("2031-03-01T17:00:00.000Z", "en", zone)).toBe("March 1, 2031");
    expect(formatShortDate("2031-03-01", "en")).toBe("Sat 1 Mar");
  });

  it("says a missing date is not available in each language", () => {
    expect(formatLongDate(null, "en")).toBe("N/A");
    expect(formatLongDate("not a date", "fr")).toBe("s. o.");
  });

  it("writes opening hours' clock times and dates", () => {
    expect(formatClock("09:00", "en")).toBe("09:00");
    expect(formatClock("09:00", "fr")).toBe("9 h");
    expect(formatClock("17:30", "fr")).toBe("17 h 30");
    expect(formatClock("24:00", "fr")).toBe("24 h");
    expect(formatShortDate("2025-12-25", "en")).toBe("Thu 25 Dec");
    expect(formatShortDate("2025-12-25", "fr")).toBe("jeu. 25 déc.");
  });

  it("writes numbers, lists and plural categories per language", () => {
    expect(formatNumber(12345.5, "en")).toBe("12,345.5");
    expect(formatNumber(12345.5, "fr")).toBe("12\u00a0345,5");
    expect(formatList(["Food", "Music", "Art"], "en")).toBe("Food, Music, and Art");
    expect(formatList(["Alimentation", "Musique", "Art"], "fr")).toBe("Alimentation, Musique et Art");
    expect(pluralCategory(0, "en")).toBe("other");
    expect(pluralCategory(0, "fr")).toBe("one");
    expect(pluralCategory(1, "fr")).toBe("one");
    expect(pluralCategory(2, "fr")).toBe("other");
  });
});
