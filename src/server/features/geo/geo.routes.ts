import { createHash } from "node:crypto";
import { createRoute, z, type OpenAPIHono, type RouteHandler } from "@hono/zod-openapi";
import { clientAddress } from "#server/http/client-address.ts";
import type { AppEnv } from "#server/api/api-env.ts";
import { ProviderError, type LatLng } from "#server/geo-providers/geo-types.ts";
import { pairSchema } from "#shared/schemas/pair.ts";
import { messages } from "#shared/messages.ts";
import { MapBusinessPropertiesSchema, MapBusinessSchema } from "#shared/schemas/map.ts";
import { addressErrors } from "#server/api/schemas.ts";
import { registerMapClusterRoutes } from "./map-cluster.routes.ts";

const ErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), fields: z.record(z.string(), z.string()).optional() }),
});
const errorResponse = (description: string) => ({ description, content: { "application/json": { schema: ErrorSchema } } });

const POINT = /^\s*-?\d{1,2}(\.\d+)?\s*,\s*-?\d{1,3}(\.\d+)?\s*$/;
const PointParam = (name: string) =>
  z
    .string()
    .regex(POINT, { error: "expected latitude,longitude" })
    .refine((value) => {
      const [lat, lng] = value.split(",").map(Number) as [number, number];
      return Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
    }, { error: "latitude must be within ±90 and longitude within ±180" })
    .openapi({ param: { name, in: "query" }, example: "43.106651,-79.066782" });

function parsePoint(value: string): LatLng {
  const [lat, lng] = value.split(",").map(Number) as [number, number];
  return { lat, lng };
}

const geocode = createRoute({
  operationId: "geocode",
  method: "get",
  path: "/geo/geocode",
  tags: ["Geo"],
  summary: "Coordinates of an address (administrators; at most one upstream request a second, cached)",
  request: {
    query: z.object({
      address: z.string().trim().min(1, { error: "Address is required." }).max(300).openapi({ example: "4421 Queen St, Niagara Falls, ON" }),
    }),
  },
  responses: {
    200: {
      description: "The first match",
      content: { "application/json": { schema: z.object({ lat: z.number(), lng: z.number(), displayName: z.string() }) } },
    },
    400: errorResponse("No address"),
    401: errorResponse("Not signed in"),
    403: errorResponse("Not an administrator"),
    404: errorResponse('No match: "Could not find location."'),
    429: errorResponse("The geocoder is busy"),
    502: errorResponse('The geocoder could not be reached: "Failed to geocode address."'),
  },
});

const RouteSchema = z.object({
  status: z.string().openapi({ description: '"OK", or the provider\'s status when it found no route (such as NoRoute or ZERO_RESULTS)' }),
  distanceMeters: z.number().optional(),
  durationSeconds: z.number().optional(),
  geometry: z.object({ type: z.literal("LineString"), coordinates: z.array(pairSchema(z.number())) }).optional(),
});

const route = createRoute({
  operationId: "route",
  method: "get",
  path: "/geo/route",
  tags: ["Geo"],
  summary: "A driving route between two points (limited per client address)",
  request: { query: z.object({ from: PointParam("from"), to: PointParam("to") }) },
  responses: {
    200: { description: "The route, or the provider's status when there is none", content: { "application/json": { schema: RouteSchema } } },
    400: errorResponse("Bad coordinates"),
    429: errorResponse("Too many requests from this client"),
    503: errorResponse('Directions are turned off on this site (ROUTER_URL=off): "Directions are turned off on this site."'),
    502: errorResponse("The router could not be reached"),
  },
});

const LatLngSchema = z.object({ lat: z.number(), lng: z.number() });
const MapStyleSchema = z
  .object({ kind: z.enum(["vector", "url", "offline"]) })
  .catchall(z.unknown())
  .openapi({ description: "The configured map style (MAP_STYLE_URL): our muted vector style, another style URL, or offline" });

const mapConfig = createRoute({
  operationId: "mapConfig",
  method: "get",
  path: "/geo/map-config",
  tags: ["Geo"],
  summary: "The map style to draw, the site's default centre, and whether driving directions are offered",
  responses: {
    200: {
      description: "Map configuration",
      content: { "application/json": { schema: z.object({ mapStyle: MapStyleSchema, center: LatLngSchema, directions: z.boolean() }) } },
    },
    ...addressErrors,
  },
});

