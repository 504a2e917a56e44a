// /search?q=: every kind of result, grouped, with the matched words marked. Server-rendered.
import { Form } from "react-router";
import type { Route } from "./+types/search";
import { getApp } from "../lib/app-context.ts";
import { metaText, pageMeta } from "../features/seo/index.ts";
import type { SearchResult, SearchType } from "#shared/schemas/search.ts";
import { Highlighted } from "../components/search/highlighted.tsx";
import { OpenStateBadge } from "../components/hours/opening-hours-panel.tsx";
import { InsightBeacon } from "../components/insight-beacon.tsx";
import { SCRIPTS_AFTER_PAINT } from "../lib/page-handle.ts";
import { useLocalPath, usePublicText } from "../lib/public-text.ts";
import { LocalLink } from "#web/components/ui/local-link.tsx";
import { languageSettingsOf, pageLanguage } from "#shared/i18n/languages.ts";

/** The order groups appear in. */
const GROUPS: SearchType[] = ["business", "event", "offer", "post", "category", "tag", "document"];
const PER_GROUP = 20;
/** One kind of result alone (`&type=business`, from a group's "Show all" link): this many at most. */
const ONE_GROUP = 200;

// The results are links and "Search again" a form that submits as it is: the page is whole before its scripts.
export const handle = SCRIPTS_AFTER_PAINT;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, user } = getApp(context);
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").slice(0, 200);
  const only = GROUPS.find((type) => type === params.get("type")) ?? null;
  // Titles and texts in the page's language where they are translated (/fr/search).
  const language = pageLanguage(new URL(request.url).pathname, languageSettingsOf(await services.siteSettings.get()));
  const { query, searched, results } = only
    ? await services.search.search({ q, types: [only], limit: ONE_GROUP, perType: ONE_GROUP, viewer: user, language })
    : await services.search.search({ q, limit: PER_GROUP * GROUPS.length, perType: PER_GROUP, viewer: user, language });
  const openNow = await services.businesses.openStates(results.filter((r) => r.type === "business").map((r) => r.id));
  return { query, searched, results, openNow, only };
}

// A page of results is not worth indexing (it changes with the content and any text makes one); the search page is.
export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const { t } = metaText(matches);
  if (!loaderData?.searched) {
    return pageMeta(matches, { title: t("search.heading"), description: t("meta.search.description"), path: "/search" });
  }
  const { query, results } = loaderData;
  const found = results.length === 0 ? t("search.noResults", { query }) : t("meta.search.found", { count: results.length, query });
  return pageMeta(matches, { title: t("search.resultsFor", { query }), description: found, path: `/search?${new URLSearchParams({ q: query })}`, noindex: true });
};

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { t } = usePublicText();
  const localize = useLocalPath();
  const { query, searched, results, openNow, only } = loaderData;
  const searchFor = (type?: SearchType) => `/search?${new URLSearchParams({ q: query, ...(type ? { type } : {}) })}`;
  const groups = GROUPS.map((type) => ({ type, results: results.filter((r) => r.type === type) })).filter((g) => g.results.length > 0);
  const shownBusinesses = results.filter((r) => r.type === "business").map((r) => r.id);
  return (
    <section className="space-y-6">
      {shownBusinesses.length > 0 && <InsightBeacon events={[{ kind: "search", id: shownBusinesses.slice(0, 100), query }]} signature={`${query}\n${shownBusinesses.join(",")}`} />}
      {searched && results.length === 0 && query.trim() !== "" && <InsightBeacon events={[{ kind: "no-results", query }]} signature={`no-results\n${query}`} />}
      <h1 className="page-heading">{searched ? t("search.resultsFor", { query }) : t("search.heading")}</h1>
      <Form method="get" action={localize("/search")} role="search" aria-label={t("search.again")} className="flex max-w-xl items-stretch">
        <label htmlFor="search-page-q" className="sr-only">
          {t("search.label")}
        </label>
        <input
          id="search-page-q"
          type="search"
          name="q"
          defaultValue={query}
          key={query}
          enterKeyHint="search"
          className="w-full min-w-0 rounded-s-md border border-e-0 border-stone-300 bg-white px-3 py-2 text-stone-900"
        />
        <button type="submit" className="rounded-e-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800">
          {t("search.submit")}
        </button>
      </Form>
      {!searched ? <p className="text-stone-700">{t("search.tooShort")}</p> : null}
      {searched && groups.length === 0 ? <p className="text-stone-700">{t("search.noResults", { query })}</p> : null}
      {groups.map((group) => (
        <section key={group.type} aria-labelledby={`results-${group.type}`}>
          <h2 id={`results-${group.type}`} className="text-xl font-semibold text-brand-800">
            {t(`search.groupHeadings.${group.type}`)}
          </h2>
          <ul className="mt-2 space-y-2">
            {group.results.map((result) => (
              <ResultItem key={result.id} result={result} openNow={result.type === "business" ? (openNow[result.id] ?? null) : null} />
            ))}
          </ul>
          {/* A full group may have more: they are a link away, on a page of their own. */}
          {!only && group.results.length >= PER_GROUP && (
            <p className="mt-2">
              <LocalLink to={searchFor(group.type)} className="font-semibold text-brand-700 underline">
                {t(`search.showAll.${group.type}`)}
              </LocalLink>
            </p>
          )}
        </section>
      ))}
      {only && searched && (
        <p>
          <LocalLink to={searchFor()} className="font-semibold text-brand-700 underline">
            {t("search.allResultsFor", { query })}
          </LocalLink>
        </p>
      )}
    </section>
  );
}

function ResultItem({ result, openNow }: { result: SearchResult; openNow: boolean | null }) {
  const { t } = usePublicText();
  return (
    <li className="card">
      {result.type === "document" ? (
        // A library document's file: downloaded, never a page of the site.
        <a href={result.url} download className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          <Highlighted text={result.title} ranges={result.titleMatches} />
          <span className="sr-only">{t("search.download")}</span>
        </a>
      ) : (
        <LocalLink to={result.url} lang={result.lang?.title} dir="auto" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          <Highlighted text={result.title} ranges={result.titleMatches} />
        </LocalLink>
      )}
      {openNow !== null && (
        <p className="mt-1">
          <OpenStateBadge openNow={openNow} />
        </p>
      )}
      {result.snippet ? (
        <p lang={result.lang?.snippet} dir="auto" className="mt-1 text-sm text-stone-700">
          <Highlighted text={result.snippet} ranges={result.snippetMatches} />
        </p>
      ) : null}
    </li>
  );
}
