// What the server sends the map: the style to draw and the businesses, categories and tags on it.

export type MapStyleConfig =
  /** Our muted style over OpenMapTiles-schema vector tiles (a TileJSON URL, or a PMTiles archive). */
  | { kind: "vector"; tilesUrl: string; glyphsUrl: string | null; attribution: string }
  /** Someone else's complete MapLibre style, used as is. */
  | { kind: "url"; url: string }
  /** Land colour only: no tiles, no outside requests (tests, air-gapped sites). */
  | { kind: "offline" };

export interface MapBusiness {
  id: string;
  name: string;
  description: string | null;
  address: string | null;
  logoUrl: string | null;
  lat: number;
  lng: number;
  categoryId: string | null;
  tagIds: string[];
  /** Open now in the site's time zone; null when the hours are not given. */
  openNow: boolean | null;
}

export interface MapCategory {
  id: string;
  name: string;
  color: string;
  count: number;
}

export interface MapTag {
  id: string;
  name: string;
}
