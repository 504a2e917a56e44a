// Google Geocoding and Directions, used instead of the open providers when GOOGLE_MAPS_API_KEY is set.
import { fetchJson, ProviderError, type GeocodeResult, type Geocoder, type LatLng, type RouteResult, type Router } from "./geo-types.ts";

const GOOGLE_API = "https://maps.googleapis.com";

interface GoogleGeocodeAnswer {
  status?: string;
  results?: { formatted_address?: string; geometry: { location: { lat: number; lng: number } } }[];
}

interface GoogleDirectionsAnswer {
  status?: string;
  routes?: { overview_polyline: { points: string }; legs: { distance: { value: number }; duration: { value: number } }[] }[];
}

/** Decodes Google's encoded polyline into [lng, lat] pairs. */
export function decodePolyline(encoded: string): [number, number][] {
  const points: [number, number][] = [];
  let index = 0;
  let lat = 0;
  let lng = 0;
  const next = () => {
    let result = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = encoded.charCodeAt(index++) - 63;
      result |= (byte & 0x1f) << shift;
      shift += 5;
    } while (byte >= 0x20 && index < encoded.length);
    return result & 1 ? ~(result >> 1) : result >> 1;
  };
  while (index < encoded.length) {
    lat += next();
    lng += next();
    points.push([lng / 1e5, lat / 1e5]);
  }
  return points;
}

/** A Google Maps API: the key, and where it is asked (another address in tests). */
abstract class GoogleApi {
  readonly name = "google";
  private readonly apiKey: string;
  private readonly baseUrl: string;

  constructor(options: { apiKey: string; baseUrl?: string }) {
    this.apiKey = options.apiKey;
    this.baseUrl = (options.baseUrl ?? GOOGLE_API).replace(/\/$/, "");
  }

  protected url(path: string, params: Record<string, string>): string {
    return `${this.baseUrl}${path}?${new URLSearchParams({ ...params, key: this.apiKey })}`;
  }
}

export class GoogleGeocoder extends GoogleApi implements Geocoder {
  async geocode(address: string): Promise<GeocodeResult | null> {
    const body = (await fetchJson(this.url("/maps/api/geocode/json", { address }))) as GoogleGeocodeAnswer;
    if (body.status === "ZERO_RESULTS") return null;
    if (body.status !== "OK") throw new ProviderError(`geocoder answered ${body.status ?? "without a status"}`);
    const first = body.results?.[0];
    if (!first) return null;
    return { lat: first.geometry.location.lat, lng: first.geometry.location.lng, displayName: first.formatted_address ?? address };
  }
}

export class GoogleRouter extends GoogleApi implements Router {
  async route(from: LatLng, to: LatLng): Promise<RouteResult> {
    const params = { origin: `${from.lat},${from.lng}`, destination: `${to.lat},${to.lng}`, mode: "driving" };
    const body = (await fetchJson(this.url("/maps/api/directions/json", params))) as GoogleDirectionsAnswer;
    if (typeof body.status !== "string") throw new ProviderError("router answered without a status");
    if (body.status !== "OK") return { status: body.status };
    const first = body.routes?.[0];
    if (!first) return { status: "ZERO_RESULTS" };
    return {
      status: "OK",
      route: {
        distanceMeters: first.legs.reduce((sum, leg) => sum + leg.distance.value, 0),
        durationSeconds: first.legs.reduce((sum, leg) => sum + leg.duration.value, 0),
        coordinates: decodePolyline(first.overview_polyline.points),
      },
    };
  }
}
