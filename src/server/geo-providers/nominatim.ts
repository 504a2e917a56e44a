// Geocoding through a Nominatim-compatible service (https://nominatim.org/release-docs/latest/api/Search/).
import { fetchJson, ProviderError, type GeocodeResult, type Geocoder } from "./geo-types.ts";

interface NominatimPlace {
  lat: string;
  lon: string;
  display_name?: string;
}

export class NominatimGeocoder implements Geocoder {
  readonly name = "nominatim";
  private readonly baseUrl: string;
  private readonly userAgent: string;

  constructor(options: { baseUrl: string; userAgent: string }) {
    this.baseUrl = options.baseUrl.replace(/\/$/, "");
    this.userAgent = options.userAgent;
  }

  async geocode(address: string): Promise<GeocodeResult | null> {
    const url = `${this.baseUrl}/search?${new URLSearchParams({ q: address, format: "jsonv2", limit: "1" })}`;
    // The usage policy asks for an identifying User-Agent.
    const body = await fetchJson(url, { headers: { "User-Agent": this.userAgent, Accept: "application/json" } });
    if (!Array.isArray(body)) throw new ProviderError("geocoder answered something other than a list");
    const first = body[0] as NominatimPlace | undefined;
    if (!first) return null;
    const lat = Number(first.lat);
    const lng = Number(first.lon);
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) throw new ProviderError("geocoder answered without coordinates");
    return { lat, lng, displayName: first.display_name ?? address };
  }
}
