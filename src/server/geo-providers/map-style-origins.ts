// The hosts a map style makes the browser fetch from, for the CSP's connect-src and img-src.
// Our own styles name their hosts in configuration; someone else's style (MAP_STYLE_URL=https://...) names
// them only inside its JSON and its sources' TileJSON, so the server reads those, caches the answer and
// reads them again now and then. A provider that cannot be read never breaks a page: the last good answer
// (or the style's own host) stays in force.
import type { Logger } from "../logger.ts";
import type { MapStyleConfig } from "#shared/map.ts";
import { mapStyleOrigins } from "./map-style-config.ts";

export const MAP_ORIGINS_DEFAULTS = {
  /** Per request to the provider; the first page after a start waits at most this long per step. */
  timeoutMs: 3000,
  /** A style that changes (new tile host, new sprite CDN) is picked up within this. */
  refreshMs: 60 * 60 * 1000,
  /** After a failed read, try again sooner than the regular refresh. */
  retryMs: 60 * 1000,
} as const;

/** The origin of an absolute http(s) URL, unwrapping `pmtiles://`; null for anything MapLibre fetches from our own origin or not at all. */
export function originOf(url: unknown): string | null {
  if (typeof url !== "string") return null;
  // `pmtiles://https://host/file.pmtiles`: the archive is read with range requests from the inner URL.
  const inner = url.startsWith("pmtiles://") ? url.slice("pmtiles://".length) : url;
  // `mapbox://` names resources only Mapbox's own library resolves; MapLibre cannot fetch them, so nothing to allow.
  if (!/^https?:\/\//i.test(inner)) return null;
  try {
    const { origin, hostname } = new URL(inner);
    // A host with a template placeholder (`{s}.tiles.example.org`) is not one MapLibre expands.
    if (/[{}]|%7b|%7d/i.test(hostname)) return null;
    return origin;
  } catch {
    return null;
  }
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const strings = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

/** Source types whose `url` is a TileJSON document (image sources use `url` for the image itself). */
const TILEJSON_SOURCES = new Set(["vector", "raster", "raster-dem"]);

export interface StyleReferences {
  /** Origins named directly by the style: sprites, glyphs, tile templates, GeoJSON data, images, videos. */
  origins: string[];
  /** TileJSON documents to read for their `tiles` (their own origin is already in `origins`). */
  tileJsonUrls: string[];
}

/** What a MapLibre style document points the browser at. */
export function styleReferences(style: unknown): StyleReferences {
  const origins: (string | null)[] = [];
  const tileJsonUrls: string[] = [];
  if (!isObject(style)) return { origins: [], tileJsonUrls: [] };

  // `sprite` is a URL or, since style spec v8 multi-sprite, a list of { id, url }.
  for (const sprite of strings(style.sprite)) origins.push(originOf(isObject(sprite) ? sprite.url : sprite));
  origins.push(originOf(style.glyphs));

  for (const source of Object.values(isObject(style.sources) ? style.sources : {})) {
    if (!isObject(source)) continue;
    const type = typeof source.type === "string" ? source.type : "";
    const url = source.url;
    const origin = originOf(url);
    origins.push(origin);
    // A pmtiles:// archive carries its own header instead of TileJSON; anything else is fetched as TileJSON.
    if (origin && TILEJSON_SOURCES.has(type) && typeof url === "string" && !url.startsWith("pmtiles://")) tileJsonUrls.push(url);
    for (const tile of strings(source.tiles)) origins.push(originOf(tile));
    if (type === "geojson") origins.push(originOf(source.data));
    if (type === "video") for (const video of strings(source.urls)) origins.push(originOf(video));
  }
  return { origins: unique(origins), tileJsonUrls: [...new Set(tileJsonUrls)] };
}

/** The origins of a TileJSON document's tile templates. */
export function tileJsonOrigins(tileJson: unknown): string[] {
  if (!isObject(tileJson)) return [];
  return unique(strings(tileJson.tiles).map(originOf));
}

function unique(origins: (string | null)[]): string[] {
  return [...new Set(origins.filter((o): o is string => o !== null))];
}

export interface MapStyleOriginsOptions {
  config: MapStyleConfig;
  /** MAP_EXTRA_ORIGINS: hosts the style reaches that reading it cannot reveal. */
  extraOrigins?: string[];
  userAgent?: string;
  timeoutMs?: number;
  refreshMs?: number;
  retryMs?: number;
}

type WarnLogger = Pick<Logger, "warn">;

/** The origins the map needs, read from the configured style and kept fresh; one per server. */
export class MapStyleOrigins {
  private readonly config: MapStyleConfig;
  private readonly extraOrigins: string[];
  private readonly userAgent: string | undefined;
  private readonly timeoutMs: number;
  private readonly refreshMs: number;
  private readonly retryMs: number;
  /** The set in force; null until the first read of a style has ended. */
  private known: string[] | null = null;
  /** Whether `known` came from a complete read (a failed read never replaces it). */
  private complete = false;
  private nextReadAt = 0;
  private reading: Promise<string[]> | null = null;

  constructor(options: MapStyleOriginsOptions) {
    this.config = options.config;
    this.extraOrigins = options.extraOrigins ?? [];
    this.userAgent = options.userAgent;
    this.timeoutMs = options.timeoutMs ?? MAP_ORIGINS_DEFAULTS.timeoutMs;
    this.refreshMs = options.refreshMs ?? MAP_ORIGINS_DEFAULTS.refreshMs;
    this.retryMs = options.retryMs ?? MAP_ORIGINS_DEFAULTS.retryMs;
    // Our own styles and the offline one name every host in configuration: nothing to read.
    if (this.config.kind !== "url") {
      this.known = merge(mapStyleOrigins(this.config), this.extraOrigins);
      this.complete = true;
      this.nextReadAt = Infinity;
    }
  }

  /**
   * The origins to allow. Only the very first call waits (for the first read of the style, bounded by the
   * timeouts); later calls answer from the cache at once, starting a background read when one is due.
   */
  async origins(logger?: WarnLogger): Promise<string[]> {
    if (this.known) {
      if (!this.reading && Date.now() >= this.nextReadAt) void this.read(logger);
      return this.known;
    }
    return this.reading ?? this.read(logger);
  }

  private read(logger: WarnLogger | undefined): Promise<string[]> {
    const reading = this.discover()
      .then(({ origins, failures }) => {
        if (failures.length === 0) {
          this.known = origins;
          this.complete = true;
          this.nextReadAt = Date.now() + this.refreshMs;
        } else {
          // A partial first read still beats the style's host alone; after a good read, keep that one.
          if (!this.complete) this.known = origins;
          this.nextReadAt = Date.now() + this.retryMs;
          logger?.warn(
            { styleUrl: redact(this.styleUrl), failures, origins: this.known },
            "could not read the map style's hosts; the Content-Security-Policy keeps the last known ones",
          );
        }
        return this.known!;
      })
      .finally(() => {
        this.reading = null;
      });
    this.reading = reading;
    return reading;
  }

  private get styleUrl(): string {
    return this.config.kind === "url" ? this.config.url : "";
  }

  /** Reads the style and its sources' TileJSON; never throws: what could not be read is listed in `failures`. */
  private async discover(): Promise<{ origins: string[]; failures: string[] }> {
    const failures: string[] = [];
    const found = [...mapStyleOrigins(this.config)];
    try {
      const { body: style, finalUrl } = await this.fetchJson(this.styleUrl);
      // The browser follows the same redirects, so their target must be allowed too.
      found.push(...unique([originOf(finalUrl)]));
      const references = styleReferences(style);
      found.push(...references.origins);
      const tileJsons = await Promise.allSettled(references.tileJsonUrls.map((url) => this.fetchJson(url)));
      tileJsons.forEach((result, i) => {
        if (result.status === "fulfilled") found.push(...unique([originOf(result.value.finalUrl)]), ...tileJsonOrigins(result.value.body));
        else failures.push(`${redact(references.tileJsonUrls[i]!)}: ${reason(result.reason)}`);
      });
    } catch (error) {
      failures.push(`${redact(this.styleUrl)}: ${reason(error)}`);
    }
    return { origins: merge(found, this.extraOrigins), failures };
  }

  private async fetchJson(url: string): Promise<{ body: unknown; finalUrl: string }> {
    const headers: Record<string, string> = { Accept: "application/json" };
    if (this.userAgent) headers["User-Agent"] = this.userAgent;
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(this.timeoutMs), redirect: "follow" });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`HTTP ${response.status}`);
    }
    return { body: (await response.json()) as unknown, finalUrl: response.url || url };
  }
}

function merge(...lists: string[][]): string[] {
  return [...new Set(lists.flat())];
}

function reason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === "TimeoutError") return "timed out";
  // fetch says only "fetch failed"; the cause names the refused connection or unknown host.
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}

/** Style URLs often carry an API key in the query: logs name the host and path only. */
function redact(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url;
  }
}
