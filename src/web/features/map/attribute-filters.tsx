// The map sidebar's accessibility and amenity filters, beside "Open now": a box per feature with how many businesses
// would be shown with it too; every one ticked must hold.
import { MAP_FEATURES } from "#shared/map.ts";
import { AttributeIcon } from "#web/components/attribute-icons.tsx";
import { usePublicText } from "#web/lib/public-text.ts";

export function AttributeFilters({
  picked,
  counts,
  onChange,
}: {
  picked: readonly string[];
  /** Each feature's count with the other filters in force (`countByFeature`); null until the businesses are here. */
  counts: Record<string, number> | null;
  onChange: (features: string[]) => void;
}) {
  const { t } = usePublicText();
  const toggle = (key: string, on: boolean) => onChange(MAP_FEATURES.map((f) => f.key).filter((k) => (k === key ? on : picked.includes(k))));
  return (
    <details className="group rounded-md border border-stone-200 bg-white" open={picked.length > 0 || undefined}>
      <summary className="cursor-pointer px-3 py-1.5 text-sm font-medium text-stone-800">
        {picked.length > 0 ? t("map.amenitiesChosen", { count: picked.length }) : t("map.amenities")}
      </summary>
      <fieldset className="px-3 pb-2">
        <legend className="sr-only">{t("map.onlyPlacesWith")}</legend>
        <ul className="grid gap-1">
          {MAP_FEATURES.map((feature) => (
            <li key={feature.key}>
              <label className="flex items-center gap-2 text-sm text-stone-800">
                <input type="checkbox" checked={picked.includes(feature.key)} onChange={(event) => toggle(feature.key, event.target.checked)} className="size-4" />
                <AttributeIcon slug={feature.key} className="size-4 text-stone-600" />
                <span>
                  {t(`map.feature.${feature.key}`, { defaultValue: feature.label })}
                  {counts && ` (${counts[feature.key] ?? 0})`}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </details>
  );
}
