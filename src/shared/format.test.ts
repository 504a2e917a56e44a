import { describe, expect, it } from "vitest";
import { authorName, businessName, defaultDisplayName, formatLongDate, slugify, truncate, unslugify } from "./format.ts";

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
});
