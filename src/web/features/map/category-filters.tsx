// The map sidebar's category buttons: "All (n)" and one per category with its count. Picking one clears the tags.
import type { CategoryCounts } from "#shared/map.ts";
import { paths } from "#web/lib/paths.ts";
import { chipClass, FilterButton } from "./filter-button.tsx";
import { showsAll, type MapCategory, type MapFilters } from "./map-filters.ts";
import { usePublicText } from "#web/lib/public-text.ts";
import { useLocalPath } from "#web/lib/public-text.ts";

export function CategoryFilters({
  categories,
  filters,
  total,
  openCounts,
  paramsFor,
  onPick,
}: {
  categories: MapCategory[];
  filters: MapFilters;
  /** How many businesses there are in all, for "All (n)". */
  total: number;
  /**
   * The counts of the businesses open now and with the features picked (`countByCategory`), when known: while "Open now"
   * is on or features are picked they stand in for `total` and the categories' own counts, which count every business.
   * Tags never narrow the counts.
   */
  openCounts: CategoryCounts | null;
  /** The query the map would have with these filters, for the buttons' forms without JavaScript. */
  paramsFor: (next: MapFilters) => URLSearchParams;
  /** A category id, or null for "All". */
  onPick: (categoryId: string | null) => void;
}) {
  // "All" is pressed only while nothing narrows the list: picked tags do too, and pressing it clears them.
  const { t } = usePublicText();
  const mapPath = useLocalPath()(paths.map);
  const all = showsAll(filters);
  const counts = filters.openNow || filters.features.length > 0 ? openCounts : null;
  const countOf = (category: MapCategory) => (counts ? (counts.byCategory[category.id] ?? 0) : category.count);
  return (
    <div className="flex flex-wrap gap-1.5">
      <FilterButton action={mapPath} params={paramsFor({ ...filters, categoryId: null, tagIds: [] })} pressed={all} onApply={() => onPick(null)} className={chipClass(all)}>
        {t("map.all", { count: counts ? counts.total : total })}
      </FilterButton>
      {categories.map((category) => {
        const on = filters.categoryId === category.id;
        return (
          <FilterButton
            key={category.id}
            action={mapPath}
            params={paramsFor({ ...filters, categoryId: category.id, tagIds: [] })}
            pressed={on}
            onApply={() => onPick(category.id)}
            className={`${chipClass(on)} inline-flex items-center gap-1.5`}
          >
            <span aria-hidden="true" className="inline-block h-3 w-3 rounded-full border border-stone-300" style={{ backgroundColor: category.color }} />
            <span lang={category.lang}>{category.label ?? category.name}</span> ({countOf(category)})
          </FilterButton>
        );
      })}
    </div>
  );
}
