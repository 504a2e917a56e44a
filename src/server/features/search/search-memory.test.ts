import { describe, expect, it } from "vitest";
import { SEARCH_TYPES, type SearchType } from "#shared/schemas/search.ts";
import { fold } from "#server/lib/search-text.ts";
import { firstInOrder, MAX_WRITTEN, MemorySearchIndex, MemorySearchRepository, OverlaidSearchIndex, rebuildFrom, type SearchDocumentRow } from "./search-memory.ts";
import type { FindOptions, WordMatch } from "./search.repository.ts";

/** A repeatable stream of numbers in [0, 1). */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 2 ** 32;
  };
}

describe("the best documents kept while they are found", () => {
  it("are the first of them all sorted, for any count", () => {
    const next = random(7);
    for (let trial = 0; trial < 200; trial++) {
      const length = Math.floor(next() * 300);
      // Many equal keys, told apart by the document: a strict total order, as the index's.
      const keys = Array.from({ length }, () => Math.floor(next() * 20));
      const order = (a: number, b: number) => keys[a]! - keys[b]! || a - b;
      const docs = Int32Array.from(keys.keys()).sort(() => next() - 0.5);
      const count = Math.floor(next() * 40);
      const sorted = [...docs].sort(order);
      expect(firstInOrder(docs, length, count, order)).toEqual(sorted.slice(0, count));
    }
  });
});

const WEIGHTS = [1, 0.4, 0.2];
const KINDS: SearchType[] = ["business", "category", "tag", "event", "offer", "post"];
const NAME_WORDS = ["Café", "Cafés", "Caffe", "Maple", "Market", "Mapleton", "Marché", "Queen", "Quest", "Roma", "Rome", "Books", "Bookshop", "12", "2", "Élan"];
const OTHER_WORDS = [...NAME_WORDS, "vegan", "patio", "espresso", "music", "musique", "garden", "gardens"];

/** The ranking contract (search.repository.ts), the plain way: every document scored and all sorted. */
function reference(documents: SearchDocumentRow[], { match, types, limit, perType }: FindOptions): string[] {
  const words = (text: string) => fold(text).match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
  const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });
  const byName = documents.map((_, doc) => doc).sort((a, b) => collator.compare(documents[a]!.name, documents[b]!.name) || a - b);
  const nameOrder = new Map(byName.map((doc, place) => [doc, place]));
  const matches = (m: WordMatch, word: string) => word.startsWith(m.prefix) || (m.stems ?? []).some((stem) => word.startsWith(stem)) || m.words.includes(word);
  const found = documents.flatMap((document, doc) => {
    if (!types.includes(document.kind as SearchType)) return [];
    const parts = [document.name, document.extra, document.body].map(words);
    let score = 0;
    const inParts = match.map((m) => {
      // Kept in single precision as the index keeps it, word after word in the vocabulary's order.
      let wordScore = 0;
      const counts = parts.map((partWords) => {
        const counts = new Map<string, number>();
        for (const word of partWords) if (matches(m, word)) counts.set(word, (counts.get(word) ?? 0) + 1);
        return counts;
      });
      for (const word of [...new Set(counts.flatMap((c) => [...c.keys()]))].sort()) {
        counts.forEach((c, part) => {
          if (c.has(word)) wordScore = Math.fround(wordScore + WEIGHTS[part]! * Math.min(c.get(word)!, 3));
        });
      }
      score += wordScore;
      return counts.map((c) => c.size > 0);
    });
    if (inParts.some((p) => !p.includes(true))) return [];
    const inName = inParts.every((p) => p[0]);
    const inExtra = inParts.every((p) => p[1]);
    const first = parts[0]![0] ?? "";
    const starting = [match[0]!.prefix, ...match[0]!.words].some((start) => first.startsWith(start));
    return [{ doc, kind: document.kind, score: Math.fround(score), inName, inExtra, starting, nameLength: parts[0]!.length }];
  });
  type Found = (typeof found)[number];
  const tier = (f: Found) => (f.inName ? 0 : perType !== undefined || f.inExtra ? 1 : 2);
  found.sort(
    (a, b) =>
      tier(a) - tier(b) ||
      (tier(a) === 0 ? Number(b.starting) - Number(a.starting) || a.nameLength - b.nameLength : 0) ||
      b.score - a.score ||
      nameOrder.get(a.doc)! - nameOrder.get(b.doc)!,
  );
  const taken = new Map<string, number>();
  const kept: Found[] = [];
  for (const f of found) {
    if (kept.length >= limit) break;
    if (perType !== undefined) {
      if ((taken.get(f.kind) ?? 0) >= perType) continue;
      taken.set(f.kind, (taken.get(f.kind) ?? 0) + 1);
    }
    kept.push(f);
  }
  return kept.map((f) => documents[f.doc]!.ref);
}

