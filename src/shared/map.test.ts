import { describe, expect, it } from "vitest";
import { countByCategory, filterBusinesses } from "./map.ts";

type Business = { categoryId: string | null; tagIds: string[]; openNow: boolean | null };

/** `n` businesses of a category, the first `open` of them open now and the rest closed, or with no hours given. */
function some(categoryId: string | null, n: number, open: number, tagIds: string[] = []): Business[] {
  return Array.from({ length: n }, (_, i) => ({ categoryId, tagIds, openNow: i < open ? true : i % 2 ? false : null }));
}

const restaurants = some("c1", 7, 2, ["t1"]);
const bars = some("c2", 3, 1);
const uncategorised = some(null, 2, 1, ["t1"]);
const businesses = [...restaurants, ...bars, ...uncategorised];

describe("countByCategory", () => {
  it("counts every business with Open now off: all of them, and each category's", () => {
    expect(countByCategory(businesses, { openNow: false })).toEqual({ total: 12, byCategory: { c1: 7, c2: 3 } });
  });

  it("counts only the businesses open now with Open now on, as the list shows them; a category with none is absent", () => {
    expect(countByCategory(businesses, { openNow: true })).toEqual({ total: 4, byCategory: { c1: 2, c2: 1 } });
    expect(countByCategory(some("c1", 3, 0), { openNow: true })).toEqual({ total: 0, byCategory: {} });
  });

  it("gives each category the number its button then lists, whatever tags are picked (picking it clears them)", () => {
    const counts = countByCategory(businesses, { openNow: true });
    for (const categoryId of ["c1", "c2"]) {
      expect(counts.byCategory[categoryId]).toBe(filterBusinesses(businesses, { categoryId, tagIds: [], openNow: true }).length);
    }
    expect(counts.total).toBe(filterBusinesses(businesses, { categoryId: null, tagIds: [], openNow: true }).length);
  });

  it("counts nothing of no businesses", () => {
    expect(countByCategory([], { openNow: true })).toEqual({ total: 0, byCategory: {} });
  });
});
