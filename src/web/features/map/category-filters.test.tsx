// @vitest-environment jsdom
// The map's category buttons say which one is in force: "All" only while no category and no tag narrows the list.
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { accessibleName, click, getButton, render } from "../../../../tests/setup/dom.ts";
import { CategoryFilters } from "./category-filters.tsx";
import { filtersToSearch, parseFilters, type MapFilters } from "./map-filters.ts";

const categories = [
  { id: "c1", name: "Restaurants", color: "#a47148", count: 7 },
  { id: "c2", name: "Bars & Nightlife", color: "#1d3557", count: 3 },
];
const tags = [
  { id: "t1", name: "Patio" },
  { id: "t2", name: "Live Music" },
];

/** The buttons on the map page at this address, picking a category as the page does (which clears the tags). */
function MapAt({ search }: { search: string }) {
  const [filters, setFilters] = useState<MapFilters>(() => parseFilters(new URLSearchParams(search), categories, tags));
  return (
    <CategoryFilters
      categories={categories}
      filters={filters}
      total={12}
      paramsFor={(next) => new URLSearchParams(filtersToSearch(next, categories, tags))}
      onPick={(categoryId) => setFilters({ ...filters, categoryId, tagIds: [] })}
    />
  );
}

const pressed = (page: HTMLElement) => [...page.querySelectorAll('button[aria-pressed="true"]')].map(accessibleName);

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
});
