// @vitest-environment jsdom
// A picker searched on the server (the admin's business picker) says how many matches it does not list, at the list's
// end and to screen readers through a status, and stops saying it once the words typed narrow the matches to a page.
import { afterEach, describe, expect, it, vi } from "vitest";
import { click, render, settle, waitFor } from "#tests/setup/dom.ts";
import { PickerComboBox } from "./combo-box.tsx";

const SHOPS = Array.from({ length: 45 }, (_, i) => ({ id: `business-${i}`, name: `Shop ${i}` }));

/** The server's search; past `cap` matches it stops counting, as the markers' search does (decision 0063). */
function fakeSearch(cap = Infinity) {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      const url = new URL(input, "http://localhost");
      const q = url.searchParams.get("q") ?? "";
      asked.push(q);
      const matches = SHOPS.filter((shop) => shop.name.toLowerCase().includes(q.toLowerCase()));
      const pageSize = Number(url.searchParams.get("pageSize"));
      const counted = matches.length > cap ? { total: cap + 1, totalIsLowerBound: true } : { total: matches.length };
      return new Response(JSON.stringify({ items: matches.slice(0, pageSize), ...counted, page: 1, pageSize }), { headers: { "Content-Type": "application/json" } });
    }),
  );
  return asked;
}

async function typeInto(input: HTMLInputElement, text: string) {
  await settle(() => {
    input.focus();
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, text);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

const status = (page: HTMLElement) => page.querySelector('[role="status"]')?.textContent ?? null;
const optionNames = () => [...document.querySelectorAll('[role="option"]')].map((option) => option.textContent);

afterEach(() => vi.unstubAllGlobals());

describe("a picker searched on the server", () => {
  it("tells how many more match than it lists, until the words typed narrow them", async () => {
    const asked = fakeSearch();
    const first = SHOPS.slice(0, 20).map((shop) => ({ value: shop.id, label: shop.name }));
    const page = await render(<PickerComboBox id="location" name="location" label="Location" options={[]} grouped={first} searchPath="/admin/businesses" />);
    const input = page.querySelector<HTMLInputElement>('input[role="combobox"]')!;
    expect(status(page)).toBe("");
    // Opened before anything is typed: the first page is asked for, and the rest are counted.
    await click(page.querySelector("button")!);
    await waitFor(() => status(page) === "25 more, type to narrow");
    expect(asked).toEqual([""]);

    await typeInto(input, "Shop");
    await waitFor(() => asked.includes("Shop") && status(page) === "25 more, type to narrow");
    expect(optionNames()).toHaveLength(20);
    expect(document.body.textContent).toContain("25 more, type to narrow");

    await typeInto(input, "Shop 1");
    await waitFor(() => status(page) === "" && optionNames().length === 11);
    expect(document.body.textContent).not.toContain("more, type to narrow");
  });

  it("says 'over' so many more when the server stopped counting the matches", async () => {
    fakeSearch(30);
    const page = await render(<PickerComboBox id="location" name="location" label="Location" options={[]} grouped={[]} searchPath="/admin/businesses" />);
    const input = page.querySelector<HTMLInputElement>('input[role="combobox"]')!;
    // 45 match; counted to 31, "more than 30": 20 listed, over 10 more.
    await typeInto(input, "Shop");
    await waitFor(() => status(page) === "Over 10 more, type to narrow");
    await typeInto(input, "Shop 1");
    await waitFor(() => status(page) === "" && optionNames().length === 11);
  });
});