describe("the index's ranking", () => {
  it("keeps the same documents in the same order as sorting every match", () => {
    const next = random(45);
    for (let trial = 0; trial < 60; trial++) {
      const documents = randomDocuments(next, 20 + Math.floor(next() * 400), 1);
      const index = new MemorySearchIndex(1, documents);
      for (const options of randomSearches(next, 20)) {
        expect(
          index.find(options).map((row) => row.ref),
          JSON.stringify(options),
        ).toEqual(reference(documents, options));
      }
    }
  });
});

/** Random documents, numbered from `firstId`: names often alike (and tied), words shared. */
function randomDocuments(next: () => number, count: number, firstId: number): SearchDocumentRow[] {
  const pick = <T,>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const phrase = (list: readonly string[], most: number) => Array.from({ length: Math.floor(next() * most) }, () => pick(list)).join(" ");
  return Array.from({ length: count }, (_, i) => ({
    id: firstId + i,
    kind: pick(KINDS),
    ref: String(firstId + i),
    name: `${phrase(NAME_WORDS, 4)}${next() < 0.3 ? ` ${i}` : ""}`,
    extra: phrase(OTHER_WORDS, 3),
    body: phrase(OTHER_WORDS, 8),
  }));
}

/** Random searches: prefixes of the words, with typo readings, stems, types, limits and per type. */
function randomSearches(next: () => number, count: number): FindOptions[] {
  const pick = <T,>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  return Array.from({ length: count }, () => {
    const match: WordMatch[] = Array.from({ length: 1 + Math.floor(next() * 2) }, () => {
      const word = fold(pick(OTHER_WORDS));
      return {
        prefix: word.slice(0, 1 + Math.floor(next() * word.length)),
        words: next() < 0.2 ? [fold(pick(OTHER_WORDS))] : [],
        ...(next() < 0.2 ? { stems: [fold(pick(OTHER_WORDS)).slice(0, 4)] } : {}),
      };
    });
    const types = next() < 0.5 ? SEARCH_TYPES : KINDS.filter(() => next() < 0.6);
    return { match, types, limit: 1 + Math.floor(next() * 30), ...(next() < 0.4 ? { perType: 1 + Math.floor(next() * 6) } : {}) };
  });
}

/** Some documents deleted, some rewritten in place (same id), some added: the documents after, and the ids written. */
function randomChanges(next: () => number, documents: SearchDocumentRow[]): { after: SearchDocumentRow[]; written: Set<number> } {
  const written = new Set<number>();
  const rewritten = new Map<number, SearchDocumentRow>();
  const fresh = randomDocuments(next, documents.length, 1);
  const after: SearchDocumentRow[] = [];
  for (const document of documents) {
    const roll = next();
    if (roll < 0.05) written.add(document.id);
    else if (roll < 0.12) {
      written.add(document.id);
      const other = fresh[Math.floor(next() * fresh.length)]!;
      rewritten.set(document.id, { ...other, id: document.id, kind: document.kind, ref: document.ref });
      after.push(rewritten.get(document.id)!);
    } else after.push(document);
  }
  const lastId = Math.max(0, ...documents.map((d) => d.id));
  for (const added of randomDocuments(next, Math.floor(next() * 20), lastId + 1)) {
    written.add(added.id);
    after.push(added);
  }
  return { after, written };
}

/** The typo readings asked for: words of the documents with one letter changed, dropped or doubled. */
const TYPOS = ["cafr", "mapel", "markte", "queem", "bookss", "esspresso", "gardn", "musiq", "mapleton", "rime", "veagn"];

