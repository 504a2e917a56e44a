// The sitemap, as the sitemaps.org protocol has it: one <urlset> of at most 50,000 URLs, or past that an index
// (<sitemapindex>) of child sitemaps. Each child holds at most 2,000 URLs (the protocol allows 50,000): about what a
// site of 1,000 businesses lists in its one sitemap, so a child takes as long to make and to fetch on a city's
// directory as the whole sitemap does on a street's. Businesses, the one list that grows to a city's worth, are read
// by keyset a page at a time and written out as they come: memory does not grow with their number. A URL entry is
// under 700 bytes (a site address, a path of an id or a slug, a timestamp, an address per language), far below the
// protocol's other bound of 50 MB uncompressed.

import { localizedPath, type LanguageSettings } from "#shared/i18n/languages.ts";

/** The protocol's bound on the URLs of one sitemap: past it, /sitemap.xml is an index. */
export const SITEMAP_MAX_URLS = 50_000;
/** The URLs of one child sitemap of the index at most. */
export const SITEMAP_CHILD_URLS = 2_000;

export interface SitemapEntry {
  path: string;
  lastmod?: string | undefined;
}

/** A run of the sitemap's URLs: how many, and those from `offset` (`limit` at most), in order, a batch at a time. */
export interface SitemapSection {
  count: number;
  entries(offset: number, limit: number): AsyncIterable<SitemapEntry[]>;
}

/** A section whose entries are all at hand (the fixed pages, and lists a few thousand long at most). */
export function listSection(entries: SitemapEntry[]): SitemapSection {
  return {
    count: entries.length,
    async *entries(offset, limit) {
      yield entries.slice(offset, offset + limit);
    },
  };
}

const MARKUP = /[&<>"']/;

function xml(value: string): string {
  // Most addresses and dates have none of these: one scan instead of five.
  if (!MARKUP.test(value)) return value;
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const XHTML_NS = 'xmlns:xhtml="http://www.w3.org/1999/xhtml"';

/**
 * One page's <url>: at its address in the site's default language and, where the site offers more than one, with
 * an `xhtml:link` to each language's address and `x-default` (Google's hreflang in sitemaps).
 */
function urlEntry(base: string, entry: SitemapEntry, languages: LanguageSettings | undefined): string {
  const lastmod = entry.lastmod ? `<lastmod>${xml(entry.lastmod)}</lastmod>` : "";
  if (!languages) return `<url><loc>${xml(base + entry.path)}</loc>${lastmod}</url>
`;
  const at = (language: LanguageSettings["defaultLanguage"]) => xml(base + localizedPath(entry.path, language));
  const alternates =
    languages.languages.length < 2
      ? ""
      : [...languages.languages.map((language) => [language, at(language)]), ["x-default", at(languages.defaultLanguage)]]
          .map(([hreflang, href]) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${href}"/>`)
          .join("");
  return `<url><loc>${at(languages.defaultLanguage)}</loc>${lastmod}${alternates}</url>
`;
}

/** How many child sitemaps of `childUrls` URLs the sections need; 0 when they fit in one plain sitemap of `maxUrls`. */
export function childCount(sections: readonly SitemapSection[], maxUrls: number, childUrls: number): number {
  const total = sections.reduce((sum, s) => sum + s.count, 0);
  return total <= maxUrls ? 0 : Math.ceil(total / childUrls);
}

/** The index of `children` child sitemaps, at `<base>/sitemap-<n>.xml`. */
export function sitemapIndex(base: string, children: number): string {
  const items = Array.from({ length: children }, (_, i) => `<sitemap><loc>${xml(`${base}/sitemap-${i + 1}.xml`)}</loc></sitemap>`);
  return `${HEAD}<sitemapindex ${NS}>\n${items.join("\n")}\n</sitemapindex>\n`;
}

/**
 * The <urlset> of the URLs from position `from` (`limit` of them) across the sections in order, as text a batch of
 * entries at a time.
 */
export async function* urlset(base: string, sections: readonly SitemapSection[], from = 0, limit = Infinity, languages?: LanguageSettings): AsyncGenerator<string> {
  yield `${HEAD}<urlset ${NS}${languages && languages.languages.length > 1 ? ` ${XHTML_NS}` : ""}>\n`;
  let skip = from;
  let left = limit;
  for (const section of sections) {
    if (left <= 0) break;
    if (skip >= section.count) {
      skip -= section.count;
      continue;
    }
    const take = Math.min(left, section.count - skip);
    for await (const batch of section.entries(skip, take)) {
      if (batch.length === 0) continue;
      yield batch.map((e) => urlEntry(base, e, languages)).join("");
    }
    skip = 0;
    left -= take;
  }
  yield "</urlset>\n";
}

/** Text pieces as a byte stream, each read when the client is ready for it. */
export function byteStream(pieces: AsyncIterator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await pieces.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await pieces.return?.(undefined);
    },
  });
}
