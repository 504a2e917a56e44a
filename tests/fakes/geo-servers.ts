// Local HTTP stand-ins for the geocoder and router, answering in each provider's documented format.
// Used by tests and the end-to-end server, which must never reach the public services.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeGeoRequest {
  path: string;
  userAgent: string | undefined;
  at: number;
}

export interface FakeGeoServer {
  url: string;
  requests: FakeGeoRequest[];
  close(): Promise<void>;
}

/** A visitor standing here gets "no route" from the fake router, so tests can drive the failure path. */
export const NO_ROUTE_ORIGIN = { lat: 0.5, lng: 0.5 } as const;

function isNoRouteOrigin(lat: number, lng: number) {
  return Math.abs(lat - NO_ROUTE_ORIGIN.lat) < 0.01 && Math.abs(lng - NO_ROUTE_ORIGIN.lng) < 0.01;
}

/** A deterministic point near the demo association's centre for any address. */
function pointFor(address: string): { lat: number; lng: number } {
  let hash = 0;
  for (const char of address.toLowerCase()) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return { lat: 43.1 + ((hash & 0xff) / 0xff) * 0.01, lng: -79.07 + (((hash >> 8) & 0xff) / 0xff) * 0.01 };
}

function encodeNumber(value: number): string {
  let v = value < 0 ? ~(value << 1) : value << 1;
  let out = "";
  while (v >= 0x20) {
    out += String.fromCharCode((0x20 | (v & 0x1f)) + 63);
    v >>= 5;
  }
  return out + String.fromCharCode(v + 63);
}

/** Google's encoded polyline of [lng, lat] pairs. */
export function encodePolyline(coordinates: [number, number][]): string {
  let lastLat = 0;
  let lastLng = 0;
  let out = "";
  for (const [lng, lat] of coordinates) {
    const la = Math.round(lat * 1e5);
    const ln = Math.round(lng * 1e5);
    out += encodeNumber(la - lastLat) + encodeNumber(ln - lastLng);
    lastLat = la;
    lastLng = ln;
  }
  return out;
}

/** A route with a bend, so a drawn line is visibly more than a straight segment. */
function pathBetween(from: [number, number], to: [number, number]): [number, number][] {
  return [from, [to[0], from[1]], to];
}

function send(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

export function startFakeGeoServer(): Promise<FakeGeoServer> {
  const requests: FakeGeoRequest[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    requests.push({ path: `${url.pathname}${url.search}`, userAgent: req.headers["user-agent"], at: Date.now() });

    // Nominatim search.
    if (url.pathname === "/search") {
      const q = url.searchParams.get("q") ?? "";
      if (q.includes("upstream-down")) return send(res, 503, { error: "unavailable" });
      if (q.includes("Nowhere")) return send(res, 200, []);
      const p = pointFor(q);
      return send(res, 200, [{ place_id: 1, lat: String(p.lat), lon: String(p.lng), display_name: `${q}, Niagara Falls, Ontario, Canada` }]);
    }

    // OSRM route: /route/v1/driving/lng,lat;lng,lat
    const osrm = url.pathname.match(/^\/route\/v1\/driving\/(-?[\d.]+),(-?[\d.]+);(-?[\d.]+),(-?[\d.]+)$/);
    if (osrm) {
      const [fromLng, fromLat, toLng, toLat] = osrm.slice(1).map(Number) as [number, number, number, number];
      if (isNoRouteOrigin(fromLat, fromLng)) return send(res, 400, { code: "NoRoute", message: "Impossible route between points" });
      const coordinates = pathBetween([fromLng, fromLat], [toLng, toLat]);
      return send(res, 200, {
        code: "Ok",
        routes: [{ distance: 1234.5, duration: 321.4, geometry: { type: "LineString", coordinates } }],
        waypoints: [],
      });
    }

    // Google Geocoding.
    if (url.pathname === "/maps/api/geocode/json") {
      const address = url.searchParams.get("address") ?? "";
      if (!url.searchParams.get("key")) return send(res, 200, { status: "REQUEST_DENIED", results: [] });
      if (address.includes("Nowhere")) return send(res, 200, { status: "ZERO_RESULTS", results: [] });
      const p = pointFor(address);
      return send(res, 200, { status: "OK", results: [{ formatted_address: `${address}, Canada`, geometry: { location: p } }] });
    }

    // Google Directions.
    if (url.pathname === "/maps/api/directions/json") {
      const [fromLat, fromLng] = (url.searchParams.get("origin") ?? "").split(",").map(Number) as [number, number];
      const [toLat, toLng] = (url.searchParams.get("destination") ?? "").split(",").map(Number) as [number, number];
      if (url.searchParams.get("mode") !== "driving") return send(res, 200, { status: "INVALID_REQUEST", routes: [] });
      if (isNoRouteOrigin(fromLat, fromLng)) return send(res, 200, { status: "ZERO_RESULTS", routes: [] });
      const points = encodePolyline(pathBetween([fromLng, fromLat], [toLng, toLat]));
      return send(res, 200, {
        status: "OK",
        routes: [{ overview_polyline: { points }, legs: [{ distance: { value: 1500 }, duration: { value: 300 } }] }],
      });
    }

    send(res, 404, { error: "unknown endpoint" });
  });

  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        requests,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
