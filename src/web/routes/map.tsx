import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/map";
import { getApp } from "../lib/app-context.ts";
import { pageTitle } from "../lib/meta.ts";
import { MapExplorer, type Loaded } from "../features/map/map-explorer.tsx";
import { parseFilters } from "../features/map/map-filters.ts";

/** Each part fails on its own, so the page can say which one did (spec section 8). */
function settle<T>(promise: Promise<T>): Promise<Loaded<T>> {
  return promise.then(
    (data) => ({ ok: true as const, data }),
    () => ({ ok: false as const }),
  );
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = getApp(context);
  const [businesses, categories, tags, site] = await Promise.all([
    settle(services.mapData.businesses()),
    settle(services.mapData.categories()),
    settle(services.mapData.tags()),
    services.siteSettings.get(),
  ]);
  const filters = parseFilters(
    new URL(request.url).searchParams,
    categories.ok ? categories.data : [],
    tags.ok ? tags.data : [],
  );
  return { businesses, categories, tags, filters, mapStyle: services.geo.mapStyle, center: site.mapCenter };
}

// Filters change the URL without a new load: everything the page needs is already here.
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageTitle(matches, "Map"),
  { name: "description", content: "Map of the association's businesses, by category and tag." },
];

export default function MapPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="page-heading mb-4">Map</h1>
      <MapExplorer
        businesses={loaderData.businesses}
        categories={loaderData.categories}
        tags={loaderData.tags}
        mapStyle={loaderData.mapStyle}
        center={loaderData.center}
        initialFilters={loaderData.filters}
      />
    </>
  );
}
