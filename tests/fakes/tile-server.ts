// A local stand-in for a hosted map provider (MapTiler, Stadia, a self-hosted tileserver-gl): one host serves
// the style document, a second one the TileJSON, vector tiles, glyphs and sprite it points at, the way real
// providers split them across hosts. Used by tests of the Content-Security-Policy and of the map page.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeTileRequest {
  host: "style" | "tiles";
  path: string;
  userAgent: string | undefined;
  at: number;
}

export interface FakeTileProvider {
  /** Where the style lives, e.g. http://127.0.0.1:3344 */
  styleOrigin: string;
  /** Where its TileJSON, tiles, glyphs and sprite live. */
  tileOrigin: string;
  /** A complete MapLibre style whose every resource is on the tile host. */
  styleUrl: string;
  /** A style URL that answers 500 Internal Server Error. */
  brokenStyleUrl: string;
  /** A style URL that never answers. */
  hangingStyleUrl: string;
  /** TileJSON served by the style host whose tiles are on the tile host. */
  styleHostTileJsonUrl: string;
  requests: FakeTileRequest[];
  /** Serve this document at `styleUrl` from now on (null: answer 500), as a provider changing its style would. */
  setStyle(style: unknown): void;
  close(): Promise<void>;
}

/** A transparent 1x1 PNG: the sprite sheet. */
const SPRITE_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** The style a provider would publish: land, water and street names over its own vector tiles. */
export function fakeProviderStyle(tileOrigin: string) {
  return {
    version: 8,
    name: "Fake provider streets",
    sprite: `${tileOrigin}/sprites/streets`,
    glyphs: `${tileOrigin}/fonts/{fontstack}/{range}.pbf`,
    sources: { streets: { type: "vector", url: `${tileOrigin}/tiles.json` } },
    layers: [
      { id: "land", type: "background", paint: { "background-color": "#e8e4dc" } },
      { id: "water", type: "fill", source: "streets", "source-layer": "water", paint: { "fill-color": "#a0c8f0" } },
      {
        id: "street-names",
        type: "symbol",
        source: "streets",
        "source-layer": "transportation_name",
        layout: { "text-field": ["get", "name"], "text-font": ["Noto Sans Regular"], "text-size": 12 },
      },
    ],
  };
}

function listen(server: http.Server, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

/** Starts both hosts; ports default to free ones. */
export async function startFakeTileProvider(options: { stylePort?: number; tilePort?: number } = {}): Promise<FakeTileProvider> {
  const requests: FakeTileRequest[] = [];
  let tileOrigin = "";
  let style: unknown;

  const handler = (host: FakeTileRequest["host"]) => (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://fake");
    requests.push({ host, path: `${url.pathname}${url.search}`, userAgent: req.headers["user-agent"], at: Date.now() });
    // MapLibre fetches every resource cross-origin from the page.
    const headers = { "Access-Control-Allow-Origin": "*", "Cache-Control": "no-store" };
    const json = (body: unknown) => {
      res.writeHead(200, { ...headers, "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const failure = () => {
      res.writeHead(500, { ...headers, "Content-Type": "text/plain" });
      res.end("Internal Server Error");
    };

    if (host === "style" && url.pathname === "/styles/streets/style.json") return style === null ? failure() : json(style);
    if (host === "style" && url.pathname === "/styles/broken/style.json") return failure();
    // Never answered: the connection stays open until the provider is closed.
    if (host === "style" && url.pathname === "/styles/hanging/style.json") return;
    if (url.pathname === "/tiles.json") {
      return json({ tilejson: "3.0.0", tiles: [`${tileOrigin}/tiles/{z}/{x}/{y}.pbf`], minzoom: 0, maxzoom: 14, vector_layers: [] });
    }
    if (host === "tiles" && (/^\/tiles\/\d+\/\d+\/\d+\.pbf$/.test(url.pathname) || url.pathname.startsWith("/fonts/"))) {
      // An empty vector tile (and an empty glyph range): zero bytes, which MapLibre reads as "nothing here".
      res.writeHead(200, { ...headers, "Content-Type": "application/x-protobuf", "Content-Length": "0" });
      return res.end();
    }
    if (host === "tiles" && /^\/sprites\/streets(@2x)?\.json$/.test(url.pathname)) return json({});
    if (host === "tiles" && /^\/sprites\/streets(@2x)?\.png$/.test(url.pathname)) {
      res.writeHead(200, { ...headers, "Content-Type": "image/png" });
      return res.end(SPRITE_PNG);
    }
    res.writeHead(404, { ...headers, "Content-Type": "text/plain" });
    res.end("Not Found");
  };

  const styleServer = http.createServer(handler("style"));
  const tileServer = http.createServer(handler("tiles"));
  const styleOrigin = await listen(styleServer, options.stylePort ?? 0);
  tileOrigin = await listen(tileServer, options.tilePort ?? 0);
  style = fakeProviderStyle(tileOrigin);

  const close = (server: http.Server) =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });

  return {
    styleOrigin,
    tileOrigin,
    styleUrl: `${styleOrigin}/styles/streets/style.json`,
    brokenStyleUrl: `${styleOrigin}/styles/broken/style.json`,
    hangingStyleUrl: `${styleOrigin}/styles/hanging/style.json`,
    styleHostTileJsonUrl: `${styleOrigin}/tiles.json`,
    requests,
    setStyle(next) {
      style = next;
    },
    close: async () => {
      await Promise.all([close(styleServer), close(tileServer)]);
    },
  };
}
