// The search index held in the process: every search document's words, read from `search_document` once per
// content version (the counter the database's triggers move on every change of public content, migration
// 0050-content-version), so a change made through any instance is searched at once on all of them.
//
// Header suggestions are asked for on every keystroke. Answered by the database, each cost 2 to 18 ms of CPU and
// queued behind each other under load; here a query is a few binary searches over the sorted vocabulary and a
// pass over the matching documents (bench/search). The engine's own index answers while a transaction holds
// SQLite (the version cannot be read then).
import type { SearchType } from "#shared/schemas/search.ts";
import type { FindOptions, SearchIndex, SearchRepository, SearchRow, WordMatch } from "./search.repository.ts";
import { editDistance, fold, isOneTypoAway, TYPO_MIN_LENGTH } from "#server/lib/search-text.ts";

/** One row of `search_document`. */
export interface SearchDocumentRow {
  kind: string;
  ref: string;
  name: string;
  extra: string;
  body: string;
}

export interface SearchDocumentSource {
  /** The content version now; null when it cannot be known (then the engine's index answers). */
  version(): Promise<number | null>;
  documents(): Promise<SearchDocumentRow[]>;
}

// The parts of a document, as the engines weigh them: name, then extra (category and tag names), then body.
const NAME = 0;
const EXTRA = 1;
const BODY = 2;
const WEIGHTS = [1, 0.4, 0.2] as const;

