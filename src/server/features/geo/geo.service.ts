// Geocoding (admins) and driving routes (everyone, limited per client) through the configured providers, cached.
import { requireRole, type CurrentUser } from "#server/auth/session.ts";
import { AppError, NotFound, Unavailable } from "#server/errors.ts";
import type { GeocodeResult, Geocoder, LatLng, RouteResult, Router } from "#server/geo-providers/geo-types.ts";
import type { MapStyleConfig } from "#shared/map.ts";
import { messages } from "#shared/messages.ts";
import type { GeoRepository } from "./geo.repository.ts";

export interface GeoLimits {
  /** Nominatim's policy: at most one request a second, across all instances. */
  geocodeSpacingMs: number;
  /** How long a geocoding request may wait for its turn before giving up. */
  geocodeMaxWaitMs: number;
  routesPerMinutePerClient: number;
  geocodeCacheMs: number;
  geocodeMissCacheMs: number;
  routeCacheMs: number;
}

const DAY = 24 * 60 * 60 * 1000;
export const DEFAULT_GEO_LIMITS: GeoLimits = {
  geocodeSpacingMs: 1000,
  geocodeMaxWaitMs: 5000,
  routesPerMinutePerClient: 30,
  geocodeCacheMs: 30 * DAY,
  geocodeMissCacheMs: DAY,
  routeCacheMs: DAY,
};

export const RateLimited = (message: string) => new AppError(429, "rate_limited", message);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class GeoService {
  readonly mapStyle: MapStyleConfig;
  readonly trustProxy: boolean;
  private readonly repository: GeoRepository;
  private readonly geocoder: Geocoder;
  private readonly router: Router | null;
  private readonly limits: GeoLimits;

  constructor(options: {
    repository: GeoRepository;
    geocoder: Geocoder;
    router: Router | null;
    mapStyle: MapStyleConfig;
    trustProxy: boolean;
    limits?: Partial<GeoLimits>;
  }) {
    this.repository = options.repository;
    this.geocoder = options.geocoder;
    this.router = options.router;
    this.mapStyle = options.mapStyle;
    this.trustProxy = options.trustProxy;
    this.limits = { ...DEFAULT_GEO_LIMITS, ...options.limits };
  }

  /** The first match for an address; NotFound when the provider knows none. Provider failures throw ProviderError. */
  async geocode(user: CurrentUser | null, address: string): Promise<GeocodeResult> {
    requireRole(user, "admin");
    const result = await this.lookup(address);
    if (!result) throw NotFound(messages.geo.locationNotFound);
    return result;
  }

  /** The first match for an address, or null; for server jobs (the import's geocoding), so not authorized here. */
  async lookup(address: string): Promise<GeocodeResult | null> {
    const normalized = address.trim().replace(/\s+/g, " ");
    const key = `geocode:${this.geocoder.name}:${normalized.toLowerCase()}`;
    const cached = await this.repository.getCached<{ result: GeocodeResult | null }>(key);
    if (cached) return cached.result;
    const slot = `geocoder:${this.geocoder.name}`;
    await this.waitForGeocoderTurn(slot);
    let result: GeocodeResult | null;
    try {
      result = await this.geocoder.geocode(normalized);
    } finally {
      await this.repository.restartSlot(slot);
    }
    await this.repository.putCached(key, { result }, result ? this.limits.geocodeCacheMs : this.limits.geocodeMissCacheMs);
    return result;
  }

  /** Whether this site offers driving directions at all (ROUTER_URL=off turns them off). */
  get directions(): boolean {
    return this.router !== null;
  }

  /** A driving route from `from` to `to`, or the provider's status when it has none. */
  async route(client: string, from: LatLng, to: LatLng): Promise<RouteResult> {
    if (!this.router) throw Unavailable(messages.geo.directionsOff);
    const hits = await this.repository.hit(`route:${client}`, 60_000);
    if (hits > this.limits.routesPerMinutePerClient) throw RateLimited(messages.geo.tooManyRoutes);
    const point = (p: LatLng) => `${p.lat.toFixed(5)},${p.lng.toFixed(5)}`;
    const key = `route:${this.router.name}:${point(from)};${point(to)}`;
    const cached = await this.repository.getCached<RouteResult>(key);
    if (cached) return cached;
    const result = await this.router.route(from, to);
    if (result.status === "OK") await this.repository.putCached(key, result, this.limits.routeCacheMs);
    return result;
  }

  private async waitForGeocoderTurn(slot: string): Promise<void> {
    const deadline = Date.now() + this.limits.geocodeMaxWaitMs;
    while (!(await this.repository.claimSlot(slot, this.limits.geocodeSpacingMs))) {
      if (Date.now() >= deadline) throw RateLimited(messages.geo.geocoderBusy);
      await sleep(Math.min(250, this.limits.geocodeSpacingMs));
    }
  }
}
