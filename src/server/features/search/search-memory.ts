// The search index held in the process: every search document's words, read from `search_document` once per
// content version (the counter the database's triggers move on every change of public content, migration
// 0050-content-version), so a change made through any instance is searched at once on all of them.
//
// Header suggestions are asked for on every keystroke. Answered by the database, each cost 2 to 18 ms of CPU and
// queued behind each other under load; here a query is a few binary searches over the sorted vocabulary and a
// pass over the matching documents (bench/search). The engine's own index answers while a transaction holds
// SQLite (the version cannot be read then).
import { Worker } from "node:worker_threads";
import type { DatabaseTarget } from "#server/db/database.ts";
import type { SearchType } from "#shared/schemas/search.ts";
import type { FindOptions, SearchIndex, SearchRepository, SearchRow, WordMatch } from "./search.repository.ts";
import { editDistance, fold, isOneTypoAway, TYPO_MIN_LENGTH } from "#server/lib/search-text.ts";
// Between two steps of a build off the path, the requests in flight go first (decision 0072).
import { backgroundTurn } from "#server/lib/requests-first.ts";

/** One row of `search_document`. */
export interface SearchDocumentRow {
  /** Its id: documents are indexed in the order of their ids, and two that rank alike come in that order. */
  id: number;
  kind: string;
  ref: string;
  name: string;
  extra: string;
  body: string;
}

