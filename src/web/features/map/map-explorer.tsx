// The /map page's working part: sidebar (search, categories, tags, locations) beside the map.
import { useCallback, useEffect, useMemo, useState } from "react";
import { useLocation } from "react-router";
import { countByCategory, countByFeature, type CategoryCounts, type MapStyleConfig } from "#shared/map.ts";
import { MAP_ZOOM, UNKNOWN_CATEGORY_COLOR } from "#shared/constants.ts";
import { messages } from "#shared/messages.ts";
import { paths } from "#web/lib/paths.ts";
import { slugify } from "#shared/format.ts";
import { BusinessInfo } from "./business-info.tsx";
import { DirectionsPanel, type RouteSummary } from "./directions-panel.tsx";
import { AttributeFilters } from "./attribute-filters.tsx";
import { CategoryFilters } from "./category-filters.tsx";
import { chipClass, FilterButton } from "./filter-button.tsx";
import { fetchRoute } from "./fetch-route.ts";
import { loadMapLibre } from "./load-maplibre.ts";
import { LocationsList } from "./locations-list.tsx";
import { MapCanvas, type LatLng } from "./map-canvas.tsx";
import {
  filterBusinesses,
  filtersToSearch,
  frameFor,
  locationsHeading,
  parseFilters,
  searchItems,
  type MapBusiness,
  type MapCategory,
  type Framing,
  type MapFilters,
  type MapTag,
  type MapVisibility,
  type SearchItem,
} from "./map-filters.ts";
import { MapSearch } from "./map-search.tsx";
import { MapSketch } from "./map-sketch.tsx";
import type { MapSketch as MapSketchData } from "#shared/map-sketch.ts";
import { useMapBusinesses } from "./use-map-businesses.ts";
import { useMapView } from "./use-map-view.ts";
import { MAP_VIEW_THRESHOLD } from "./view-request.ts";
import { useLocalPath, usePublicText } from "#web/lib/public-text.ts";

export type Loaded<T> = { ok: true; data: T } | { ok: false };

export interface MapExplorerProps {
  categories: Loaded<MapCategory[]>;
  tags: Loaded<MapTag[]>;
  /** How many businesses there are, for "All (n)" before they arrive (null when it could not be counted). */
  businessCount: number | null;
  /**
   * The category buttons' counts of the businesses open now, made by the server for an address with ?open=now (null
   * otherwise, or when they could not be counted): the page's HTML and its first render show them until the
   * businesses arrive.
   */
  openCounts: CategoryCounts | null;
  mapStyle: MapStyleConfig;
  /** Whether the site offers driving directions (ROUTER_URL=off turns them off). */
  directions: boolean;
  center: LatLng;
  initialFilters: MapFilters;
  /** The map's first view for `initialFilters`, made by the server (null when there is none). */
  sketch: MapSketchData | null;
}

