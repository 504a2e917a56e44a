// The map a view at a time (decision 0040): clusters and businesses in a bounding box at a zoom, and the list of those
// in view a page at a time. Public, like the rest of the map's data.
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "#server/api/api-env.ts";
import { addressErrors } from "#server/api/schemas.ts";
import { MAP_FEATURES } from "#shared/map.ts";
import { MapBusinessSchema } from "#shared/schemas/map.ts";
import type { BoundingBox, ViewFilters } from "./map-cluster.service.ts";

/** The most businesses a page of the list holds. */
const MAX_PAGE = 200;
const WORLD = "-180,-90,180,90";
const NUMBER = /^\s*-?\d{1,3}(\.\d+)?\s*$/;

const BboxParam = z
  .string()
  .default(WORLD)
  .refine((value) => value.split(",").length === 4 && value.split(",").every((part) => NUMBER.test(part)), { error: "expected west,south,east,north in degrees" })
  .refine((value) => {
    const [west, south, east, north] = value.split(",").map(Number) as [number, number, number, number];
    return Math.abs(west) <= 180 && Math.abs(east) <= 180 && Math.abs(south) <= 90 && Math.abs(north) <= 90;
  }, { error: "longitudes must be within ±180 and latitudes within ±90" })
  .refine((value) => {
    const [, south, , north] = value.split(",").map(Number) as [number, number, number, number];
    return south <= north;
  }, { error: "south must not be above north" })
  .transform((value) => value.split(",").map(Number) as unknown as BoundingBox)
  .openapi({
    param: { name: "bbox", in: "query" },
    description: "The view's box as west,south,east,north in degrees (west above east when the box crosses the antimeridian); the whole world when left out",
    example: "-79.2,43.0,-78.9,43.2",
  });

const idList = (name: string, description: string) =>
  z
    .string()
    .max(4000)
    .optional()
    .transform((value) => (value ? value.split(",").filter(Boolean) : []))
    .openapi({ param: { name, in: "query" }, description });

/** A whole-number parameter from `min` (to `max`), `fallback` when left out. */
function wholeNumber(min: number, max: number | null, fallback: number) {
  const error = max === null ? `expected a whole number, ${min} or more` : `expected a whole number from ${min} to ${max}`;
  const number = z.coerce.number({ error }).int({ error }).min(min, { error });
  return (max === null ? number : number.max(max, { error })).default(fallback);
}

const KNOWN_ATTRIBUTES = new Set(MAP_FEATURES.map((f) => f.key));

const FilterQuery = z.object({
  bbox: BboxParam,
  categoryId: z.string().max(100).optional().openapi({ description: "Only the businesses of this category" }),
  tagIds: idList("tagIds", "Only the businesses having any of these tags (comma-separated ids); ignored with a category"),
  openNow: z
    .enum(["true", "false"], { error: "expected true or false" })
    .optional()
    .openapi({ description: "Only the businesses open now, in the site's time zone" }),
  attributes: idList("attributes", "Only the businesses having every one of these map features (comma-separated keys, as the map page's ?attributes=)").refine(
    (keys) => keys.every((key) => KNOWN_ATTRIBUTES.has(key)),
    { error: `expected map features among ${[...KNOWN_ATTRIBUTES].join(", ")}` },
  ),
});

const ClusterSchema = z.object({
  id: z.number().int(),
  lat: z.number(),
  lng: z.number(),
  count: z.number().int().openapi({ description: "How many businesses the cluster stands for" }),
  expansionZoom: z.number().int().openapi({ description: "The zoom at which the cluster splits; a click on it zooms there" }),
});

const clusters = createRoute({
  operationId: "mapClusters",
  method: "get",
  path: "/geo/clusters",
  tags: ["Geo"],
  summary: "The clusters and single businesses in a box at a zoom, for a map of many businesses",
  request: {
    query: FilterQuery.extend({
      zoom: wholeNumber(0, 24, 0).openapi({ param: { name: "zoom", in: "query" }, description: "The map's zoom, rounded down", example: 12 }),
    }),
  },
  responses: {
    200: {
      description: "What the view shows: its clusters, and the businesses drawn on their own",
      content: {
        "application/json": {
          schema: z.object({
            total: z.number().int().openapi({ description: "How many businesses the filters keep, in view or not" }),
            bounds: z.array(z.number()).length(4).nullable().openapi({ description: "Where those businesses lie (west, south, east, north), or null when there are none" }),
            clusters: z.array(ClusterSchema),
            businesses: z.array(MapBusinessSchema),
          }),
        },
      },
    },
    ...addressErrors,
  },
});

const inView = createRoute({
  operationId: "mapBusinessesInView",
  method: "get",
  path: "/geo/in-view",
  tags: ["Geo"],
  summary: "The businesses in a box a page at a time, by name, for the list beside a map of many businesses",
  request: {
    query: FilterQuery.extend({
      offset: wholeNumber(0, null, 0).openapi({ param: { name: "offset", in: "query" }, description: "How many to skip" }),
      limit: wholeNumber(1, MAX_PAGE, 50).openapi({ param: { name: "limit", in: "query" }, description: "At most this many" }),
    }),
  },
  responses: {
    200: {
      description: "A page of the businesses in the box, and how many there are in it",
      content: {
        "application/json": {
          schema: z.object({ total: z.number().int(), offset: z.number().int(), businesses: z.array(MapBusinessSchema) }),
        },
      },
    },
    ...addressErrors,
  },
});

function filtersOf(query: { categoryId?: string; tagIds: string[]; openNow?: "true" | "false"; attributes: string[] }): ViewFilters {
  return { categoryId: query.categoryId || null, tagIds: query.tagIds, openNow: query.openNow === "true", attributes: query.attributes };
}

export function registerMapClusterRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(clusters, async (c) => {
    const query = c.req.valid("query");
    return c.json(await c.var.services.mapClusters.clusters(query.bbox, query.zoom, filtersOf(query)), 200);
  });

  api.openapi(inView, async (c) => {
    const query = c.req.valid("query");
    return c.json(await c.var.services.mapClusters.listed(query.bbox, filtersOf(query), query.offset, query.limit), 200);
  });
}
