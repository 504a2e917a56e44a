// The info window of a business on the map: logo, name, open or closed, description, address, tags and "Get Directions".
import { paths } from "#web/lib/paths.ts";
import type { MapBusiness, MapTag } from "./map-filters.ts";
import { OpenStateBadge } from "#web/components/hours/opening-hours-panel.tsx";
import { usePublicText } from "#web/lib/public-text.ts";
import { LocalLink } from "#web/components/ui/local-link.tsx";

export function BusinessInfo({
  business,
  tagsById,
  onGetDirections,
}: {
  business: MapBusiness;
  tagsById: Map<string, MapTag>;
  onGetDirections?: () => void;
}) {
  const { t } = usePublicText();
  const tagNames = business.tagIds.map((id) => tagsById.get(id)).filter((tag) => tag !== undefined);
  return (
    <div className="info-window space-y-1 text-sm text-stone-800" data-testid="info-window">
      <div className="flex items-center gap-2 pe-4">
        {business.logoUrl && <img src={business.logoUrl} alt="" width={40} height={40} className="size-10 shrink-0 rounded object-cover" />}
        <h2 className="text-base font-semibold text-brand-800">
          <LocalLink to={paths.business(business.id)} dir="auto" className="hover:underline">
            {business.name}
          </LocalLink>
        </h2>
      </div>
      {business.openNow !== null && (
        <p>
          <OpenStateBadge openNow={business.openNow} />
        </p>
      )}
      {/* On a phone the map is short: the description's first lines, the whole of it on the business's page. */}
      {business.description && <p dir="auto" className="max-lg:line-clamp-3">{business.description}</p>}
      {business.address && <p className="text-stone-600">{business.address}</p>}
      {tagNames.length > 0 && (
        <ul aria-label={t("map.tags")} className="flex flex-wrap gap-1">
          {tagNames.map((tag) => (
            <li key={tag.id} lang={tag.lang} dir="auto" className="rounded-full bg-stone-100 px-2 py-0.5 text-xs">
              {tag.label ?? tag.name}
            </li>
          ))}
        </ul>
      )}
      {onGetDirections && (
        <button type="button" onClick={onGetDirections} className="mt-2 rounded-md bg-brand-700 px-3 py-1.5 font-semibold text-white hover:bg-brand-800">
          {t("map.getDirections")}
        </button>
      )}
    </div>
  );
}