export function MapExplorer(props: MapExplorerProps) {
  const { t } = usePublicText();
  const localize = useLocalPath();
  const mapPath = localize(paths.map);
  // Past the threshold the page asks for what each view shows instead of downloading every business (decision 0040).
  const large = props.businessCount !== null && props.businessCount > MAP_VIEW_THRESHOLD;
  const loaded = useMapBusinesses(!large);
  const businesses = useMemo(() => (loaded.kind === "ready" ? loaded.businesses : []), [loaded]);
  const categories = useMemo(() => (props.categories.ok ? props.categories.data : []), [props.categories]);
  const tags = useMemo(() => (props.tags.ok ? props.tags.data : []), [props.tags]);
  const [filters, setFilters] = useState(props.initialFilters);
  const view = useMapView(large, filters);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [route, setRoute] = useState<({ coordinates: [number, number][] } & RouteSummary) | null>(null);
  const [routing, setRouting] = useState(false);
  const [apiLoaded, setApiLoaded] = useState(false);
  const [visitor, setVisitor] = useState<LatLng | null>(null);
  const [focus, setFocus] = useState<{ lat: number; lng: number; zoom: number; key: number } | null>(null);
  const [mapReady, setMapReady] = useState(false);
  // The server's first view of the map stands in its place until the map has drawn the businesses, and shows the
  // address's filters: any change of them takes it away.
  const [sketchDone, setSketchDone] = useState(false);
  // A navigation to the page itself (the header's Map link while filters are on): its address's filters, afresh. The
  // filters' own changes replace the address without a navigation.
  const location = useLocation();
  const [locationKey, setLocationKey] = useState(location.key);
  if (location.key !== locationKey) {
    setLocationKey(location.key);
    setFilters(parseFilters(new URLSearchParams(location.search), categories, tags));
    setSelectedId(null);
    setRoute(null);
  }

  // Asked once on load; a refusal only logs a warning (spec section 8).
  useEffect(() => {
    if (!("geolocation" in navigator)) {
      console.warn(messages.map.geolocationUnsupported);
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => setVisitor({ lat: position.coords.latitude, lng: position.coords.longitude }),
      () => console.warn(messages.map.geolocationFailed),
      { timeout: 15_000 },
    );
  }, []);

  // The same (shared) download the map itself waits for: known here for the directions checklist.
  useEffect(() => {
    let cancelled = false;
    loadMapLibre().then(
      () => !cancelled && setApiLoaded(true),
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, []);

  const colorById = useMemo(() => new Map(categories.map((c) => [c.id, c.color])), [categories]);
  const colorOf = useCallback((b: MapBusiness) => (b.categoryId && colorById.get(b.categoryId)) || UNKNOWN_CATEGORY_COLOR, [colorById]);
  const tagsById = useMemo(() => new Map(tags.map((t) => [t.id, t])), [tags]);
  const byId = useMemo(() => (large ? view.known : new Map(businesses.map((b) => [b.id, b]))), [large, view.known, businesses]);
  // Both sides of the "Open now" switch, kept while the businesses and the other filters stay the same: the switch then
  // hands the map the very list it was given to prepare (`upcoming`), which it shows without clustering it again.
  const { categoryId, tagIds, features } = filters;
  const sides = useMemo(
    () => ({ open: filterBusinesses(businesses, { categoryId, tagIds, openNow: true, features }), all: filterBusinesses(businesses, { categoryId, tagIds, openNow: false, features }) }),
    [businesses, categoryId, tagIds, features],
  );
  const filtered = filters.openNow ? sides.open : sides.all;
  const sketchShown = !sketchDone && filters === props.initialFilters;
  const upcoming = filters.openNow ? sides.all : sides.open;
  // With "Open now" on, the category buttons count the businesses open now: of those shown once they are here, and the
  // server's count before (none when the switch was turned on after the page came: the counts of all stand in).
  // Features picked narrow them the same way.
  const openCounts = useMemo(
    () => (!filters.openNow && features.length === 0 ? null : loaded.kind === "ready" ? countByCategory(businesses, { openNow: filters.openNow, features }) : props.openCounts),
    [filters.openNow, features, loaded.kind, businesses, props.openCounts],
  );
  const featureCounts = useMemo(
    () => (loaded.kind === "ready" ? countByFeature(businesses, { categoryId, tagIds, openNow: filters.openNow, features }) : null),
    [loaded.kind, businesses, categoryId, tagIds, filters.openNow, features],
  );
  const items = useMemo(() => searchItems(large ? view.listed : businesses, categories, tags), [large, view.listed, businesses, categories, tags]);
  const selected = selectedId ? (byId.get(selectedId) ?? null) : null;

  // A map of many businesses frames its filters' businesses once the server has said where they lie.
  const framing: Framing = large
    ? view.bounds
      ? { kind: "bounds", west: view.bounds.west, south: view.bounds.south, east: view.bounds.east, north: view.bounds.north }
      : { kind: "point", ...(visitor ?? props.center), zoom: MAP_ZOOM.default }
    : frameFor(filtered, visitor, props.center, MAP_ZOOM);
  const framingKey = large
    ? `view|${view.bounds?.key ?? ""}`
    : `${loaded.kind}|${filters.categoryId}|${filters.tagIds.join(",")}|${features.join(",")}|${filtered.length === 0 && visitor ? `${visitor.lat},${visitor.lng}` : ""}`;
  const failed = large ? view.status === "failed" : loaded.kind === "failed";

  /** Filters live in the URL (shareable); the selection and the route clear whenever they change. */
  function applyFilters(next: MapFilters) {
    setFilters(next);
    setSelectedId(null);
    setRoute(null);
    window.history.replaceState(window.history.state, "", `${mapPath}${filtersToSearch(next, categories, tags)}`);
  }
  const pickCategory = (categoryId: string | null) => applyFilters({ ...filters, categoryId, tagIds: [] });
  const setTags = (tagIds: string[]) => applyFilters({ ...filters, categoryId: null, tagIds });
  const toggleTag = (id: string) => setTags(filters.tagIds.includes(id) ? filters.tagIds.filter((t) => t !== id) : [...filters.tagIds, id]);
  const setShown = (key: keyof MapVisibility, value: boolean) => applyFilters({ ...filters, show: { ...filters.show, [key]: value } });

  function selectAndZoom(business: MapBusiness) {
    setSelectedId(business.id);
    setRoute(null);
    setFocus({ lat: business.lat, lng: business.lng, zoom: MAP_ZOOM.singleSelection, key: Date.now() });
  }

  function onSearchPick(item: SearchItem) {
    if (item.kind === "category") pickCategory(item.id);
    else if (item.kind === "tag") setTags([item.id]);
    else {
      const business = byId.get(item.id);
      if (business) selectAndZoom(business);
    }
  }

  /** Spec section 8: one alert listing every missing part, else the route drawn on the map. */
  async function getDirections() {
    const missing = { prefix: t("map.directionsMissing.prefix"), api: t("map.directionsMissing.api"), location: t("map.directionsMissing.location"), destination: t("map.directionsMissing.destination"), map: t("map.directionsMissing.map"), service: t("map.directionsMissing.service") };
    const parts: string[] = [];
    if (!apiLoaded) parts.push(missing.api);
    if (!visitor) parts.push(missing.location);
    if (!selected) parts.push(missing.destination);
    if (!mapReady) parts.push(missing.map);
    if (!props.directions) parts.push(missing.service);
    if (parts.length > 0 || !visitor || !selected) {
      window.alert(`${missing.prefix} ${parts.join(" ")}`);
      return;
    }
    setRouting(true);
    const result = await fetchRoute(visitor, selected);
    setRouting(false);
    if ("coordinates" in result) setRoute(result);
    else window.alert(t("map.directionsFailed", { status: result.status }));
  }

  const paramsFor = (next: MapFilters) => new URLSearchParams(filtersToSearch(next, categories, tags));

  return (
    <div className="grid gap-4 lg:grid-cols-[20rem_1fr]">
      <MapCanvas
        className="map-explorer-map h-[55vh] min-h-80 overflow-hidden rounded-lg border border-stone-200 lg:order-2 lg:h-[calc(100vh-9rem)]"
        label={t("map.mapLabel")}
        mapStyle={props.mapStyle}
        businesses={large ? view.businesses : filtered}
        upcoming={large ? null : upcoming}
        cluster={!large}
        clusters={large ? view.clusters : undefined}
        onView={large ? view.onView : undefined}
        colorOf={colorOf}
        showMarkers={filters.show.markers}
        selected={selected}
        visitor={visitor}
        route={route?.coordinates ?? null}
        framing={framing}
        framingKey={framingKey}
        focus={focus}
        onSelect={(id) => {
          setSelectedId(id);
          setRoute(null);
        }}
        onReady={() => setMapReady(true)}
        sketch={sketchShown && props.sketch ? <MapSketch sketch={props.sketch} /> : undefined}
        onDrawn={(drawn) => {
          if (drawn.length > 0 || (large ? view.status === "ready" : loaded.kind !== "loading")) setSketchDone(true);
        }}
        renderInfo={(business) => <BusinessInfo business={business} tagsById={tagsById} onGetDirections={() => void getDirections()} />}
      />

      <aside aria-label={t("map.filtersLabel")} className="flex min-w-0 flex-col gap-3 lg:order-1 lg:h-[calc(100vh-9rem)] lg:overflow-y-auto lg:pe-1">
        {failed && <p role="alert" className="text-red-700">{t("map.failedBusinesses")}</p>}
        {!props.categories.ok && <p role="alert" className="text-red-700">{t("map.failedCategories")}</p>}
        {!props.tags.ok && <p role="alert" className="text-red-700">{t("map.failedTags")}</p>}

        <MapSearch items={items} onPick={onSearchPick} />

        <label className="relative inline-flex items-center gap-2 self-start text-sm font-medium text-stone-800">
          <input type="checkbox" role="switch" checked={filters.openNow} onChange={(event) => applyFilters({ ...filters, openNow: event.target.checked })} className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer opacity-0" />
          <span aria-hidden="true" className="relative inline-block h-5 w-9 rounded-full bg-stone-400 transition-colors peer-checked:bg-green-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700 after:absolute after:top-0.5 after:start-0.5 after:size-4 after:rounded-full after:bg-white after:transition-transform peer-checked:after:translate-x-4 rtl:peer-checked:after:-translate-x-4" />
          {t("map.openNow")}
        </label>

        <AttributeFilters picked={features} counts={featureCounts} onChange={(next) => applyFilters({ ...filters, features: next })} />

        {filters.show.categories && (
          <section aria-labelledby="map-categories">
            <h2 id="map-categories" className="sr-only">
              {t("map.categories")}
            </h2>
            <CategoryFilters
              categories={categories}
              filters={filters}
              total={loaded.kind === "ready" ? businesses.length : (props.businessCount ?? 0)}
              openCounts={openCounts}
              paramsFor={paramsFor}
              onPick={pickCategory}
            />
          </section>
        )}

        {filters.show.tags && (
          <section aria-labelledby="map-tags">
            <h2 id="map-tags" className="mb-1 text-sm font-semibold text-stone-700">
              {t("map.tags")}
            </h2>
            {tags.length === 0 ? (
              <p className="text-sm text-stone-600">{t("map.noTags")}</p>
            ) : (
              <div className="flex flex-wrap gap-1.5">
                {tags.map((tag) => {
                  const on = filters.tagIds.includes(tag.id);
                  const next = on ? filters.tagIds.filter((t) => t !== tag.id) : [...filters.tagIds, tag.id];
                  return (
                    <FilterButton
                      key={tag.id}
                      action={mapPath}
                      params={paramsFor({ ...filters, categoryId: null, tagIds: next })}
                      pressed={on}
                      onApply={() => toggleTag(tag.id)}
                      className={chipClass(on)}
                    >
                      <span lang={tag.lang}>{tag.label ?? tag.name}</span>
                    </FilterButton>
                  );
                })}
                <FilterButton
                  action={mapPath}
                  params={paramsFor({ ...filters, tagIds: [] })}
                  onApply={() => setTags([])}
                  className="px-2 py-1 text-sm text-brand-700 underline"
                >
                  {t("map.clearTags")}
                </FilterButton>
              </div>
            )}
          </section>
        )}

        <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700">
          <legend className="sr-only">{t("map.showOnMap")}</legend>
          {(["markers", "categories", "tags"] as const).map((key) => (
            <label key={key} className="inline-flex items-center gap-1.5">
              <input type="checkbox" checked={filters.show[key]} onChange={(event) => setShown(key, event.target.checked)} />
              {t(`map.show.${key}`)}
            </label>
          ))}
        </fieldset>

        <DirectionsPanel selected={selected} route={route} busy={routing} onGetDirections={() => void getDirections()} />

        <noscript>
          <p className="text-sm text-stone-700">
            {t("map.noScript")}{" "}
            {categories.map((category, i) => (
              <span key={category.id}>
                {i > 0 && ", "}
                <a href={localize(paths.category(slugify(category.name)))} lang={category.lang} className="text-brand-700 underline">
                  {category.label ?? category.name}
                </a>
              </span>
            ))}
          </p>
        </noscript>

        <LocationsList
          loading={large ? view.status === "idle" : loaded.kind === "loading"}
          heading={locationsHeading(filters, categories, t)}
          businesses={large ? view.listed : filtered}
          totalLoaded={large ? (props.businessCount ?? 0) : businesses.length}
          paging={large ? { total: view.listedTotal, loadingMore: view.loadingMore, onShowMore: view.showMore } : undefined}
          selectedId={selectedId}
          onPick={selectAndZoom}
        />
      </aside>
    </div>
  );
}
