// Driving routes from an OSRM-compatible router (http://project-osrm.org/docs/v5.24.0/api/#route-service).
import { fetchJson, ProviderError, type LatLng, type RouteResult, type Router } from "./geo-types.ts";

interface OsrmAnswer {
  code?: string;
  routes?: { distance: number; duration: number; geometry: { type: string; coordinates: [number, number][] } }[];
}

export class OsrmRouter implements Router {
  readonly name = "osrm";
  private readonly baseUrl: string;
  private readonly userAgent: string;

  constructor(options: { baseUrl: string; userAgent: string }) {
    this.baseUrl = options.baseUrl.replace(/\/$/, "");
    this.userAgent = options.userAgent;
  }

  async route(from: LatLng, to: LatLng): Promise<RouteResult> {
    const points = `${from.lng},${from.lat};${to.lng},${to.lat}`;
    const url = `${this.baseUrl}/route/v1/driving/${points}?overview=full&geometries=geojson`;
    const body = (await fetchJson(url, { headers: { "User-Agent": this.userAgent } })) as OsrmAnswer;
    if (!body || typeof body.code !== "string") throw new ProviderError("router answered without a code");
    if (body.code !== "Ok") return { status: body.code };
    const first = body.routes?.[0];
    if (!first) return { status: "NoRoute" };
    return {
      status: "OK",
      route: { distanceMeters: first.distance, durationSeconds: first.duration, coordinates: first.geometry.coordinates },
    };
  }
}
