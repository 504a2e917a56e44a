// How search reads text: folding, splitting into words, typo distance and where the matches are.
// Folding and splitting mirror the index (SQLite's unicode61 with remove_diacritics, PostgreSQL's
// search_fold), so a word the query holds is spelled as the index spells it.
import { fold } from "#shared/text.ts";

/** Shortest word a typo is forgiven in. */
export const TYPO_MIN_LENGTH = 5;
/** Longest query worth reading; the rest is ignored. */
export const MAX_QUERY_WORDS = 8;

const WORD = /[\p{L}\p{N}\p{M}]+/gu;

export { fold };

/**
 * As PostgreSQL's `search_fold` (migration 0002-search), which SQLite's connection gets as a function of the same
 * name: folded, and each run of anything but letters and digits one space ("Émile's" → "emile s").
 */
export function searchFold(text: string): string {
  return fold(text).replace(/[^\p{L}\p{N}]+/gu, " ");
}

/** The distinct folded words of a query, in order, at most MAX_QUERY_WORDS. */
export function queryWords(query: string): string[] {
  const words: string[] = [];
  for (const match of fold(query).matchAll(WORD)) {
    if (!words.includes(match[0])) words.push(match[0]);
    if (words.length === MAX_QUERY_WORDS) break;
  }
  return words;
}

/**
 * Optimal string alignment distance (Levenshtein plus swapping two neighbours) between a and b,
 * giving up once it exceeds `max`.
 */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, beforePrevious[j - 2]! + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * Whether an indexed word is what a typed word of TYPO_MIN_LENGTH+ letters meant, allowing one typo:
 * the word itself or its start ("resturant" finds "restaurant" and "restaurants"), as the box is
 * matched by prefix while typing.
 */
export function isOneTypoAway(typed: string, indexed: string): boolean {
  if (typed.length < TYPO_MIN_LENGTH || indexed.length < TYPO_MIN_LENGTH) return false;
  for (const length of [typed.length - 1, typed.length, typed.length + 1]) {
    if (length > indexed.length) break;
    if (editDistance(typed, indexed.slice(0, length), 1) <= 1) return true;
  }
  return false;
}

export type Range = [start: number, end: number];

/** Where in `text` the words starting with one of `terms` (folded) are, as [start, end) offsets. */
export function matchRanges(text: string, terms: readonly string[]): Range[] {
  if (terms.length === 0) return [];
  const ranges: Range[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = fold(match[0]);
    if (terms.some((term) => word.startsWith(term))) ranges.push([match.index, match.index + match[0].length]);
  }
  return ranges;
}

/**
 * Up to `max` characters of `text` around its first match, cut at word boundaries, with "..."
 * where something was left out.
 */
export function snippet(text: string, terms: readonly string[], max = 160): string {
  const clean = text.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const first = matchRanges(clean, terms)[0];
  let start = first ? Math.max(0, first[0] - Math.floor(max / 3)) : 0;
  if (start > 0) {
    const space = clean.indexOf(" ", start);
    start = space === -1 || space >= (first?.[0] ?? start) ? start : space + 1;
  }
  let end = Math.min(clean.length, start + max);
  if (end < clean.length) {
    const space = clean.lastIndexOf(" ", end);
    if (space > start) end = space;
  }
  return `${start > 0 ? "..." : ""}${clean.slice(start, end)}${end < clean.length ? "..." : ""}`;
}
