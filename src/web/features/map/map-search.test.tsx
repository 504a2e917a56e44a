// @vitest-environment jsdom
// The map's search counts words that match nothing on the map, for the association's list of what visitors looked for
// and did not find: once, when the visitor leaves the box with them; words that match something are not sent.
import { afterEach, describe, expect, it, vi } from "vitest";
import { render, settle } from "#tests/setup/dom.ts";
import { MapSearch } from "./map-search.tsx";
import type { SearchItem } from "./map-filters.ts";

const items: SearchItem[] = [
  { kind: "category", id: "c1", name: "Restaurants" },
  { kind: "marker", id: "b1", name: "Crumb Bakery", coordinates: { lat: 43, lng: -79 } },
];

/** Types into the box as a person does (React reads the value the input event carries). */
async function type(input: HTMLInputElement, text: string) {
  await settle(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, text);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}
async function leave(input: HTMLInputElement) {
  await settle(() => void input.dispatchEvent(new FocusEvent("focusout", { bubbles: true, relatedTarget: null })));
}

afterEach(() => vi.unstubAllGlobals());

describe("the map's search", () => {
  it("sends words that match nothing, normalised, once, when the box is left with them", async () => {
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal("navigator", { ...navigator, sendBeacon });
    const input = (await render(<MapSearch items={items} onPick={() => undefined} />)).querySelector("input")!;
    await type(input, "bakery");
    await leave(input);
    expect(sendBeacon).not.toHaveBeenCalled();
    await type(input, "  Vegan   Pizza ");
    await leave(input);
    await leave(input);
    expect(sendBeacon.mock.calls).toEqual([["/api/v1/insights/hits", JSON.stringify({ events: [{ kind: "no-results", query: "vegan pizza" }] })]]);
  });
});
