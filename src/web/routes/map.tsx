import { preload } from "react-dom";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/map";
import { getApp, loadOr } from "../lib/app-context.ts";
import { metaText, pageMeta } from "../features/seo/index.ts";
import { paths } from "../lib/paths.ts";
import { MapExplorer, type Loaded } from "../features/map/map-explorer.tsx";
import { BUSINESSES_GEOJSON_URL } from "../features/map/use-map-businesses.ts";
import { parseFilters } from "../features/map/map-filters.ts";
import { loadMapLibre } from "../features/map/load-maplibre.ts";
import { MAP_VIEW_THRESHOLD } from "../features/map/view-request.ts";
import { SCRIPTS_AFTER_PAINT } from "../lib/page-handle.ts";
import { usePublicText } from "../lib/public-text.ts";
import { languageSettingsOf, pageLanguage } from "#shared/i18n/index.ts";
import { localizedText } from "#shared/i18n/localized-text.ts";

// This page is its map: MapLibre's bundle is asked for as soon as the page's code runs in the browser, beside the
// rest of the page's, instead of once the page has hydrated and the map's effect runs.
if (typeof document !== "undefined") loadMapLibre().catch(() => undefined);

// The page's HTML holds the map's first view (the businesses' circles and clusters, see map-sketch.tsx) and the
// sidebar's filters as forms: for a visitor its scripts, MapLibre's among them, are asked for once it has painted,
// so that they do not share a slow line with the stylesheet before the first paint.
export const handle = SCRIPTS_AFTER_PAINT;


export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = getApp(context);
  // Each part fails on its own, so the page can say which one did (spec section 8).
  const settle = <T,>(what: string, work: () => Promise<T>): Promise<Loaded<T>> =>
    loadOr(context, what, async () => ({ ok: true as const, data: await work() }), () => ({ ok: false as const }));
  const site = await services.siteSettings.get();
  const languages = languageSettingsOf(site);
  const language = pageLanguage(new URL(request.url).pathname, languages);
  // The filters' names in the page's language, else the originals marked with theirs; links and addresses keep the stored names.
  const labelled = async <T extends { id: string; name: string }>(type: "category" | "tag", list: T[]): Promise<T[]> => {
    if (language === languages.defaultLanguage) return list;
    const translations = await services.translations.readMany(type, list.map((item) => item.id));
    return list.map((item) => {
      const { text, lang } = localizedText(item.name, translations.get(item.id), "name", language, languages.defaultLanguage);
      return { ...item, label: text ?? item.name, ...(lang ? { lang } : {}) };
    });
  };
  const [categories, tags, businessCount] = await Promise.all([
    settle("map categories", async () => labelled("category", await services.mapData.categories())),
    settle("map tags", async () => labelled("tag", await services.mapData.tags())),
    loadOr(context, "map business count", () => services.mapData.businessCount(), () => null),
  ]);
  const filters = parseFilters(
    new URL(request.url).searchParams,
    categories.ok ? categories.data : [],
    tags.ok ? tags.data : [],
  );
  // The map's first view, drawn in the page itself (src/shared/map-sketch.ts); none for "Open now", which moves by the
  // minute, or with the businesses' circles hidden.
  const drawn =
    filters.openNow || filters.features.length > 0 || !filters.show.markers ? null : await loadOr(context, "map sketch", () => services.mapData.sketch(filters), () => null);
  // Not ready while a server reads every business for the first time (decision 0064): this page goes without it, and
  // is not kept for the next visitor, who gets it once it is.
  if (drawn === undefined) getApp(context).notKept?.();
  const sketch = drawn ?? null;
  // The category buttons' counts of the businesses open now, for an address with ?open=now: told by the server's clock,
  // as the businesses the page then fetches are, and shown in the HTML and the first render alike until they arrive.
  const openCounts =
    filters.openNow || filters.features.length > 0
      ? await loadOr(context, "map open counts", () => services.mapClusters.categoryCounts({ openNow: filters.openNow, features: filters.features }), () => null)
      : null;
  return { categories, tags, businessCount, openCounts, filters, sketch, mapStyle: services.geo.mapStyle, directions: services.geo.directions, center: site.mapCenter };
}

// Filters change the URL without a new load: everything the page needs is already here.
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

// One canonical address for the map, whatever filters the address holds.
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: metaText(matches).t("map.heading"), description: metaText(matches).t("map.metaDescription"), path: paths.map });

export default function MapPage({ loaderData }: Route.ComponentProps) {
  // The businesses themselves come as one GeoJSON request (thousands of them would swell the HTML); the browser starts
  // it at once, alongside the scripts. A map of more asks for each view instead (decision 0040).
  if (loaderData.businessCount === null || loaderData.businessCount <= MAP_VIEW_THRESHOLD) preload(BUSINESSES_GEOJSON_URL, { as: "fetch", crossOrigin: "anonymous" });
  const { t } = usePublicText();
  return (
    <>
      <h1 className="page-heading mb-4">{t("map.heading")}</h1>
      <MapExplorer
        categories={loaderData.categories}
        tags={loaderData.tags}
        businessCount={loaderData.businessCount}
        openCounts={loaderData.openCounts}
        mapStyle={loaderData.mapStyle}
        directions={loaderData.directions}
        center={loaderData.center}
        initialFilters={loaderData.filters}
        sketch={loaderData.sketch}
      />
    </>
  );
}