const WORD = /[\p{L}\p{N}\p{M}]+/gu;
/** Markup and character references in posts' and pages' HTML are not words. */
const MARKUP = /<[^>]*>|&(?:#\d+|#x[\da-f]+|[a-z]+);/gi;

function wordsOf(text: string): string[] {
  return fold(text.replace(MARKUP, " ")).match(WORD) ?? [];
}

// Where the words stand, one number each (document, part, how often, up to 3): (doc * 4 + part) * 4 + count.
const entry = (doc: number, part: number, count: number) => ((doc * 4 + part) * 4 + Math.min(count, 3)) >>> 0;

/** Which documents one query word matches: each once, and per document the parts (bit flags) and how strongly. */
interface WordHits {
  docs: number[];
  parts: Uint8Array;
  score: Float32Array;
}

/**
 * Arrays as long as the index, by document, lent to one search at a time and given back cleared where it wrote: a
 * search costs what its matches cost, not the index's length (a search is synchronous, so none is shared).
 */
class Scratch {
  private readonly length: number;
  private readonly bytes: Uint8Array[] = [];
  private readonly floats: Float32Array[] = [];
  constructor(length: number) {
    this.length = length;
  }
  takeBytes(): Uint8Array {
    return this.bytes.pop() ?? new Uint8Array(this.length);
  }
  takeFloats(): Float32Array {
    return this.floats.pop() ?? new Float32Array(this.length);
  }
  /** Takes back arrays written only at `docs`, zeroing those. */
  giveBack(docs: readonly number[], bytes: readonly Uint8Array[], floats: readonly Float32Array[]): void {
    for (const doc of docs) {
      for (const array of bytes) array[doc] = 0;
      for (const array of floats) array[doc] = 0;
    }
    this.bytes.push(...bytes);
    this.floats.push(...floats);
  }
}

const IN_NAME = 1 << NAME;
const IN_EXTRA = 1 << EXTRA;

const byNumber = (a: number, b: number) => a - b;

export class MemorySearchIndex implements SearchIndex {
  readonly version: number;
  private readonly rows: SearchRow[];
  /** Each document's place when all are ordered by name, for ties. */
  private readonly nameOrder: Int32Array;
  /** Each document's first name word, and how many words its name has. */
  private readonly nameStarts: string[];
  private readonly nameLengths: Uint16Array;
  /** Every indexed word, sorted: the words a prefix starts are side by side. */
  private readonly vocabulary: string[];
  /** The vocabulary's words' entries, word after word, each word's by document; `starts[i]` is word i's first. */
  private readonly entries: Uint32Array;
  private readonly starts: Uint32Array;
  /** Words of TYPO_MIN_LENGTH or more letters by their first and by their second letter, for typo readings. */
  private readonly byFirst = new Map<string, string[]>();
  private readonly bySecond = new Map<string, string[]>();
  private readonly scratch: Scratch;

  constructor(version: number, documents: readonly SearchDocumentRow[]) {
    this.version = version;
    this.rows = documents.map(({ kind, ref, name, body }) => ({ kind: kind as SearchType, ref, name, body }));
    this.nameStarts = [];
    this.nameLengths = new Uint16Array(documents.length);
    this.scratch = new Scratch(documents.length);
    // Per word, doc * 4 + part for each time it stands there, in document order.
    const places = new Map<string, number[]>();
    documents.forEach((document, doc) => {
      const parts = [document.name, document.extra, document.body];
      for (let part = NAME; part <= BODY; part++) {
        const words = wordsOf(parts[part]!);
        if (part === NAME) {
          this.nameStarts.push(words[0] ?? "");
          this.nameLengths[doc] = Math.min(words.length, 0xffff);
        }
        for (const word of words) {
          const list = places.get(word);
          if (list) list.push(doc * 4 + part);
          else places.set(word, [doc * 4 + part]);
        }
      }
    });
    this.vocabulary = [...places.keys()].sort();
    this.starts = new Uint32Array(this.vocabulary.length + 1);
    const entries: number[] = [];
    this.vocabulary.forEach((word, i) => {
      this.starts[i] = entries.length;
      const list = places.get(word)!;
      for (let at = 0; at < list.length; ) {
        let end = at + 1;
        while (end < list.length && list[end] === list[at]) end++;
        entries.push(entry(Math.floor(list[at]! / 4), list[at]! % 4, end - at));
        at = end;
      }
      if (word.length < TYPO_MIN_LENGTH) return;
      for (const [map, letter] of [[this.byFirst, word[0]!], [this.bySecond, word[1]!]] as const) {
        const words = map.get(letter);
        if (words) words.push(word);
        else map.set(letter, [word]);
      }
    });
    this.starts[this.vocabulary.length] = entries.length;
    this.entries = Uint32Array.from(entries);
    const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });
    const order = this.rows.map((_, doc) => doc).sort((a, b) => collator.compare(this.rows[a]!.name, this.rows[b]!.name) || byNumber(a, b));
    this.nameOrder = new Int32Array(order.length);
    order.forEach((doc, place) => (this.nameOrder[doc] = place));
  }

  /** Where the first word not before `word` stands in the vocabulary. */
  private firstFrom(word: string): number {
    let low = 0;
    let high = this.vocabulary.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.vocabulary[middle]! < word) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The documents holding the words `prefix` starts, or one of `words`. */
  private hits({ prefix, words, stems = [] }: WordMatch): WordHits {
    const hits: WordHits = { docs: [], parts: this.scratch.takeBytes(), score: this.scratch.takeFloats() };
    const started = (start: string): [number, number] => {
      const from = this.firstFrom(start);
      let to = from;
      while (to < this.vocabulary.length && this.vocabulary[to]!.startsWith(start)) to++;
      return [from, to];
    };
    const ranges: Array<[number, number]> = [started(prefix), ...stems.map(started)];
    for (const word of words) {
      const at = this.firstFrom(word);
      if (this.vocabulary[at] === word) ranges.push([at, at + 1]);
    }
    for (const [first, last] of disjoint(ranges)) {
      for (let i = this.starts[first]!, end = this.starts[last]!; i < end; i++) {
        const value = this.entries[i]!;
        const doc = value >>> 4;
        const part = (value >>> 2) & 3;
        if (hits.parts[doc] === 0) hits.docs.push(doc);
        hits.parts[doc]! |= 1 << part;
        hits.score[doc]! += WEIGHTS[part as 0 | 1 | 2] * (value & 3);
      }
    }
    return hits;
  }

  find({ match, types, limit, perType }: FindOptions): SearchRow[] {
    if (match.length === 0 || types.length === 0) return [];
    const all = match.map((m) => this.hits(m));
    const inName = this.scratch.takeBytes();
    const inExtra = this.scratch.takeBytes();
    const starting = this.scratch.takeBytes();
    const score = this.scratch.takeFloats();
    const candidates: number[] = [];
    try {
      return this.ranked(all, match[0]!, { types, limit, perType }, { candidates, inName, inExtra, starting, score });
    } finally {
      for (const hits of all) this.scratch.giveBack(hits.docs, [hits.parts], [hits.score]);
      this.scratch.giveBack(candidates, [inName, inExtra, starting], [score]);
    }
  }

  private ranked(
    all: WordHits[],
    first: WordMatch,
    { types, limit, perType }: Omit<FindOptions, "match">,
    { candidates, inName, inExtra, starting, score }: { candidates: number[]; inName: Uint8Array; inExtra: Uint8Array; starting: Uint8Array; score: Float32Array },
  ): SearchRow[] {
    const wanted = new Set<string>(types);
    // Every word must match: the documents of the rarest, kept where each other word matches too.
    const rarest = all.reduce((a, b) => (b.docs.length < a.docs.length ? b : a));
    const starts = [first.prefix, ...first.words];
    for (const doc of rarest.docs) {
      if (!wanted.has(this.rows[doc]!.kind)) continue;
      let parts = IN_NAME | IN_EXTRA;
      let total = 0;
      let matched = true;
      for (const hits of all) {
        const here = hits.parts[doc]!;
        if (here === 0) {
          matched = false;
          break;
        }
        parts &= here;
        total += hits.score[doc]!;
      }
      if (!matched) continue;
      candidates.push(doc);
      inName[doc] = parts & IN_NAME;
      inExtra[doc] = parts & IN_EXTRA;
      score[doc] = total;
    }
    const nameStart = (doc: number) => (starts.some((start) => this.nameStarts[doc]!.startsWith(start)) ? 1 : 0);
    const byRank = (a: number, b: number) => score[b]! - score[a]! || this.nameOrder[a]! - this.nameOrder[b]!;
    // Among names holding every word, the shorter is the closer to what was typed ("cafe": the category "Cafés &
    // Bakeries" before "Café Crème Brûlée"), as the engines' length-normalized relevance has it.
    const byName = (a: number, b: number) => starting[b]! - starting[a]! || this.nameLengths[a]! - this.nameLengths[b]! || byRank(a, b);

    if (perType === undefined) {
      // All words in the name first (names starting with the first word ahead, then the shorter); then all in the
      // category and tag names; then the rest: these two by relevance, then name.
      const tiers: number[][] = [[], [], []];
      for (const doc of candidates) tiers[inName[doc] ? 0 : inExtra[doc] ? 1 : 2]!.push(doc);
      for (const doc of tiers[0]!) starting[doc] = nameStart(doc);
      const found: number[] = [];
      for (const [tier, order] of [
        [tiers[0]!, byName],
        [tiers[1]!, byRank],
        [tiers[2]!, byRank],
      ] as const) {
        if (found.length >= limit) break;
        found.push(...best(tier, limit - found.length, order));
      }
      return found.map((doc) => this.rows[doc]!);
    }

    for (const doc of candidates) if (inName[doc]) starting[doc] = nameStart(doc);
    const ordered = candidates.sort((a, b) => inName[b]! - inName[a]! || (inName[a] ? byName(a, b) : byRank(a, b)));
    const perKind = new Map<string, number>();
    const found: SearchRow[] = [];
    for (const doc of ordered) {
      const row = this.rows[doc]!;
      const taken = perKind.get(row.kind) ?? 0;
      if (taken >= perType) continue;
      perKind.set(row.kind, taken + 1);
      found.push(row);
      if (found.length >= limit) break;
    }
    return found;
  }

  /**
   * Indexed words one typo from `word` or from their start, closest first. One typo leaves the first letter, or
   * the second, in place, or swaps them: the words starting with either of the typed word's first two letters,
   * or having either as their second, hold them all.
   */
  typoCandidates(word: string): string[] {
    if (word.length < TYPO_MIN_LENGTH) return [];
    const seen = new Set<string>();
    for (const map of [this.byFirst, this.bySecond]) {
      for (const letter of [word[0]!, word[1]!]) for (const candidate of map.get(letter) ?? []) seen.add(candidate);
    }
    const close = [...seen].filter((candidate) => candidate !== word && isOneTypoAway(word, candidate));
    const apart = new Map(close.map((candidate) => [candidate, editDistance(word, candidate, 3)]));
    return close.sort((a, b) => apart.get(a)! - apart.get(b)! || a.length - b.length || (a < b ? -1 : 1));
  }
}

