// The map sidebar's category buttons: "All (n)" and one per category with its count. Picking one clears the tags.
import { paths } from "../../lib/paths.ts";
import { chipClass, FilterButton } from "./filter-button.tsx";
import { showsAll, type MapCategory, type MapFilters } from "./map-filters.ts";

export function CategoryFilters({
  categories,
  filters,
  total,
  paramsFor,
  onPick,
}: {
  categories: MapCategory[];
  filters: MapFilters;
  /** How many businesses there are in all, for "All (n)". */
  total: number;
  /** The query the map would have with these filters, for the buttons' forms without JavaScript. */
  paramsFor: (next: MapFilters) => URLSearchParams;
  /** A category id, or null for "All". */
  onPick: (categoryId: string | null) => void;
}) {
  // "All" is pressed only while nothing narrows the list: picked tags do too, and pressing it clears them.
  const all = showsAll(filters);
  return (
    <div className="flex flex-wrap gap-1.5">
      <FilterButton action={paths.map} params={paramsFor({ ...filters, categoryId: null, tagIds: [] })} pressed={all} onApply={() => onPick(null)} className={chipClass(all)}>
        All ({total})
      </FilterButton>
      {categories.map((category) => {
        const on = filters.categoryId === category.id;
        return (
          <FilterButton
            key={category.id}
            action={paths.map}
            params={paramsFor({ ...filters, categoryId: category.id, tagIds: [] })}
            pressed={on}
            onApply={() => onPick(category.id)}
            className={`${chipClass(on)} inline-flex items-center gap-1.5`}
          >
            <span aria-hidden="true" className="inline-block h-3 w-3 rounded-full border border-stone-300" style={{ backgroundColor: category.color }} />
            {category.name} ({category.count})
          </FilterButton>
        );
      })}
    </div>
  );
}