export interface SearchDocumentSource {
  /** The content version now; null when it cannot be known (then the engine's index answers). */
  version(): Promise<number | null>;
  /** Where the documents' change marks stand (search-change.repository.ts): taken before reading documents. */
  mark(): Promise<number>;
  /** Every document, by id, `pause` awaited between the pages read. */
  documents(pause?: () => Promise<void>): Promise<SearchDocumentRow[]>;
  /** How many documents there are. */
  count(): Promise<number>;
  /** How a worker thread opens the same database to read them itself; absent when it cannot (SQLite in memory). */
  target?: DatabaseTarget;
  /** The ids of the documents written since `mark`, and the mark to read from next; null past `limit` or when unknown. */
  changesSince(mark: number, limit: number): Promise<{ mark: number; ids: number[] } | null>;
  /** The documents of these ids that exist, by id. */
  documentsOf(ids: readonly number[]): Promise<SearchDocumentRow[]>;
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

/** The documents' rows, as an index answers with them. */
interface Rows {
  readonly length: number;
  row(doc: number): SearchRow;
  name(doc: number): string;
}

class ListedRows implements Rows {
  private readonly list: SearchRow[];
  constructor(list: SearchRow[]) {
    this.list = list;
  }
  get length(): number {
    return this.list.length;
  }
  row(doc: number): SearchRow {
    return this.list[doc]!;
  }
  name(doc: number): string {
    return this.list[doc]!.name;
  }
}

/**
 * Rows as a worker thread that read them hands them back: each part of every row in one text, and where each row's
 * part ends. A text is copied between threads at once, and held as one string, where 175,000 rows are 175,000
 * objects; a row is made when a search answers with it.
 */
export interface PackedRows {
  refs: string;
  names: string;
  bodies: string;
  refEnds: Uint32Array;
  nameEnds: Uint32Array;
  bodyEnds: Uint32Array;
}

/** `documents`' rows packed (see PackedRows). */
function packRows(documents: readonly SearchDocumentRow[]): PackedRows {
  const ends = (part: "ref" | "name" | "body") => {
    const at = new Uint32Array(documents.length);
    let end = 0;
    documents.forEach((document, doc) => (at[doc] = end += document[part].length));
    return at;
  };
  return {
    refs: documents.map((document) => document.ref).join(""),
    names: documents.map((document) => document.name).join(""),
    bodies: documents.map((document) => document.body).join(""),
    refEnds: ends("ref"),
    nameEnds: ends("name"),
    bodyEnds: ends("body"),
  };
}

class UnpackedRows implements Rows {
  private readonly packed: PackedRows;
  private readonly kinds: Uint8Array;
  private readonly kindNames: string[];
  constructor(packed: PackedRows, kinds: Uint8Array, kindNames: string[]) {
    this.packed = packed;
    this.kinds = kinds;
    this.kindNames = kindNames;
  }
  get length(): number {
    return this.packed.nameEnds.length;
  }
  row(doc: number): SearchRow {
    const { refs, bodies, refEnds, bodyEnds } = this.packed;
    return {
      kind: this.kindNames[this.kinds[doc]!] as SearchType,
      ref: refs.slice(doc === 0 ? 0 : refEnds[doc - 1], refEnds[doc]),
      name: this.name(doc),
      body: bodies.slice(doc === 0 ? 0 : bodyEnds[doc - 1], bodyEnds[doc]),
    };
  }
  name(doc: number): string {
    const { names, nameEnds } = this.packed;
    return names.slice(doc === 0 ? 0 : nameEnds[doc - 1], nameEnds[doc]);
  }
}

/** What a built index is made of (see MemorySearchIndex's fields). */
interface IndexParts {
  rows: Rows;
  ids: Float64Array;
  nameOrder: Int32Array;
  nameStarts: Int32Array;
  nameLengths: Uint16Array;
  kinds: Uint8Array;
  kindNames: string[];
  vocabulary: string[];
  entries: Uint32Array;
  starts: Uint32Array;
  byFirst: Map<string, string[]>;
  bySecond: Map<string, string[]>;
}

/** Work done between two pauses of a build in steps: documents, words or entries. */
const STEP = 4096;

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/**
 * The index's parts built from `documents` (in the order of their ids), pausing (`yield`) after each step of work
 * so that a build off the search's path lets other work in between.
 */
function* indexParts(documents: readonly SearchDocumentRow[]): Generator<void, IndexParts> {
  const names = documents.map((document) => document.name);
  const ids = Float64Array.from(documents, (document) => document.id);
  const firstWords: string[] = [];
  const nameLengths = new Uint16Array(documents.length);
  const kinds = new Uint8Array(documents.length);
  const kindNames: string[] = [];
  // Per word, doc * 4 + part for each time it stands there, in document order.
  const places = new Map<string, number[]>();
  for (let doc = 0; doc < documents.length; doc++) {
    if (doc % STEP === STEP - 1) yield;
    const document = documents[doc]!;
    let kind = kindNames.indexOf(document.kind);
    if (kind === -1) kind = kindNames.push(document.kind) - 1;
    kinds[doc] = kind;
    const parts = [document.name, document.extra, document.body];
    for (let part = NAME; part <= BODY; part++) {
      const words = wordsOf(parts[part]!);
      if (part === NAME) {
        firstWords.push(words[0] ?? "");
        nameLengths[doc] = Math.min(words.length, 0xffff);
      }
      for (const word of words) {
        const list = places.get(word);
        if (list) list.push(doc * 4 + part);
        else places.set(word, [doc * 4 + part]);
      }
    }
  }
  yield;
  const vocabulary = yield* sortInSteps([...places.keys()], (a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const nameStarts = Int32Array.from(firstWords, (word) => (word === "" ? -1 : firstFrom(vocabulary, word)));
  yield;
  const starts = new Uint32Array(vocabulary.length + 1);
  const byFirst = new Map<string, string[]>();
  const bySecond = new Map<string, string[]>();
  let length = 0;
  for (const list of places.values()) length += list.length;
  const entries = new Uint32Array(length);
  let count = 0;
  for (let i = 0; i < vocabulary.length; i++) {
    if (i % STEP === STEP - 1) yield;
    const word = vocabulary[i]!;
    starts[i] = count;
    const list = places.get(word)!;
    for (let at = 0; at < list.length; ) {
      let end = at + 1;
      while (end < list.length && list[end] === list[at]) end++;
      entries[count++] = entry(Math.floor(list[at]! / 4), list[at]! % 4, end - at);
      at = end;
    }
    typoListed(byFirst, bySecond, word);
  }
  starts[vocabulary.length] = count;
  yield;
  const order = yield* sortInSteps(
    names.map((_, doc) => doc),
    (a, b) => collator.compare(names[a]!, names[b]!) || byNumber(a, b),
  );
  const nameOrder = new Int32Array(order.length);
  order.forEach((doc, place) => (nameOrder[doc] = place));
  const rows = new ListedRows(documents.map(({ kind, ref, name, body }): SearchRow => ({ kind: kind as SearchType, ref, name, body })));
  return { rows, ids, nameOrder, nameStarts, nameLengths, kinds, kindNames, vocabulary, entries: entries.slice(0, count), starts, byFirst, bySecond };
}

/** `word` put in the lists of words by first and by second letter that typos are looked for in (long enough words only). */
function typoListed(byFirst: Map<string, string[]>, bySecond: Map<string, string[]>, word: string): void {
  if (word.length < TYPO_MIN_LENGTH) return;
  for (const [map, letter] of [[byFirst, word[0]!], [bySecond, word[1]!]] as const) {
    const words = map.get(letter);
    if (words) words.push(word);
    else map.set(letter, [word]);
  }
}

/**
 * An index's parts as a worker thread hands them back (search-index.worker.ts): the typed arrays moved, not copied,
 * and the vocabulary as one text (a line per word: words hold letters, digits and marks only), as one string is
 * copied at once where a list of strings is copied one by one. The rows and the typos' lists are made where the
 * index is used, from the documents it already holds and the vocabulary.
 */
export type WorkerParts = Omit<IndexParts, "rows" | "vocabulary" | "byFirst" | "bySecond"> & {
  vocabulary: string;
  /** The rows, when the worker read the documents itself. */
  packed?: PackedRows;
};

/** The parts of the index of `documents`, built at once, as a worker thread hands them back (with the rows when it read them). */
export function workerParts(documents: readonly SearchDocumentRow[], withRows: boolean): WorkerParts {
  const { rows: _rows, byFirst: _byFirst, bySecond: _bySecond, vocabulary, ...parts } = atOnce(indexParts(documents));
  return { ...parts, vocabulary: vocabulary.join("\n"), ...(withRows ? { packed: packRows(documents) } : {}) };
}

/** The buffers of `parts` that move to the thread they are posted to. */
export function movedBuffers(parts: WorkerParts): ArrayBuffer[] {
  const packed = parts.packed ? [parts.packed.refEnds, parts.packed.nameEnds, parts.packed.bodyEnds] : [];
  return [parts.ids, parts.nameOrder, parts.nameStarts, parts.nameLengths, parts.kinds, parts.entries, parts.starts, ...packed].map((array) => array.buffer as ArrayBuffer);
}

/** The whole parts from those a worker handed back (and the documents they index, unless it read them), pausing (`yield`) after each step. */
function* partsFrom(documents: readonly SearchDocumentRow[] | undefined, built: WorkerParts): Generator<void, IndexParts> {
  let rows: Rows;
  if (built.packed) rows = new UnpackedRows(built.packed, built.kinds, built.kindNames);
  else {
    const list: SearchRow[] = [];
    for (let doc = 0; doc < documents!.length; doc++) {
      if (doc % STEP === STEP - 1) yield;
      const { kind, ref, name, body } = documents![doc]!;
      list.push({ kind: kind as SearchType, ref, name, body });
    }
    rows = new ListedRows(list);
  }
  const vocabulary = built.vocabulary === "" ? [] : built.vocabulary.split("\n");
  yield;
  const byFirst = new Map<string, string[]>();
  const bySecond = new Map<string, string[]>();
  for (let i = 0; i < vocabulary.length; i++) {
    if (i % STEP === STEP - 1) yield;
    typoListed(byFirst, bySecond, vocabulary[i]!);
  }
  const { packed: _packed, ...parts } = built;
  return { ...parts, rows, vocabulary, byFirst, bySecond };
}

/** `list` sorted by `order` (a strict total order): runs of STEP sorted, then merged, pausing between steps. */
function* sortInSteps<T>(list: T[], order: (a: T, b: T) => number): Generator<void, T[]> {
  for (let at = 0; at < list.length; at += STEP) {
    const run = list.slice(at, at + STEP).sort(order);
    for (let i = 0; i < run.length; i++) list[at + i] = run[i]!;
    yield;
  }
  let from = list;
  let to = new Array<T>(list.length);
  let done = 0;
  for (let width = STEP; width < list.length; width *= 2) {
    for (let low = 0; low < list.length; low += 2 * width) {
      const middle = Math.min(low + width, list.length);
      const high = Math.min(low + 2 * width, list.length);
      let a = low;
      let b = middle;
      for (let k = low; k < high; k++) {
        to[k] = a < middle && (b >= high || order(from[a]!, from[b]!) <= 0) ? from[a++]! : from[b++]!;
        if (++done % (STEP * 8) === 0) yield;
      }
    }
    [from, to] = [to, from];
  }
  return from;
}

/** Runs a build to its end, `pause` awaited after each step. */
async function stepped<T>(steps: Generator<void, T>, pause: () => Promise<void>): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await pause();
  }
}

/** The worker thread's module: this folder's TypeScript where the server runs from its sources, JavaScript once built. */
const WORKER = new URL(import.meta.url.endsWith(".ts") ? "./search-index.worker.ts" : "./search-index.worker.js", import.meta.url);

/** An index built by a worker thread, its work asked by `ask`; the worker ends with the build. */
async function fromWorker(
  version: number,
  mark: number,
  pause: () => Promise<void>,
  documents: readonly SearchDocumentRow[] | undefined,
  ask: (worker: Worker) => Promise<void>,
): Promise<MemorySearchIndex> {
  const worker = new Worker(WORKER);
  try {
    const built = new Promise<WorkerParts>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
      worker.once("exit", (code) => reject(new Error(`the search index's worker stopped (${code})`)));
    });
    await ask(worker);
    const parts = await built;
    return new MemorySearchIndex(version, documents ?? [], mark, await stepped(partsFrom(documents, parts), pause));
  } finally {
    void worker.terminate();
  }
}

