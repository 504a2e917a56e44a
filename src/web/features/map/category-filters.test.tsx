// @vitest-environment jsdom
// The map's category buttons say which one is in force: "All" only while no category and no tag narrows the list; and
// count, with "Open now" on, only the businesses open now.
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { countByCategory, type CategoryCounts } from "#shared/map.ts";
import { accessibleName, click, getButton, render } from "#tests/setup/dom.ts";
import { CategoryFilters } from "./category-filters.tsx";
import { filtersToSearch, parseFilters, type MapFilters } from "./map-filters.ts";

const categories = [
  { id: "c1", name: "Restaurants", color: "#a47148", count: 7 },
  { id: "c2", name: "Bars & Nightlife", color: "#1d3557", count: 3 },
];
const tags = [{ id: "t1", name: "Patio" }, { id: "t2", name: "Live Music" }];

/** The businesses the counts above are of: 2 of the 7 restaurants, 1 of the 3 bars and 1 of the 2 others open now. */
const businesses = [
  ...Array.from({ length: 7 }, (_, i) => ({ categoryId: "c1", tagIds: i < 3 ? ["t1"] : [], openNow: i < 2 })),
  ...Array.from({ length: 3 }, (_, i) => ({ categoryId: "c2", tagIds: ["t2"], openNow: i < 1 ? true : null })),
  ...Array.from({ length: 2 }, (_, i) => ({ categoryId: null, tagIds: [], openNow: i < 1 })),
];

/**
 * The buttons on the map page at this address, picking a category as the page does (which clears the tags), with its
 * "Open now" switch; `openCounts` as the page gives them (by default, counted of the businesses it has).
 */
function MapAt({ search, openCounts = countByCategory(businesses, { openNow: true }) }: { search: string; openCounts?: CategoryCounts | null }) {
  const [filters, setFilters] = useState<MapFilters>(() => parseFilters(new URLSearchParams(search), categories, tags));
  return (
    <>
      <label>
        <input type="checkbox" role="switch" checked={filters.openNow} onChange={(event) => setFilters({ ...filters, openNow: event.target.checked })} />
        Open now
      </label>
      <CategoryFilters
        categories={categories}
        filters={filters}
        total={12}
        openCounts={openCounts}
        paramsFor={(next) => new URLSearchParams(filtersToSearch(next, categories, tags))}
        onPick={(categoryId) => setFilters({ ...filters, categoryId, tagIds: [] })}
      />
    </>
  );
}

const pressed = (page: HTMLElement) => [...page.querySelectorAll('button[aria-pressed="true"]')].map(accessibleName);
const buttons = (page: HTMLElement) => [...page.querySelectorAll("button")].map(accessibleName);
const openNow = (page: HTMLElement) => page.querySelector<HTMLInputElement>('input[role="switch"]')!;

describe("the map's category buttons", () => {
  it("press All when nothing narrows the list, and the category picked instead", async () => {
    const page = await render(<MapAt search="" />);
    expect(pressed(page)).toEqual(["All (12)"]);

    await click(getButton(page, "Bars & Nightlife (3)"));
    expect(pressed(page)).toEqual(["Bars & Nightlife (3)"]);
    expect(getButton(page, "All (12)").getAttribute("aria-pressed")).toBe("false");
  });

  it("leave All unpressed while tags narrow the list, and press it again once it clears them", async () => {
    const page = await render(<MapAt search="?tag=Patio&tag=Live+Music" />);
    const all = getButton(page, "All (12)");
    expect(all.getAttribute("aria-pressed")).toBe("false");
    expect(pressed(page)).toEqual([]);
    // Without JavaScript, All sends a form to the map with no tag left.
    expect([...all.form!.querySelectorAll("input")].map((input) => input.name)).toEqual([]);

    await click(all);
    expect(pressed(page)).toEqual(["All (12)"]);
  });

  it('count only the businesses open now while "Open now" is on, and every business again once it is off', async () => {
    const page = await render(<MapAt search="?open=now" />);
    expect(buttons(page)).toEqual(["All (4)", "Restaurants (2)", "Bars & Nightlife (1)"]);
    expect(pressed(page)).toEqual(["All (4)"]);

    // A category picked keeps the counts: each is of the businesses that pass the filters but the category itself.
    await click(getButton(page, "Restaurants (2)"));
    expect(pressed(page)).toEqual(["Restaurants (2)"]);
    expect(buttons(page)).toEqual(["All (4)", "Restaurants (2)", "Bars & Nightlife (1)"]);

    await click(openNow(page));
    expect(buttons(page)).toEqual(["All (12)", "Restaurants (7)", "Bars & Nightlife (3)"]);
    await click(openNow(page));
    expect(buttons(page)).toEqual(["All (4)", "Restaurants (2)", "Bars & Nightlife (1)"]);
  });

  it("are not narrowed by picked tags (picking a category clears them), and give a category none open now a count of 0", async () => {
    const tagged = await render(<MapAt search="?tag=Live+Music&open=now" />);
    expect(buttons(tagged)).toEqual(["All (4)", "Restaurants (2)", "Bars & Nightlife (1)"]);
    expect(pressed(tagged)).toEqual([]);
    tagged.remove();

    const page = await render(<MapAt search="?open=now" openCounts={{ total: 2, byCategory: { c1: 2 } }} />);
    expect(buttons(page)).toEqual(["All (2)", "Restaurants (2)", "Bars & Nightlife (0)"]);
  });

  it('count every business with "Open now" off, or while the counts of those open now are not known', async () => {
    const off = await render(<MapAt search="?category=Restaurants" />);
    expect(buttons(off)).toEqual(["All (12)", "Restaurants (7)", "Bars & Nightlife (3)"]);
    off.remove();

    const unknown = await render(<MapAt search="?open=now" openCounts={null} />);
    expect(buttons(unknown)).toEqual(["All (12)", "Restaurants (7)", "Bars & Nightlife (3)"]);
  });
});
