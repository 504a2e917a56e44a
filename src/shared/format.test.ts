import { describe, expect, it } from "vitest";
import {
  authorName,
  businessName,
  defaultDisplayName,
  eventLocationText,
  findBySlug,
  formatLongDate,
  offerTitle,
  slugify,
  truncate,
  unslugify,
} from "./format.ts";
import { TRUNCATE } from "./constants.ts";

describe("formatting rules", () => {
  it("writes long dates, or N/A when there is none", () => {
    expect(formatLongDate("2026-11-22T15:00:00.000Z", "UTC")).toBe("November 22, 2026");
    expect(formatLongDate(null)).toBe("N/A");
    expect(formatLongDate("not a date")).toBe("N/A");
  });

  it("cuts text and adds an ellipsis only when it cut something", () => {
    expect(truncate("a".repeat(200), 200)).toBe("a".repeat(200));
    expect(truncate("a".repeat(201), 200)).toBe(`${"a".repeat(200)}...`);
    expect(truncate(null, 10)).toBe("");
  });

  it("turns names into slugs and back", () => {
    expect(slugify("Arts & Crafts")).toBe("arts-crafts");
    expect(slugify("Cafés & Bakeries")).toBe("cafes-bakeries");
    expect(unslugify("coffee-shops")).toBe("Coffee Shops");
  });

  it("falls back for missing names", () => {
    expect(defaultDisplayName("jane.doe@example.com")).toBe("jane.doe");
    expect(authorName("  ")).toBe("Unknown");
    expect(businessName(null)).toBe("A Business");
    expect(businessName("Café Roma")).toBe("Café Roma");
  });

  it("describes an event's location from the businesses", () => {
    const names = new Map([["AbCdEfGhIjKlMnOpQrSt", "Riverbend Gallery"], ["NoNameBusiness000000", ""]]);
    expect(eventLocationText({ location: "outdoor", outdoorLocationDescription: "Queen Street" }, names)).toBe("Queen Street");
    expect(eventLocationText({ location: "outdoor", outdoorLocationDescription: null }, names)).toBe("Outdoor Event");
    expect(eventLocationText({ location: "outdoor", outdoorLocationDescription: "  " }, null)).toBe("Outdoor Event");
    expect(eventLocationText({ location: "AbCdEfGhIjKlMnOpQrSt" }, names)).toBe("Riverbend Gallery");
    expect(eventLocationText({ location: "NoNameBusiness000000" }, names)).toBe("A Business");
    expect(eventLocationText({ location: "ZzZzZzZzZzZzZzZzZzZz" }, names)).toBe("Unknown Location (ID: ZzZzZ...)");
    expect(eventLocationText({ location: "the old fire hall" }, names)).toBe("Specific Location");
    // Businesses not loaded: a business id can't be named, and is not called unknown either.
    expect(eventLocationText({ location: "AbCdEfGhIjKlMnOpQrSt" }, null)).toBe("Specific Location");
    expect(eventLocationText({ location: "" }, names)).toBe("N/A");
  });

  it("titles offers by type and business", () => {
    expect(offerTitle({ type: "BOGO", businessName: "Sugar Loaf Donuts" })).toBe("BOGO at Sugar Loaf Donuts");
    expect(offerTitle({ type: "BOGO", businessName: null })).toBe("BOGO at A Business");
    expect(offerTitle({ type: "", businessName: "Diner" }, "Special Offer")).toBe("Special Offer at Diner");
  });

  it("finds names from slugs, including ones capitalisation alone would miss and ones typed with accents", () => {
    const tags = [{ name: "Arts & Crafts" }, { name: "BBQ" }, { name: "Coffee Shops" }, { name: "Cafés & Bakeries" }];
    expect(findBySlug(tags, "coffee-shops")?.name).toBe("Coffee Shops");
    expect(findBySlug(tags, "arts-crafts")?.name).toBe("Arts & Crafts");
    expect(findBySlug(tags, "bbq")?.name).toBe("BBQ");
    expect(findBySlug(tags, "BBQ")?.name).toBe("BBQ");
    expect(findBySlug(tags, "cafes-bakeries")?.name).toBe("Cafés & Bakeries");
    // The name's own spelling, as a visitor types it: precomposed é, or e and a combining accent.
    expect(findBySlug(tags, "cafés-bakeries")?.name).toBe("Cafés & Bakeries");
    expect(findBySlug(tags, "Cafe\u0301s-Bakeries")?.name).toBe("Cafés & Bakeries");
    expect(findBySlug(tags, "-")).toBeUndefined();
    expect(findBySlug(tags, "tea")).toBeUndefined();
    expect(findBySlug(tags, "")).toBeUndefined();
  });

  it("keeps the spec's truncation lengths", () => {
    expect(TRUNCATE).toEqual({ homePost: 200, homeEvent: 150, businessList: 50, eventList: 100, postList: 100, pagePreview: 70, tagCategoryPage: 150 });
    expect(truncate("x".repeat(151), TRUNCATE.homeEvent)).toHaveLength(153);
  });
});
