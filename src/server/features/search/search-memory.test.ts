import { describe, expect, it } from "vitest";
import { SEARCH_TYPES, type SearchType } from "#shared/schemas/search.ts";
import { fold } from "#server/lib/search-text.ts";
import { firstInOrder, MemorySearchIndex, type SearchDocumentRow } from "./search-memory.ts";
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
    const pick = <T,>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    const phrase = (list: readonly string[], most: number) => Array.from({ length: Math.floor(next() * most) }, () => pick(list)).join(" ");
    for (let trial = 0; trial < 60; trial++) {
      const documents: SearchDocumentRow[] = Array.from({ length: 20 + Math.floor(next() * 400) }, (_, i) => ({
        kind: pick(KINDS),
        ref: String(i),
        name: `${phrase(NAME_WORDS, 4)}${next() < 0.3 ? ` ${i}` : ""}`,
        extra: phrase(OTHER_WORDS, 3),
        body: phrase(OTHER_WORDS, 8),
      }));
      const index = new MemorySearchIndex(1, documents);
      for (let q = 0; q < 20; q++) {
        const match: WordMatch[] = Array.from({ length: 1 + Math.floor(next() * 2) }, () => {
          const word = fold(pick(OTHER_WORDS));
          return {
            prefix: word.slice(0, 1 + Math.floor(next() * word.length)),
            words: next() < 0.2 ? [fold(pick(OTHER_WORDS))] : [],
            ...(next() < 0.2 ? { stems: [fold(pick(OTHER_WORDS)).slice(0, 4)] } : {}),
          };
        });
        const types = next() < 0.5 ? SEARCH_TYPES : KINDS.filter(() => next() < 0.6);
        const options: FindOptions = { match, types, limit: 1 + Math.floor(next() * 30), ...(next() < 0.4 ? { perType: 1 + Math.floor(next() * 6) } : {}) };
        expect(
          index.find(options).map((row) => row.ref),
          JSON.stringify(options),
        ).toEqual(reference(documents, options));
      }
    }
  });
});
