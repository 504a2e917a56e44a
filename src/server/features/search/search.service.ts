// Search rules: from 2 characters, every word matched by prefix, one typo forgiven in longer words
// when nothing matched as typed; results carry their page and where to highlight.
import type { CurrentUser } from "#server/auth/session.ts";
import { HEADER_SEARCH } from "#shared/constants.ts";
import { slugify } from "#shared/format.ts";
import { SEARCH_TYPES, type SearchResponse, type SearchResult, type SearchType } from "#shared/schemas/search.ts";
import type { SearchIndex, SearchRepository, SearchRow, WordMatch } from "./search.repository.ts";
import type { Stemmer } from "./search-stems.ts";
import type { SearchTranslator } from "./search-translations.ts";
import type { Language } from "#shared/i18n/languages.ts";
import type { FallbackLanguages } from "#shared/schemas/translations.ts";
import { isOneTypoAway, matchRanges, queryWords, snippet, TYPO_MIN_LENGTH } from "#server/lib/search-text.ts";

/** Most typo readings taken for one word, closest first as the repository found them. */
const MAX_TYPO_WORDS = 8;

/** The library's documents the person may read that hold every word of the query, newest first (DocumentService). */
export type DocumentSearch = (viewer: CurrentUser | null, q: string, limit: number) => Promise<Array<{ id: string; title: string; summary: string; tags: string[] }>>;

export interface SearchInput {
  q: string;
  /** Who searches: members also find members-only documents. */
  viewer?: CurrentUser | null;
  types?: readonly SearchType[];
  limit?: number;
  /** At most this many results of each type (the /search page groups by type). */
  perType?: number;
  /** The page's language: titles and texts translated where they are (the originals, named in `lang`, elsewhere). */
  language?: Language;
}

function urlOf(row: SearchRow): string {
  const id = encodeURIComponent(row.ref);
  switch (row.kind) {
    case "business":
      return `/business/${id}`;
    case "category":
      return `/category/${slugify(row.name)}`;
    case "tag":
      return `/tag/${slugify(row.name)}`;
    case "event":
      return `/events#event-${id}`;
    case "offer":
      return `/offers#offer-${id}`;
    case "post":
      return `/#post-${id}`;
    case "document":
      return `/api/v1/documents/${id}/file`;
  }
}

export class SearchService {
  private readonly repository: SearchRepository;
  private readonly documents: DocumentSearch | undefined;
  private readonly stemmer: Stemmer | undefined;
  private readonly translator: SearchTranslator | undefined;
  constructor(repository: SearchRepository, documents?: DocumentSearch, stemmer?: Stemmer, translator?: SearchTranslator) {
    this.repository = repository;
    this.documents = documents;
    this.stemmer = stemmer;
    this.translator = translator;
  }

  /** Documents in the index held in the process, for the metrics (0 while the engine's own index answers). */
  indexedDocuments(): number {
    return this.repository.indexed?.() ?? 0;
  }

  async search({ q, types = SEARCH_TYPES, limit = HEADER_SEARCH.maxSuggestions, perType, viewer = null, language }: SearchInput): Promise<SearchResponse> {
    const query = q.trim();
    if (query.length < HEADER_SEARCH.minChars) return { query, searched: false, results: [] };
    const words = queryWords(query);
    const stems = this.stemmer ? await this.stemmer(words) : undefined;
    let match: WordMatch[] = words.map((word) => ({ prefix: word, words: [], ...(stems?.get(word)?.length ? { stems: stems.get(word) } : {}) }));
    const index = await this.repository.snapshot();
    let rows = await index.find({ match, types, limit, perType });
    if (rows.length === 0 && words.some((word) => word.length >= TYPO_MIN_LENGTH)) {
      match = await Promise.all(match.map((m) => this.withTypoReadings(index, m)));
      if (match.some((m) => m.words.length > 0)) rows = await index.find({ match, types, limit, perType });
    }
    const terms = match.flatMap((m) => [m.prefix, ...m.words, ...(m.stems ?? [])]);
    // Documents come after the index's results, each held to who may read it.
    if (this.documents && types.includes("document") && rows.length < limit) {
      const found = await this.documents(viewer, query, Math.min(perType ?? limit, limit - rows.length));
      rows = [...rows, ...found.map((d): SearchRow => ({ kind: "document", ref: d.id, name: d.title, body: [d.summary, d.tags.join(", ")].filter(Boolean).join(" · ") }))];
    }
    if (!this.translator) return { query, searched: true, results: rows.map((row) => this.toResult(row, row, terms)) };
    const shown = await this.translator(rows, language);
    return { query, searched: true, results: rows.map((row, i) => this.toResult(row, shown[i]!, terms)) };
  }

  private async withTypoReadings(index: SearchIndex, match: WordMatch): Promise<WordMatch> {
    if (match.prefix.length < TYPO_MIN_LENGTH) return match;
    const candidates = await index.typoCandidates(match.prefix);
    const words = candidates.filter((word) => isOneTypoAway(match.prefix, word)).slice(0, MAX_TYPO_WORDS);
    return { ...match, words };
  }

  /** `row` as found (its address is the original's), `shown` as the page shows it. */
  private toResult(row: SearchRow, shown: SearchRow & { lang?: FallbackLanguages }, terms: string[]): SearchResult {
    const text = snippet(shown.body, terms);
    const lang = shown.lang && Object.keys(shown.lang).length > 0 ? { lang: shown.lang } : {};
    return {
      type: row.kind,
      id: row.ref,
      title: shown.name,
      url: urlOf(row),
      snippet: text,
      titleMatches: matchRanges(shown.name, terms),
      snippetMatches: matchRanges(text, terms),
      ...lang,
    };
  }
}