describe("an index corrected by the documents written since", () => {
  it("answers exactly what an index of the documents now answers, change after change", () => {
    const next = random(62);
    for (let trial = 0; trial < 25; trial++) {
      let documents = randomDocuments(next, 20 + Math.floor(next() * 300), 1);
      const base = new MemorySearchIndex(1, documents);
      let written = new Set<number>();
      for (let round = 2; round <= 4; round++) {
        const changes = randomChanges(next, documents);
        documents = changes.after;
        written = new Set([...written, ...changes.written]);
        const now = documents.filter((document) => written.has(document.id)).sort((a, b) => a.id - b.id);
        const corrected = new OverlaidSearchIndex(base, round, 0, written, now);
        const fresh = new MemorySearchIndex(round, [...documents].sort((a, b) => a.id - b.id));
        for (const options of randomSearches(next, 20)) {
          expect(
            corrected.find(options).map((row) => `${row.kind}:${row.ref}:${row.name}`),
            JSON.stringify(options),
          ).toEqual(fresh.find(options).map((row) => `${row.kind}:${row.ref}:${row.name}`));
        }
        for (const word of TYPOS) expect(corrected.typoCandidates(word), word).toEqual(fresh.typoCandidates(word));
      }
    }
  });

  it.each([
    ["in steps", 9, MemorySearchIndex.inSteps, 5],
    ["in a worker thread", 10, MemorySearchIndex.inWorker, 2],
  ] as const)("built %s, is the index built at once", async (_how, seed, build, fewestPauses) => {
    const next = random(seed);
    const documents = randomDocuments(next, 10_000, 1);
    let pauses = 0;
    const built = await build(1, documents, 0, async () => void pauses++);
    const atOnce = new MemorySearchIndex(1, documents);
    expect(pauses).toBeGreaterThan(fewestPauses);
    for (const options of randomSearches(next, 50)) expect(built.find(options)).toEqual(atOnce.find(options));
    for (const word of TYPOS) expect(built.typoCandidates(word)).toEqual(atOnce.typoCandidates(word));
    const empty = await build(1, [], 0, async () => {});
    expect(empty.find({ match: [{ prefix: "cafe", words: [] }], types: SEARCH_TYPES, limit: 8 })).toEqual([]);
  });
});

