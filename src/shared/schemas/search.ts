// Search across the site: the header's suggestions and the /search page ask the same question.
import { z } from "zod";
import { HEADER_SEARCH, SEARCH_TYPES, type SearchType } from "../constants.ts";
import { pairSchema } from "./pair.ts";
import { LANGUAGES } from "../i18n/languages.ts";
import { FallbackLanguagesSchema } from "./translations.ts";

// The lists live with the constants, so browser code that needs them does not pull zod into every page.
export { SEARCH_TYPES, SUGGESTION_TYPES, type SearchType } from "../constants.ts";

export const SEARCH_MAX_LIMIT = 50;

export const SearchQuerySchema = z.object({
  q: z.string().max(200, { error: "The search text is too long." }).default(""),
  types: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value) return [...SEARCH_TYPES];
      const types = [...new Set(value.split(",").map((t) => t.trim()).filter(Boolean))];
      const unknown = types.filter((t) => !(SEARCH_TYPES as readonly string[]).includes(t));
      if (unknown.length > 0 || types.length === 0) {
        ctx.addIssue({ code: "custom", message: `Types are a comma-separated list of ${SEARCH_TYPES.join(", ")}.` });
        return z.NEVER;
      }
      return types as SearchType[];
    }),
  limit: z.coerce.number().int().min(1).max(SEARCH_MAX_LIMIT).default(HEADER_SEARCH.maxSuggestions),
  language: z
    .enum(LANGUAGES, { error: "Translations are given by language code (en, fr)." })
    .optional()
    .meta({ description: "The language of the page asking (by default the site's): titles and snippets are given in it where they are translated, the originals (named in `lang`) elsewhere" }),
});

/** [start, end) offsets of matched words in a text, for highlighting. */
const RangesSchema = z.array(pairSchema(z.number().int()));

export const SearchResultSchema = z.object({
  type: z.enum(SEARCH_TYPES),
  id: z.string(),
  title: z.string(),
  /** Where the result's page is (an event, offer or post: its place on the page that lists it). */
  url: z.string(),
  /** A short part of the description around the first match; empty when there is none. */
  snippet: z.string(),
  titleMatches: RangesSchema,
  snippetMatches: RangesSchema,
  /** With `language`: the title or snippet shown untranslated, and the language it is in. */
  lang: FallbackLanguagesSchema.optional(),
});

export const SearchResponseSchema = z.object({
  query: z.string(),
  /** False when the query is too short to search (under 2 characters). */
  searched: z.boolean(),
  results: z.array(SearchResultSchema),
});

export type SearchQuery = z.infer<typeof SearchQuerySchema>;
export type SearchResult = z.infer<typeof SearchResultSchema>;
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