const mapData = createRoute({
  operationId: "mapData",
  method: "get",
  path: "/geo/map-data",
  tags: ["Geo"],
  summary: "Every business's position with its category, and the categories' colours, for drawing a map",
  responses: {
    200: {
      description: "Map data",
      content: {
        "application/json": {
          schema: z.object({
            mapStyle: MapStyleSchema,
            center: LatLngSchema,
            businesses: z.array(MapBusinessSchema),
            categories: z.array(z.object({ id: z.string(), name: z.string(), color: z.string(), count: z.number() })),
          }),
        },
      },
    },
    ...addressErrors,
  },
});

const businessesGeoJson = createRoute({
  operationId: "businessesGeoJson",
  method: "get",
  path: "/geo/businesses",
  tags: ["Geo"],
  summary: "Every business as a GeoJSON FeatureCollection of points, for the map page (ETag; answer 304 to If-None-Match)",
  responses: {
    200: {
      description: "One Point feature per business, longitude first",
      content: {
        "application/geo+json": {
          schema: z.object({
            type: z.literal("FeatureCollection"),
            features: z.array(
              z.object({
                type: z.literal("Feature"),
                id: z.string(),
                geometry: z.object({ type: z.literal("Point"), coordinates: pairSchema(z.number()) }),
                properties: MapBusinessPropertiesSchema,
              }),
            ),
          }),
        },
      },
    },
    304: { description: "Unchanged since the ETag the client holds" },
    ...addressErrors,
  },
});

export function registerGeoRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(mapConfig, async (c) => {
    const { geo, siteSettings } = c.var.services;
    return c.json({ mapStyle: geo.mapStyle, center: (await siteSettings.get()).mapCenter, directions: geo.directions }, 200);
  });

  api.openapi(mapData, async (c) => {
    const { geo, siteSettings, mapData: data } = c.var.services;
    const [businesses, categories, site] = await Promise.all([data.businesses(), data.categories(), siteSettings.get()]);
    return c.json({ mapStyle: geo.mapStyle, center: site.mapCenter, businesses, categories }, 200);
  });

  registerMapClusterRoutes(api);

  api.openapi(businessesGeoJson, async (c) => {
    const businesses = await c.var.services.mapData.businesses();
    const body = JSON.stringify({
      type: "FeatureCollection",
      features: businesses.map(({ id, lat, lng, ...properties }) => ({ type: "Feature", id, geometry: { type: "Point", coordinates: [lng, lat] }, properties })),
    });
    // Revisits (and the other map pages) revalidate instead of downloading every business again.
    const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
    const headers = { ETag: etag, "Cache-Control": "no-cache" };
    if (c.req.header("If-None-Match")?.split(/\s*,\s*/).includes(etag)) return c.body(null, 304, headers);
    return c.body(body, 200, { ...headers, "Content-Type": "application/geo+json; charset=utf-8" });
  });

  const geocodeHandler: RouteHandler<typeof geocode, AppEnv> = async (c) => {
    try {
      const result = await c.var.services.geo.geocode(c.var.user, c.req.valid("query").address);
      return c.json(result, 200);
    } catch (error) {
      if (error instanceof ProviderError) return c.json({ error: { code: "upstream_error", message: messages.geo.geocodeFailed } }, 502);
      throw error;
    }
  };
  api.openapi(geocode, geocodeHandler);

  const routeHandler: RouteHandler<typeof route, AppEnv> = async (c) => {
    const { from, to } = c.req.valid("query");
    const geo = c.var.services.geo;
    try {
      const result = await geo.route(clientAddress(c, geo.trustProxy), parsePoint(from), parsePoint(to));
      if (result.status !== "OK" || !result.route) return c.json({ status: result.status }, 200);
      const { distanceMeters, durationSeconds, coordinates } = result.route;
      return c.json({ status: "OK", distanceMeters, durationSeconds, geometry: { type: "LineString" as const, coordinates } }, 200);
    } catch (error) {
      if (error instanceof ProviderError) return c.json({ error: { code: "upstream_error", message: messages.geo.routeFailed } }, 502);
      throw error;
    }
  };
  api.openapi(route, routeHandler);
}