describe("the index kept per content version", () => {
  /** A database's documents and their change marks, as search-change.repository.ts reads them. */
  function fakeSource(start: SearchDocumentRow[]) {
    const state = {
      version: 1,
      seq: 1,
      documents: new Map(start.map((d) => [d.id, d])),
      marks: new Map<number, number>(),
      fullReads: 0,
      deltaReads: 0,
      /** While set, a full read waits for it (a read of a large site under way). */
      held: undefined as Promise<void> | undefined,
    };
    const source = {
      version: async () => state.version,
      mark: async () => state.seq,
      documents: async () => {
        state.fullReads++;
        const documents = [...state.documents.values()].sort((a, b) => a.id - b.id);
        await state.held;
        return documents;
      },
      changesSince: async (mark: number, limit: number) => {
        state.deltaReads++;
        const ids = [...state.marks].filter(([, seq]) => seq >= mark).map(([id]) => id);
        return ids.length > limit ? null : { mark: state.seq, ids };
      },
      documentsOf: async (ids: readonly number[]) => ids.flatMap((id) => state.documents.get(id) ?? []).sort((a, b) => a.id - b.id),
      count: async () => state.documents.size,
    };
    const write = (after: SearchDocumentRow[], written: Set<number>) => {
      state.documents = new Map(after.map((d) => [d.id, d]));
      for (const id of written) state.marks.set(id, state.seq);
      state.seq++;
      state.version++;
    };
    return { state, source, write };
  }
  /** The engine's own index, as the repository is given it: a search of it is told apart by its one row. */
  const engineIndex = { find: () => [{ kind: "business" as const, ref: "engine", name: "From the engine", body: "" }], typoCandidates: () => [] };
  const engine = { snapshot: async () => engineIndex };

  it("answers the first searches from the engine's index while it reads and builds its own, off their path", async () => {
    const next = random(3);
    const documents = randomDocuments(next, 300, 1);
    const { state, source } = fakeSource(documents);
    let release = () => {};
    state.held = new Promise<void>((resolve) => (release = resolve));
    const repository = new MemorySearchRepository(source, engine);
    // Answered while the read has not come back.
    expect(await repository.snapshot()).toBe(engineIndex);
    expect(await repository.snapshot()).toBe(engineIndex);
    expect(state.fullReads).toBe(1);
    release();
    await repository.rebuilt();
    const index = await repository.snapshot();
    expect(index).toBeInstanceOf(MemorySearchIndex);
    const fresh = new MemorySearchIndex(state.version, documents);
    for (const options of randomSearches(next, 20)) expect(await index.find(options)).toEqual(fresh.find(options));
    expect(state.fullReads).toBe(1);
  });

  it("reads again, the engine answering meanwhile, when the read failed", async () => {
    const documents = randomDocuments(random(6), 20, 1);
    const { state, source } = fakeSource(documents);
    const failing = { ...source, documents: async () => Promise.reject(new Error("the database is gone")) };
    const repository = new MemorySearchRepository(failing, engine);
    expect(await repository.snapshot()).toBe(engineIndex);
    await repository.rebuilt();
    expect(await repository.snapshot()).toBe(engineIndex);
    const recovered = new MemorySearchRepository(source, engine);
    await recovered.snapshot();
    await recovered.rebuilt();
    expect(await recovered.snapshot()).toBeInstanceOf(MemorySearchIndex);
    expect(state.fullReads).toBe(1);
  });

  it("is corrected at once after a change, then built again off the path, answering as a fresh index throughout", async () => {
    const next = random(4);
    let documents = randomDocuments(next, 300, 1);
    const { state, source, write } = fakeSource(documents);
    const repository = new MemorySearchRepository(source, engine);
    await repository.snapshot();
    await repository.rebuilt();
    expect(state.fullReads).toBe(1);
    for (let round = 0; round < 4; round++) {
      const changes = randomChanges(next, documents);
      documents = changes.after;
      write(documents, changes.written);
      const index = await repository.snapshot();
      expect(index).toBeInstanceOf(OverlaidSearchIndex);
      const fresh = new MemorySearchIndex(state.version, [...documents].sort((a, b) => a.id - b.id));
      for (const options of randomSearches(next, 20)) expect(await index.find(options)).toEqual(fresh.find(options));
    }
    // Each change read only what it wrote; the full read came once, after, off the path.
    expect(state.fullReads).toBe(1);
    await repository.rebuilt();
    expect(state.fullReads).toBe(2);
    const rebuilt = await repository.snapshot();
    expect(rebuilt).toBeInstanceOf(MemorySearchIndex);
    const fresh = new MemorySearchIndex(state.version, [...documents].sort((a, b) => a.id - b.id));
    for (const options of randomSearches(next, 20)) expect(await rebuilt.find(options)).toEqual(fresh.find(options));
  });

  it("is corrected, not built again, until the documents written reach one in 1,000 of its own", async () => {
    const next = random(7);
    let documents = randomDocuments(next, 3000, 1);
    const { state, source, write } = fakeSource(documents);
    const repository = new MemorySearchRepository(source, engine);
    await repository.snapshot();
    await repository.rebuilt();
    expect(rebuildFrom(documents.length)).toBe(3);
    for (const [written, id] of [1, 2, 3].map((written) => [written, written * 997] as const)) {
      documents = documents.map((d) => (d.id === id ? { ...d, name: `renamed${written} ${d.name}` } : d));
      write(documents, new Set([id]));
      const index = await repository.snapshot();
      expect(index).toBeInstanceOf(OverlaidSearchIndex);
      const renamed: FindOptions = { match: [{ prefix: `renamed${written}`, words: [] }], types: SEARCH_TYPES, limit: 5 };
      const found = await index.find(renamed);
      expect(found.map((row) => row.ref)).toEqual([String(id)]);
      expect(found).toEqual(new MemorySearchIndex(state.version, documents).find(renamed));
      await repository.rebuilt();
      // Read whole again only once three were written.
      expect(state.fullReads, `after ${written} written`).toBe(written < 3 ? 1 : 2);
    }
    const rebuilt = await repository.snapshot();
    expect(rebuilt).toBeInstanceOf(MemorySearchIndex);
    for (const options of randomSearches(next, 20)) expect(await rebuilt.find(options)).toEqual(new MemorySearchIndex(state.version, documents).find(options));
  });

  it("is built whole off the path past so many documents written, the engine's index answering meanwhile", async () => {
    const next = random(5);
    const documents = randomDocuments(next, 50, 1);
    const { state, source, write } = fakeSource(documents);
    const repository = new MemorySearchRepository(source, engine);
    await repository.snapshot();
    await repository.rebuilt();
    const added = randomDocuments(next, MAX_WRITTEN + 1, 51);
    write([...documents, ...added], new Set(added.map((d) => d.id)));
    expect(await repository.snapshot()).toBe(engineIndex);
    await repository.rebuilt();
    expect(state.fullReads).toBe(2);
    const index = await repository.snapshot();
    expect(index).toBeInstanceOf(MemorySearchIndex);
    const fresh = new MemorySearchIndex(state.version, [...documents, ...added]);
    for (const options of randomSearches(next, 20)) expect(await index.find(options)).toEqual(fresh.find(options));
  });
});
