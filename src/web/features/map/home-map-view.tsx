// The home page's map once its data is here; loaded on demand, so the page's own bundle carries no map code.
import { useCallback, useMemo, useState } from "react";
import type { MapStyleConfig } from "#shared/map.ts";
import { MAP_ZOOM, UNKNOWN_CATEGORY_COLOR } from "#shared/constants.ts";
import { BusinessInfo } from "./business-info.tsx";
import { MapCanvas, type LatLng } from "./map-canvas.tsx";
import { frameFor, type MapBusiness, type MapCategory } from "./map-filters.ts";
import { usePublicText } from "#web/lib/public-text.ts";

export interface HomeMapData {
  mapStyle: MapStyleConfig;
  center: LatLng;
  businesses: MapBusiness[];
  categories: MapCategory[];
}

export default function HomeMapView({ data }: { data: HomeMapData }) {
  const { t } = usePublicText();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const colorById = useMemo(() => new Map(data.categories.map((c) => [c.id, c.color])), [data]);
  const colorOf = useCallback((b: MapBusiness) => (b.categoryId && colorById.get(b.categoryId)) || UNKNOWN_CATEGORY_COLOR, [colorById]);
  const selected = data.businesses.find((b) => b.id === selectedId) ?? null;
  const noTags = useMemo(() => new Map(), []);
  return (
    <MapCanvas
      className="h-full"
      label={t("map.homeMapLabel")}
      mapStyle={data.mapStyle}
      businesses={data.businesses}
      colorOf={colorOf}
      selected={selected}
      framing={frameFor(data.businesses, null, data.center, MAP_ZOOM)}
      framingKey="all"
      onSelect={setSelectedId}
      renderInfo={(business) => <BusinessInfo business={business} tagsById={noTags} />}
    />
  );
}
