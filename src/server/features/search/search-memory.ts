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

/** Which documents one query word matches: each once (`docs`, the first `count`), and per document the parts (bit flags) and how strongly. */
interface WordHits {
  docs: Int32Array;
  count: number;
  parts: Uint8Array;
  score: Float32Array;
}

/**
 * Arrays as long as the index, by document, lent to one search at a time and given back cleared where it wrote: a
 * search costs what its matches cost, not the index's length, and allocates nothing as long (a search is
 * synchronous, so none is shared).
 */
class Scratch {
  private readonly length: number;
  private readonly bytes: Uint8Array[] = [];
  private readonly floats: Float32Array[] = [];
  private readonly ints: Int32Array[] = [];
  constructor(length: number) {
    this.length = length;
  }
  takeBytes(): Uint8Array {
    return this.bytes.pop() ?? new Uint8Array(this.length);
  }
  takeFloats(): Float32Array {
    return this.floats.pop() ?? new Float32Array(this.length);
  }
  /** A list of documents: written from its start, read up to a count kept beside it; never cleared. */
  takeInts(): Int32Array {
    return this.ints.pop() ?? new Int32Array(this.length);
  }
  /** Takes back `docs` and arrays written only at its first `count` documents, zeroing those. */
  giveBack(docs: Int32Array, count: number, bytes: readonly Uint8Array[], floats: readonly Float32Array[]): void {
    for (let i = 0; i < count; i++) {
      const doc = docs[i]!;
      for (const array of bytes) array[doc] = 0;
      for (const array of floats) array[doc] = 0;
    }
    this.ints.push(docs);
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
  /** Each document's first name word (its place in the vocabulary, -1 for none), and how many words its name has. */
  private readonly nameStarts: Int32Array;
  private readonly nameLengths: Uint16Array;
  /** Each document's kind, as its place in `kindNames`. */
  private readonly kinds: Uint8Array;
  private readonly kindNames: string[] = [];
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
    const firstWords: string[] = [];
    this.nameLengths = new Uint16Array(documents.length);
    this.kinds = new Uint8Array(documents.length);
    this.scratch = new Scratch(documents.length);
    // Per word, doc * 4 + part for each time it stands there, in document order.
    const places = new Map<string, number[]>();
    documents.forEach((document, doc) => {
      let kind = this.kindNames.indexOf(document.kind);
      if (kind === -1) kind = this.kindNames.push(document.kind) - 1;
      this.kinds[doc] = kind;
      const parts = [document.name, document.extra, document.body];
      for (let part = NAME; part <= BODY; part++) {
        const words = wordsOf(parts[part]!);
        if (part === NAME) {
          firstWords.push(words[0] ?? "");
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
    this.nameStarts = Int32Array.from(firstWords, (word) => (word === "" ? -1 : this.firstFrom(word)));
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
  /** The vocabulary's words `start` starts: from the first to before the last. */
  private started(start: string): [number, number] {
    const from = this.firstFrom(start);
    let to = from;
    while (to < this.vocabulary.length && this.vocabulary[to]!.startsWith(start)) to++;
    return [from, to];
  }

  private hits({ prefix, words, stems = [] }: WordMatch): WordHits {
    const hits: WordHits = { docs: this.scratch.takeInts(), count: 0, parts: this.scratch.takeBytes(), score: this.scratch.takeFloats() };
    const ranges: Array<[number, number]> = [this.started(prefix), ...stems.map((stem) => this.started(stem))];
    for (const word of words) {
      const at = this.firstFrom(word);
      if (this.vocabulary[at] === word) ranges.push([at, at + 1]);
    }
    for (const [first, last] of disjoint(ranges)) {
      for (let i = this.starts[first]!, end = this.starts[last]!; i < end; i++) {
        const value = this.entries[i]!;
        const doc = value >>> 4;
        const part = (value >>> 2) & 3;
        if (hits.parts[doc] === 0) hits.docs[hits.count++] = doc;
        hits.parts[doc]! |= 1 << part;
        hits.score[doc]! += WEIGHTS[part as 0 | 1 | 2] * (value & 3);
      }
    }
    return hits;
  }

  find({ match, types, limit, perType }: FindOptions): SearchRow[] {
    if (match.length === 0 || types.length === 0 || limit <= 0 || perType === 0) return [];
    const all = match.map((m) => this.hits(m));
    const tier = this.scratch.takeBytes();
    const starting = this.scratch.takeBytes();
    const score = this.scratch.takeFloats();
    const candidates = { docs: this.scratch.takeInts(), count: 0 };
    try {
      return this.ranked(all, match[0]!, { types, limit, perType }, { candidates, tier, starting, score });
    } finally {
      for (const hits of all) this.scratch.giveBack(hits.docs, hits.count, [hits.parts], [hits.score]);
      this.scratch.giveBack(candidates.docs, candidates.count, [tier, starting], [score]);
    }
  }

  /**
   * The matching documents' best, kept as they are found: a search costs a pass over its matches, whatever their
   * number, and sorts only what it keeps (decision 0057).
   */
  private ranked(
    all: WordHits[],
    first: WordMatch,
    { types, limit, perType }: Omit<FindOptions, "match">,
    { candidates, tier, starting, score }: { candidates: { docs: Int32Array; count: number }; tier: Uint8Array; starting: Uint8Array; score: Float32Array },
  ): SearchRow[] {
    let wanted = 0;
    for (const type of types) if (this.kindNames.includes(type)) wanted |= 1 << this.kindNames.indexOf(type);
    if (wanted === 0) return [];
    // A name starts with the first word (as typed, or one of its typo readings) when its first word is among those
    // the word starts.
    const starts = [first.prefix, ...first.words].map((start) => this.started(start));
    const { nameStarts, nameLengths, nameOrder, kinds } = this;
    // Every word must match: the documents of the rarest, kept where each other word matches too.
    const rarest = all.reduce((a, b) => (b.count < a.count ? b : a));
    for (let i = 0; i < rarest.count; i++) {
      const doc = rarest.docs[i]!;
      if ((wanted & (1 << kinds[doc]!)) === 0) continue;
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
      candidates.docs[candidates.count++] = doc;
      // All words in the name first; then (for suggestions) all in the category and tag names; then the rest.
      tier[doc] = parts & IN_NAME ? 0 : perType !== undefined || parts & IN_EXTRA ? 1 : 2;
      score[doc] = total;
      if (parts & IN_NAME) {
        const word = nameStarts[doc]!;
        starting[doc] = starts.some(([from, to]) => word >= from && word < to) ? 1 : 0;
      }
    }
    // Among names holding every word, those starting with the first word and then the shorter are the closer to
    // what was typed ("cafe": the category "Cafés & Bakeries" before "Café Crème Brûlée"), as the engines'
    // length-normalized relevance has it; then relevance, then the name.
    const order = (a: number, b: number) =>
      tier[a]! - tier[b]! ||
      (tier[a] === 0 ? starting[b]! - starting[a]! || nameLengths[a]! - nameLengths[b]! : 0) ||
      score[b]! - score[a]! ||
      nameOrder[a]! - nameOrder[b]!;

    if (perType === undefined) return firstInOrder(candidates.docs, candidates.count, limit, order).map((doc) => this.rows[doc]!);
    // At most `perType` of each kind: each kind's best, then the best of those.
    const each = Math.min(perType, limit);
    const byKind = new Map<number, TopK>();
    for (let i = 0; i < candidates.count; i++) {
      const doc = candidates.docs[i]!;
      let top = byKind.get(kinds[doc]!);
      if (!top) byKind.set(kinds[doc]!, (top = new TopK(each, order)));
      top.offer(doc);
    }
    const kept = [...byKind.values()].flatMap((top) => top.docs());
    return kept.sort(order).slice(0, limit).map((doc) => this.rows[doc]!);
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

/**
 * The best `count` documents seen, by `order` (a strict total order: the sooner the better), kept in a heap whose
 * top is the worst kept: a document worse than it costs one comparison.
 */
export class TopK {
  private readonly heap: number[] = [];
  private readonly count: number;
  private readonly order: (a: number, b: number) => number;
  constructor(count: number, order: (a: number, b: number) => number) {
    this.count = count;
    this.order = order;
  }

  offer(doc: number): void {
    const { heap, order } = this;
    if (heap.length < this.count) {
      // Up from the end while worse than its parent.
      let at = heap.push(doc) - 1;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (order(heap[at]!, heap[parent]!) <= 0) break;
        [heap[at], heap[parent]] = [heap[parent]!, heap[at]!];
        at = parent;
      }
      return;
    }
    if (this.count === 0 || order(doc, heap[0]!) >= 0) return;
    // In place of the worst, then down while a child is worse.
    heap[0] = doc;
    for (let at = 0; ; ) {
      const left = at * 2 + 1;
      const right = left + 1;
      let worst = at;
      if (left < heap.length && order(heap[left]!, heap[worst]!) > 0) worst = left;
      if (right < heap.length && order(heap[right]!, heap[worst]!) > 0) worst = right;
      if (worst === at) break;
      [heap[at], heap[worst]] = [heap[worst]!, heap[at]!];
      at = worst;
    }
  }

  /** The kept documents, best first. */
  docs(): number[] {
    return [...this.heap].sort(this.order);
  }
}

/** The first `count` of the first `length` of `docs` in `order` (a strict total order), best first, without sorting them all. */
export function firstInOrder(docs: ArrayLike<number>, length: number, count: number, order: (a: number, b: number) => number): number[] {
  const top = new TopK(count, order);
  for (let i = 0; i < length; i++) top.offer(docs[i]!);
  return top.docs();
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
