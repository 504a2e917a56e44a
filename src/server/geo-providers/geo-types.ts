// What every geocoding and routing provider answers, whatever its own format.

export interface LatLng {
  lat: number;
  lng: number;
}

export interface GeocodeResult {
  lat: number;
  lng: number;
  displayName: string;
}

export interface Route {
  distanceMeters: number;
  durationSeconds: number;
  /** GeoJSON LineString coordinates, [lng, lat] pairs. */
  coordinates: [number, number][];
}

/** "OK" with a route, or the provider's own status word (OSRM "NoRoute", Google "ZERO_RESULTS", ...). */
export type RouteResult = { status: "OK"; route: Route } | { status: string; route?: undefined };

export interface Geocoder {
  readonly name: string;
  /** The first match, or null when the provider knows no such place. */
  geocode(address: string): Promise<GeocodeResult | null>;
}

export interface Router {
  readonly name: string;
  /** A driving route. */
  route(from: LatLng, to: LatLng): Promise<RouteResult>;
}

/** The provider could not be reached or answered with something we cannot read. */
export class ProviderError extends Error {
  override name = "ProviderError";
}

export async function fetchJson(url: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs ?? 10_000) });
  } catch (error) {
    throw new ProviderError(`request failed: ${(error as Error).message}`);
  }
  // OSRM answers "no route" with 400 and a JSON body that carries the reason, so read bodies of 4xx too.
  if (response.status >= 500) throw new ProviderError(`provider answered ${response.status}`);
  try {
    return await response.json();
  } catch {
    throw new ProviderError(`provider answered ${response.status} without JSON`);
  }
}
