// The browser's side of GET /api/v1/search.
import { HEADER_SEARCH, SUGGESTION_TYPES } from "#shared/constants.ts";
import type { SearchResponse } from "#shared/schemas/search.ts";

/** The header's suggestions for `q`, in the page's `language`; rejects with an AbortError when `signal` is aborted. */
export async function fetchSuggestions(q: string, signal: AbortSignal, language?: string): Promise<SearchResponse> {
  const params = new URLSearchParams({ q, types: SUGGESTION_TYPES.join(","), limit: String(HEADER_SEARCH.maxSuggestions), ...(language ? { language } : {}) });
  const response = await fetch(`/api/v1/search?${params}`, { signal, headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`Search failed: ${response.status}`);
  return (await response.json()) as SearchResponse;
}
