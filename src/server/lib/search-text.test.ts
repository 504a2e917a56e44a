import { describe, expect, it } from "vitest";
import { editDistance, fold, isOneTypoAway, matchRanges, queryWords, snippet } from "./search-text.ts";

describe("search text", () => {
  it("folds case and accents and splits words as the index does", () => {
    expect(fold("Café CRÈME Brûlée")).toBe("cafe creme brulee");
    expect(queryWords("  Cafés & Bakeries, cafés! ")).toEqual(["cafes", "bakeries"]);
    expect(queryWords("Émile's Wi-Fi")).toEqual(["emile", "s", "wi", "fi"]);
    expect(queryWords("a b c d e f g h i j")).toHaveLength(8);
  });

  it("measures one typo: a letter missing, added, changed or two swapped", () => {
    expect(editDistance("resturant", "restaurant")).toBe(1);
    expect(editDistance("restaurnat", "restaurant")).toBe(1);
    expect(editDistance("rastuarant", "restaurant")).toBe(2);
    expect(editDistance("abc", "abc")).toBe(0);
  });

  it("forgives one typo only in words of 5 or more letters, also against the start of a longer word", () => {
    expect(isOneTypoAway("resturant", "restaurant")).toBe(true);
    expect(isOneTypoAway("resturant", "restaurants")).toBe(true);
    expect(isOneTypoAway("bakeris", "bakeries")).toBe(true);
    expect(isOneTypoAway("piza", "pizza")).toBe(false);
    expect(isOneTypoAway("pizzza", "pizza")).toBe(true);
    expect(isOneTypoAway("gallery", "galaxy")).toBe(false);
  });

  it("finds the words to highlight, by their start, in the original spelling", () => {
    expect(matchRanges("Café Crème Brûlée", ["caf", "brul"])).toEqual([
      [0, 4],
      [11, 17],
    ]);
    expect(matchRanges("Cafés & Bakeries", [])).toEqual([]);
  });

  it("cuts a snippet around the first match, without markup", () => {
    const text = `<p>${"Lorem ipsum dolor sit amet. ".repeat(10)}The sourdough is baked daily. ${"More words here. ".repeat(10)}</p>`;
    const cut = snippet(text, ["sourdough"], 80);
    expect(cut).toMatch(/^\.\.\..*sourdough.*\.\.\.$/);
    expect(cut.length).toBeLessThanOrEqual(86);
    expect(snippet("<p>Short and sweet.</p>", ["x"])).toBe("Short and sweet.");
  });
});