/** Runs a build to its end at once. */
function atOnce<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Where the first word not before `word` stands in the sorted `vocabulary`. */
function firstFrom(vocabulary: readonly string[], word: string): number {
  let low = 0;
  let high = vocabulary.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (vocabulary[middle]! < word) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** One index's matches for a search: its documents that hold every word, and what ranks them. */
interface Found {
  index: MemorySearchIndex;
  docs: Int32Array;
  count: number;
  tier: Uint8Array;
  starting: Uint8Array;
  score: Float32Array;
}

/** Documents an index no longer answers for (changed or deleted since it was built): a flag by document. */
type Skipped = Uint8Array | undefined;

export class MemorySearchIndex implements SearchIndex {
  readonly version: number;
  /** Where the documents' change marks stood when they were read (search-change.repository.ts). */
  readonly mark: number;
  readonly rows: Rows;
  /** Each document's id (increasing). */
  readonly ids: Float64Array;
  /** Each document's place when all are ordered by name, for ties. */
  private readonly nameOrder: Int32Array;
  /** Each document's first name word (its place in the vocabulary, -1 for none), and how many words its name has. */
  private readonly nameStarts: Int32Array;
  private readonly nameLengths: Uint16Array;
  /** Each document's kind, as its place in `kindNames`. */
  private readonly kinds: Uint8Array;
  private readonly kindNames: string[];
  /** Every indexed word, sorted: the words a prefix starts are side by side. */
  private readonly vocabulary: string[];
  /** The vocabulary's words' entries, word after word, each word's by document; `starts[i]` is word i's first. */
  private readonly entries: Uint32Array;
  private readonly starts: Uint32Array;
  /** Words of TYPO_MIN_LENGTH or more letters by their first and by their second letter, for typo readings. */
  private readonly byFirst: Map<string, string[]>;
  private readonly bySecond: Map<string, string[]>;
  private readonly scratch: Scratch;

  /** The index of `documents` (in the order of their ids), built at once. */
  constructor(version: number, documents: readonly SearchDocumentRow[], mark = 0, parts: IndexParts = atOnce(indexParts(documents))) {
    this.version = version;
    this.mark = mark;
    ({
      rows: this.rows,
      ids: this.ids,
      nameOrder: this.nameOrder,
      nameStarts: this.nameStarts,
      nameLengths: this.nameLengths,
      kinds: this.kinds,
      kindNames: this.kindNames,
      vocabulary: this.vocabulary,
      entries: this.entries,
      starts: this.starts,
      byFirst: this.byFirst,
      bySecond: this.bySecond,
    } = parts);
    this.scratch = new Scratch(this.rows.length);
  }

  /** The same index built in steps, `pause` awaited between them (other work let in). */
  static async inSteps(version: number, documents: readonly SearchDocumentRow[], mark: number, pause: () => Promise<void>): Promise<MemorySearchIndex> {
    return new MemorySearchIndex(version, documents, mark, await stepped(indexParts(documents), pause));
  }

  /**
   * The same index, its words indexed by a worker thread (search-index.worker.ts, decision 0066): the documents are
   * sent to it a step at a time and what is left here (the rows, the typos' lists) is done in steps, so that neither
   * the work nor the garbage of a build of the whole site holds this thread.
   */
  static inWorker(version: number, documents: readonly SearchDocumentRow[], mark: number, pause: () => Promise<void>): Promise<MemorySearchIndex> {
    return fromWorker(version, mark, pause, documents, async (worker) => {
      for (let at = 0; at < documents.length; at += STEP) {
        worker.postMessage({ documents: documents.slice(at, at + STEP) });
        await pause();
      }
      worker.postMessage({ documents: null });
    });
  }

  /**
   * The index of every document of the database at `target`, read and indexed by a worker thread on a connection of
   * its own (decision 0066): none of the documents is held on this thread, which receives the index's arrays and
   * texts and makes the typos' lists, in steps.
   */
  static readInWorker(version: number, target: DatabaseTarget, mark: number, pause: () => Promise<void>): Promise<MemorySearchIndex> {
    return fromWorker(version, mark, pause, undefined, async (worker) => worker.postMessage({ read: target }));
  }

  get length(): number {
    return this.rows.length;
  }

  /** The document of this id, or -1. */
  docOf(id: number): number {
    let low = 0;
    let high = this.ids.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.ids[middle]! < id) low = middle + 1;
      else high = middle;
    }
    return this.ids[low] === id ? low : -1;
  }

  /** The vocabulary's words `start` starts: from the first to before the last. */
  private started(start: string): [number, number] {
    const from = firstFrom(this.vocabulary, start);
    let to = from;
    while (to < this.vocabulary.length && this.vocabulary[to]!.startsWith(start)) to++;
    return [from, to];
  }

  /** The documents holding the words `prefix` starts, or one of `words`. */
  private hits({ prefix, words, stems = [] }: WordMatch): WordHits {
    const hits: WordHits = { docs: this.scratch.takeInts(), count: 0, parts: this.scratch.takeBytes(), score: this.scratch.takeFloats() };
    const ranges: Array<[number, number]> = [this.started(prefix), ...stems.map((stem) => this.started(stem))];
    for (const word of words) {
      const at = firstFrom(this.vocabulary, word);
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

  find(options: FindOptions): SearchRow[] {
    const found = this.found(options, undefined);
    if (!found) return [];
    try {
      return best([found], options);
    } finally {
      this.giveBack(found);
    }
  }

  /**
   * The documents matching every word, of the types asked and not `skipped`, with what ranks them (in arrays lent
   * by the index: `giveBack` them); undefined when none can match.
   */
  found({ match, types, limit, perType }: FindOptions, skipped: Skipped): Found | undefined {
    if (match.length === 0 || types.length === 0 || limit <= 0 || perType === 0) return undefined;
    let wanted = 0;
    for (const type of types) if (this.kindNames.includes(type)) wanted |= 1 << this.kindNames.indexOf(type);
    if (wanted === 0) return undefined;
    const all = match.map((m) => this.hits(m));
    const found: Found = {
      index: this,
      docs: this.scratch.takeInts(),
      count: 0,
      tier: this.scratch.takeBytes(),
      starting: this.scratch.takeBytes(),
      score: this.scratch.takeFloats(),
    };
    try {
      this.matching(all, match[0]!, wanted, perType, skipped, found);
    } finally {
      for (const hits of all) this.scratch.giveBack(hits.docs, hits.count, [hits.parts], [hits.score]);
    }
    return found;
  }

  giveBack(found: Found): void {
    this.scratch.giveBack(found.docs, found.count, [found.tier, found.starting], [found.score]);
  }

  /** Fills `found` with the documents every word's hits hold, and each one's tier, start and score. */
  private matching(all: WordHits[], first: WordMatch, wanted: number, perType: number | undefined, skipped: Skipped, found: Found): void {
    const { tier, starting, score } = found;
    // A name starts with the first word (as typed, or one of its typo readings) when its first word is among those
    // the word starts.
    const starts = [first.prefix, ...first.words].map((start) => this.started(start));
    const { nameStarts, kinds } = this;
    // Every word must match: the documents of the rarest, kept where each other word matches too.
    const rarest = all.reduce((a, b) => (b.count < a.count ? b : a));
    for (let i = 0; i < rarest.count; i++) {
      const doc = rarest.docs[i]!;
      if ((wanted & (1 << kinds[doc]!)) === 0 || (skipped !== undefined && skipped[doc] === 1)) continue;
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
      found.docs[found.count++] = doc;
      // All words in the name first; then (for suggestions) all in the category and tag names; then the rest.
      tier[doc] = parts & IN_NAME ? 0 : perType !== undefined || parts & IN_EXTRA ? 1 : 2;
      score[doc] = total;
      if (parts & IN_NAME) {
        const word = nameStarts[doc]!;
        starting[doc] = starts.some(([from, to]) => word >= from && word < to) ? 1 : 0;
      }
    }
  }

  /**
   * The order of a search's matches in this index: among names holding every word, those starting with the first
   * word and then the shorter are the closer to what was typed ("cafe": the category "Cafés & Bakeries" before
   * "Café Crème Brûlée"), as the engines' length-normalized relevance has it; then relevance, then the name, then
   * the id.
   */
  orderOf({ tier, starting, score }: Found): (a: number, b: number) => number {
    const { nameLengths, nameOrder } = this;
    return (a, b) =>
      tier[a]! - tier[b]! ||
      (tier[a] === 0 ? starting[b]! - starting[a]! || nameLengths[a]! - nameLengths[b]! : 0) ||
      score[b]! - score[a]! ||
      nameOrder[a]! - nameOrder[b]!;
  }

  /** The same order between a match here (`a`) and one in another index (`b`): the names compared, then the ids. */
  compareWith(found: Found, a: number, other: Found, b: number): number {
    const theirs = other.index;
    return (
      found.tier[a]! - other.tier[b]! ||
      (found.tier[a] === 0 ? other.starting[b]! - found.starting[a]! || this.nameLengths[a]! - theirs.nameLengths[b]! : 0) ||
      other.score[b]! - found.score[a]! ||
      collator.compare(this.rows.name(a), theirs.rows.name(b)) ||
      this.ids[a]! - theirs.ids[b]!
    );
  }

  kindOf(doc: number): number | string {
    return this.kindNames[this.kinds[doc]!]!;
  }

  /**
   * Indexed words one typo from `word` or from their start, closest first. One typo leaves the first letter, or
   * the second, in place, or swaps them: the words starting with either of the typed word's first two letters,
   * or having either as their second, hold them all.
   */
  typoCandidates(word: string): string[] {
    return closestFirst(word, this.typoWords(word, undefined));
  }

  /** The indexed words one typo from `word` or from their start, held by a document not `skipped`. */
  typoWords(word: string, skipped: Skipped): string[] {
    if (word.length < TYPO_MIN_LENGTH) return [];
    const seen = new Set<string>();
    for (const map of [this.byFirst, this.bySecond]) {
      for (const letter of [word[0]!, word[1]!]) for (const candidate of map.get(letter) ?? []) seen.add(candidate);
    }
    return [...seen].filter((candidate) => candidate !== word && isOneTypoAway(word, candidate) && (skipped === undefined || this.heldOutside(candidate, skipped)));
  }

  /** Whether a document not `skipped` holds this indexed word. */
  private heldOutside(word: string, skipped: Uint8Array): boolean {
    const at = firstFrom(this.vocabulary, word);
    for (let i = this.starts[at]!, end = this.starts[at + 1]!; i < end; i++) if (skipped[this.entries[i]! >>> 4] !== 1) return true;
    return false;
  }
}

/** Words closest to `word` first, then the shorter, then in alphabetical order. */
function closestFirst(word: string, close: string[]): string[] {
  const apart = new Map(close.map((candidate) => [candidate, editDistance(word, candidate, 3)]));
  return close.sort((a, b) => apart.get(a)! - apart.get(b)! || a.length - b.length || (a < b ? -1 : 1));
}

/**
 * The best of the matches found in one or more indexes (decision 0057), kept as they are met: a search costs a pass
 * over its matches, whatever their number, and sorts only what it keeps. With `perType`, at most so many of each
 * kind: each kind's best, then the best of those. Matches are numbered across the indexes, each index's after the
 * previous ones'.
 */
function best(all: Found[], { limit, perType }: FindOptions): SearchRow[] {
  const offsets: number[] = [];
  let total = 0;
  for (const found of all) {
    offsets.push(total);
    total += found.index.length;
  }
  const which = (doc: number) => (all.length === 1 || doc < offsets[1]! ? 0 : 1);
  let order: (a: number, b: number) => number;
  if (all.length === 1) order = all[0]!.index.orderOf(all[0]!);
  else if (all.length === 2) {
    const [first, second] = all as [Found, Found];
    const [firstOrder, secondOrder] = [first.index.orderOf(first), second.index.orderOf(second)];
    const offset = offsets[1]!;
    order = (a, b) => {
      if (a < offset) return b < offset ? firstOrder(a, b) : first.index.compareWith(first, a, second, b - offset);
      return b < offset ? -first.index.compareWith(first, b, second, a - offset) : secondOrder(a - offset, b - offset);
    };
  } else throw new Error("at most two indexes");
  const rowOf = (doc: number) => {
    const at = which(doc);
    return all[at]!.index.rows.row(doc - offsets[at]!);
  };
  if (perType === undefined) {
    const top = new TopK(limit, order);
    all.forEach((found, at) => {
      for (let i = 0; i < found.count; i++) top.offer(found.docs[i]! + offsets[at]!);
    });
    return top.docs().map(rowOf);
  }
  const each = Math.min(perType, limit);
  const byKind = new Map<number | string, TopK>();
  all.forEach((found, at) => {
    for (let i = 0; i < found.count; i++) {
      const doc = found.docs[i]!;
      const kind = found.index.kindOf(doc);
      let top = byKind.get(kind);
      if (!top) byKind.set(kind, (top = new TopK(each, order)));
      top.offer(doc + offsets[at]!);
    }
  });
  const kept = [...byKind.values()].flatMap((top) => top.docs());
  return kept.sort(order).slice(0, limit).map(rowOf);
}

/**
 * An index answered from one built before the documents changed (`base`), with the documents written since
 * (decision 0062): those the base holds are skipped in it, and those that exist now are found in a small index of
 * their own (`overlay`); matches of both are ranked together, exactly as one index of the documents now would.
 */
export class OverlaidSearchIndex implements SearchIndex {
  readonly version: number;
  readonly mark: number;
  readonly base: MemorySearchIndex;
  /** The documents written since the base was read, as they are now (those deleted left out), by id. */
  readonly written: readonly SearchDocumentRow[];
  /** The ids of every document written since the base was read, deleted ones included. */
  readonly changed: ReadonlySet<number>;
  /** How many documents it answers for: the base's not written since, and those written. */
  readonly length: number;
  private readonly overlay: MemorySearchIndex;
  private readonly skipped: Uint8Array;

  constructor(base: MemorySearchIndex, version: number, mark: number, changed: ReadonlySet<number>, written: readonly SearchDocumentRow[]) {
    this.base = base;
    this.version = version;
    this.mark = mark;
    this.changed = changed;
    this.written = written;
    this.overlay = new MemorySearchIndex(version, written, mark);
    this.skipped = new Uint8Array(base.length);
    let skipped = 0;
    for (const id of changed) {
      const doc = base.docOf(id);
      if (doc !== -1) {
        this.skipped[doc] = 1;
        skipped++;
      }
    }
    this.length = base.length - skipped + written.length;
  }

  find(options: FindOptions): SearchRow[] {
    const fromBase = this.base.found(options, this.skipped);
    const fromOverlay = this.overlay.found(options, undefined);
    try {
      const all = [fromBase, fromOverlay].filter((found) => found !== undefined);
      return all.length === 0 ? [] : best(all, options);
    } finally {
      if (fromBase) this.base.giveBack(fromBase);
      if (fromOverlay) this.overlay.giveBack(fromOverlay);
    }
  }

  typoCandidates(word: string): string[] {
    const words = new Set([...this.base.typoWords(word, this.skipped), ...this.overlay.typoWords(word, undefined)]);
    return closestFirst(word, [...words]);
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
 * Documents written since the last full build past which the index is built whole again on the search's path (an
 * import, a bulk change): each search of the corrected index also searches them all.
 */
export const MAX_WRITTEN = 2000;

/**
 * How long after a corrected index is first answered its full build starts, off the path (decision 0062): a burst
 * of writes (an administrator's edits one after another) is corrected write by write and read whole once, after it.
 */
const REBUILD_AFTER_MS = 1000;

/**
 * The corrected index is built whole again once the documents written since its full build reach one in this many
 * of its documents (decision 0074), one at least: a small site's build, a few milliseconds, follows each burst of writes;
 * a city's (160,000 documents at 100,000 businesses, seconds of a core in a worker thread) follows every 160 written,
 * not each edit. Below that share the corrected index answers as exactly, each search also searching the few written.
 */
const REBUILD_SHARE = 1000;

/** Documents written since a full build of `length` from which it is built again off the path. */
export const rebuildFrom = (length: number) => Math.max(1, Math.floor(length / REBUILD_SHARE));

/**
 * Documents from which a build off the path reads and indexes them in a worker thread (decision 0066). A smaller site's
 * build is a few steps of a few milliseconds on the requests' thread, and a worker would cost more: its start and the
 * memory of a second JavaScript heap, which the process keeps after the worker ends.
 */
const IN_WORKER_FROM = 20_000;

type KeptIndex = MemorySearchIndex | OverlaidSearchIndex;

/**
 * The engine's search answered from an index in the process of the current content version. The index is read and
 * built whole off the searches' path, in steps, and the engine's own index answers until it is in (decision 0066):
 * at a server's first search, and past MAX_WRITTEN documents written since the index was read. When the version
 * moves by fewer, the next search corrects the index it has by the documents written since (decision 0062) and is
 * answered at once; once the documents written since the full build reach one in REBUILD_SHARE of its own (decision
 * 0074), the full index is built again off the path and swapped in. Searches arriving meanwhile share one read.
 */
export class MemorySearchRepository implements SearchRepository {
  private readonly source: SearchDocumentSource;
  private readonly engine: SearchRepository;
  private index: KeptIndex | undefined;
  /** A correction of the kept index under way; null when too much was written to correct it. */
  private correcting: Promise<KeptIndex | null> | undefined;
  /** A whole read and build the engine's index stands in for. */
  private whole: Promise<unknown> | undefined;
  private rebuilding: Promise<void> | undefined;
  private rebuildTimer: NodeJS.Timeout | undefined;

  /** Documents from which a build reads and indexes them in a worker thread. */
  private readonly inWorkerFrom: number;

  constructor(source: SearchDocumentSource, engine: SearchRepository, { inWorkerFrom = IN_WORKER_FROM } = {}) {
    this.source = source;
    this.engine = engine;
    this.inWorkerFrom = inWorkerFrom;
  }

  /** The index of the content version now; the engine's when that version cannot be known or no index is in yet. */
  async snapshot(): Promise<SearchIndex> {
    const version = await this.source.version();
    if (version === null) return this.engine.snapshot();
    if (this.index?.version === version) return this.index;
    if (!this.index || this.whole) {
      this.buildWhole();
      return this.engine.snapshot();
    }
    if (!this.correcting) {
      const kept = this.index;
      this.correcting = this.corrected(kept, version)
        .then((index) => {
          if (!index) {
            this.buildWhole();
            return null;
          }
          // A search that read an older version than the index kept corrects its own, and leaves the newer one kept.
          if (!this.index || this.index.version < version) this.index = index;
          if (index instanceof OverlaidSearchIndex && index.changed.size >= rebuildFrom(index.base.length)) this.rebuildLater();
          return index;
        })
        .finally(() => (this.correcting = undefined));
    }
    const corrected = await this.correcting;
    if (!corrected) return this.engine.snapshot();
    // Corrected for an older version while this one waited: corrected again for this version.
    return corrected.version === version ? corrected : this.snapshot();
  }

  /** How many documents the kept index holds (0 before the first is in). */
  indexed(): number {
    return this.index ? this.index.length : 0;
  }

  /** Settles once the builds under way off the path (and one waiting to start) are in; for tests. */
  async rebuilt(): Promise<void> {
    while (this.rebuildTimer || this.rebuilding || this.whole) {
      if (this.rebuildTimer) await new Promise((resolve) => setTimeout(resolve, REBUILD_AFTER_MS));
      await this.rebuilding;
      await this.whole;
    }
  }

  /** `kept` corrected by the documents written since it was read; null past MAX_WRITTEN of them. */
  private async corrected(kept: KeptIndex, version: number): Promise<KeptIndex | null> {
    const base = kept instanceof OverlaidSearchIndex ? kept.base : kept;
    const before = kept instanceof OverlaidSearchIndex ? kept.changed : new Set<number>();
    const changes = await this.source.changesSince(kept.mark, MAX_WRITTEN - before.size);
    if (!changes) return null;
    const now = await this.source.documentsOf(changes.ids);
    const written = new Set(changes.ids);
    const stillWritten = kept instanceof OverlaidSearchIndex ? kept.written.filter((document) => !written.has(document.id)) : [];
    const documents = [...stillWritten, ...now].sort((a, b) => a.id - b.id);
    return new OverlaidSearchIndex(base, version, changes.mark, new Set([...before, ...changes.ids]), documents);
  }

  /** The index read and built whole off the path, the engine's answering meanwhile; one at a time. */
  private buildWhole(): void {
    if (this.whole) return;
    this.whole = this.rebuild()
      // A build that failed (the database gone or busy) is tried again by the next search; one behind the content is
      // corrected by it.
      .catch(() => undefined)
      .finally(() => (this.whole = undefined));
  }

  /** The full index built again off the searches' path, in a worker thread, then kept in place of the corrected one. */
  private rebuildLater(): void {
    if (this.rebuildTimer || this.rebuilding) return;
    this.rebuildTimer = setTimeout(() => {
      this.rebuildTimer = undefined;
      // A build that failed (the database gone or busy) is tried again after the next correction. Content written
      // while it read is corrected by the next search, as after any build.
      this.rebuilding = this.rebuild()
        .catch(() => undefined)
        .then(() => (this.rebuilding = undefined));
    }, REBUILD_AFTER_MS);
    this.rebuildTimer.unref();
  }

  /** The index of the content now read and built whole; kept unless one as new or newer is kept already. */
  private async rebuild(): Promise<void> {
    const version = await this.source.version();
    if (version === null) return;
    const mark = await this.source.mark();
    const large = (await this.source.count()) >= this.inWorkerFrom;
    const { target } = this.source;
    let index: MemorySearchIndex;
    if (large && target) index = await MemorySearchIndex.readInWorker(version, target, mark, backgroundTurn);
    else {
      const documents = await this.source.documents(backgroundTurn);
      index = await (large ? MemorySearchIndex.inWorker : MemorySearchIndex.inSteps)(version, documents, mark, backgroundTurn);
    }
    // Kept unless a full build of this version or a later one is kept already. When the content moved meanwhile, the
    // next search corrects this one by what was written since its read, as it would have corrected the one before.
    if (!(this.index instanceof MemorySearchIndex && this.index.version >= version)) this.index = index;
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