/** The first `count` of `docs` in `order`, without sorting them all. */
function best(docs: number[], count: number, order: (a: number, b: number) => number): number[] {
  if (docs.length <= count * 4) return docs.sort(order).slice(0, count);
  const top: number[] = [];
  for (const doc of docs) {
    if (top.length === count && order(doc, top[count - 1]!) >= 0) continue;
    let at = top.length;
    while (at > 0 && order(doc, top[at - 1]!) < 0) at--;
    top.splice(at, 0, doc);
    if (top.length > count) top.pop();
  }
  return top;
}

/**
 * The engine's search answered from a MemorySearchIndex of the current content version; a new version's index is
 * built once, by the first search that needs it, while the others wait for it.
 */
export class MemorySearchRepository implements SearchRepository {
  private readonly source: SearchDocumentSource;
  private readonly engine: SearchRepository;
  private index: MemorySearchIndex | undefined;
  private building: Promise<MemorySearchIndex> | undefined;

  constructor(source: SearchDocumentSource, engine: SearchRepository) {
    this.source = source;
    this.engine = engine;
  }

  /** The index of the content version now; the engine's when that version cannot be known. */
  async snapshot(): Promise<SearchIndex> {
    const version = await this.source.version();
    if (version === null) return this.engine.snapshot();
    if (this.index?.version === version) return this.index;
    if (!this.building) {
      this.building = this.source
        .documents()
        .then((documents) => {
          const built = new MemorySearchIndex(version, documents);
          // A search that read an older version than the index kept builds its own, and leaves the newer one kept.
          if (!this.index || this.index.version < version) this.index = built;
          return built;
        })
        .finally(() => (this.building = undefined));
    }
    const built = await this.building;
    // Built for an older version while this one waited: build again for this version.
    return built.version === version ? built : this.snapshot();
  }
}

/** The vocabulary's ranges, overlapping ones merged, so each word's documents are counted once. */
function disjoint(ranges: Array<[number, number]>): Array<[number, number]> {
  const merged: Array<[number, number]> = [];
  for (const [from, to] of ranges.filter(([from, to]) => to > from).sort((a, b) => a[0] - b[0])) {
    const last = merged.at(-1);
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}
