// The sidebar's list of locations, virtualised so thousands of businesses scroll smoothly; on a map of many businesses
// (decision 0040), those in view a page at a time, with "Show more".
import { useRef } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";
import type { MapBusiness } from "./map-filters.ts";
import { OpenStateBadge } from "#web/components/hours/opening-hours-panel.tsx";
import { InsightBeacon } from "#web/components/insight-beacon.tsx";
import { usePublicText } from "#web/lib/public-text.ts";
import { formatNumber } from "#shared/i18n/format.ts";

const ROW_HEIGHT = 64;
/** Rows the list shows before any scrolling. */
const FIRST_SCREEN = 10;

export function LocationsList({
  loading = false,
  heading,
  businesses,
  totalLoaded,
  selectedId,
  onPick,
  paging,
}: {
  /** The businesses are still on their way. */
  loading?: boolean;
  heading: string;
  businesses: MapBusiness[];
  totalLoaded: number;
  selectedId: string | null;
  onPick: (business: MapBusiness) => void;
  /** The list is a page at a time: how many there are in all, and how to ask for the next page. */
  paging?: { total: number; loadingMore: boolean; onShowMore: () => void };
}) {
  const { t, lang } = usePublicText();
  const scrollRef = useRef<HTMLDivElement>(null);
  // The virtualizer hands out fresh functions each render by design; the compiler leaves this hook alone.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: businesses.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    // Rows draw in the first render after the businesses arrive, before the scroll box is measured.
    initialRect: { width: 320, height: 640 },
  });

  // What the list shows first counts as the businesses' appearance in it, once per list.
  const firstShown = loading ? [] : businesses.slice(0, FIRST_SCREEN).map((b) => b.id);
  const total = paging?.total ?? businesses.length;
  return (
    <section aria-labelledby="locations-heading" className="flex min-h-0 flex-1 flex-col">
      {firstShown.length > 0 && <InsightBeacon events={[{ kind: "list", id: firstShown }]} signature={firstShown.join(",")} />}
      <h2 id="locations-heading" className="mb-2 text-lg font-semibold text-brand-800">
        {heading} {!loading && <span className="font-normal text-stone-600">({total})</span>}
      </h2>
      {loading ? (
        <p role="status" className="text-sm text-stone-600">
          {t("map.loading")}
        </p>
      ) : businesses.length === 0 ? (
        <p className="text-sm text-stone-600">{totalLoaded === 0 ? t("map.noBusinesses") : t("map.noMatches")}</p>
      ) : (
        <div ref={scrollRef} className="min-h-64 flex-1 overflow-y-auto rounded-md border border-stone-200 bg-white" style={{ maxHeight: "60vh" }}>
          <ul aria-label={heading} style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
            {virtualizer.getVirtualItems().map((row) => {
              const business = businesses[row.index]!;
              const selected = business.id === selectedId;
              return (
                <li
                  key={business.id}
                  aria-setsize={total}
                  aria-posinset={row.index + 1}
                  style={{ position: "absolute", top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${row.start}px)` }}
                >
                  <button
                    type="button"
                    aria-current={selected ? "true" : undefined}
                    onClick={() => onPick(business)}
                    className={`flex h-full w-full items-center gap-3 border-b border-stone-100 px-3 text-start hover:bg-brand-50 ${selected ? "bg-brand-50" : ""}`}
                  >
                    {business.logoUrl ? (
                      <img src={business.logoUrl} alt="" width={40} height={40} loading="lazy" className="h-10 w-10 shrink-0 rounded object-cover" />
                    ) : (
                      <span aria-hidden="true" className="flex h-10 w-10 shrink-0 items-center justify-center rounded bg-stone-200 text-sm font-semibold text-stone-600">
                        {business.name.slice(0, 1)}
                      </span>
                    )}
                    <span className="min-w-0">
                      <span dir="auto" className="block truncate text-sm font-medium text-stone-900">{business.name}</span>
                      <span className="block truncate text-xs text-stone-600">
                        {business.openNow !== null && <OpenStateBadge openNow={business.openNow} compact />}
                        {business.openNow !== null && business.address && " · "}
                        {business.address}
                      </span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {!loading && paging && businesses.length > 0 && (
        <div className="mt-2 flex items-center justify-between gap-2 text-sm text-stone-600">
          <p aria-live="polite">{t("map.listedInView", { shown: formatNumber(businesses.length, lang), total: formatNumber(paging.total, lang) })}</p>
          {businesses.length < paging.total && (
            <button
              type="button"
              onClick={paging.onShowMore}
              disabled={paging.loadingMore}
              className="rounded-md border border-stone-300 bg-white px-3 py-1.5 font-medium text-brand-800 hover:bg-brand-50 disabled:opacity-60"
            >
              {t("map.showMore")}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
