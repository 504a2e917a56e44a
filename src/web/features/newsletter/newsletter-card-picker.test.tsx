// @vitest-environment jsdom
// The newsletter's business cards are found by name on the server a page at a time: the form never asks for the
// whole directory, a search narrows the list, "More businesses" brings the next page, and the chosen one becomes a card.
import { useState } from "react";
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { NewsletterCardRef } from "#shared/schemas/newsletter.ts";
import { click, getButton, render, waitFor } from "#tests/setup/dom.ts";
import { CardPicker } from "./newsletter-card-picker.tsx";

const NAMES = [...Array.from({ length: 30 }, (_, i) => `Bakery ${i + 1}`), ...Array.from({ length: 15 }, (_, i) => `Florist ${i + 1}`)];

/**
 * The admin businesses API over NAMES, recording each query it is asked; a search stops counting past `cap` matches
 * (or the page asked's end), as the server's does (decision 0063).
 */
function fakeApi(cap = Infinity) {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      const url = new URL(input, "http://localhost");
      if (url.pathname !== "/api/v1/admin/businesses") return new Response(null, { status: 404 });
      asked.push(url.searchParams);
      const q = (url.searchParams.get("q") ?? "").toLowerCase();
      const page = Number(url.searchParams.get("page"));
      const size = Number(url.searchParams.get("pageSize"));
      const matching = NAMES.filter((n) => n.toLowerCase().includes(q));
      const items = matching.slice((page - 1) * size, page * size).map((name) => ({ id: name.replace(" ", "-").toLowerCase(), name }));
      const limit = Math.max(cap, page * size);
      const counted = q && matching.length > limit ? { total: limit + 1, totalIsLowerBound: true } : { total: matching.length };
      return new Response(JSON.stringify({ items, ...counted, page, pageSize: size }), { headers: { "Content-Type": "application/json" } });
    }),
  );
  return asked;
}

function Picker() {
  const [cards, setCards] = useState<NewsletterCardRef[]>([]);
  return <CardPicker options={{ event: [], offer: [] }} cards={cards} setCards={setCards} errors={[]} errorId="cards-error" />;
}

const byLabel = <T extends HTMLElement>(root: HTMLElement, text: string) => root.querySelector<T>(`#${CSS.escape([...root.querySelectorAll("label")].find((l) => l.textContent === text)!.htmlFor)}`)!;
const options = (select: HTMLSelectElement) => [...select.options].slice(1).map((o) => o.textContent);

async function change(element: HTMLInputElement | HTMLSelectElement, value: string) {
  await act(async () => {
    const proto = element instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, "value")!.set!.call(element, value);
    element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
  });
}

describe("the newsletter's business cards", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("are searched for by name on the server, a page at a time", async () => {
    const asked = fakeApi();
    const root = await render(<Picker />);
    await change(byLabel<HTMLSelectElement>(root, "Card type"), "business");
    const status = await waitFor(() => [...root.querySelectorAll('[role="status"]')].find((s) => s.textContent === "20 of 45 businesses listed."));
    expect(status).toBeTruthy();
    const businesses = byLabel<HTMLSelectElement>(root, "Business to show");
    expect(options(businesses)).toHaveLength(20);
    expect(asked.every((q) => q.get("pageSize") === "20")).toBe(true);

    await change(byLabel<HTMLInputElement>(root, "Search businesses"), "flor");
    await waitFor(() => root.textContent?.includes("15 of 15 businesses listed."));
    expect(options(businesses)).toEqual(NAMES.filter((n) => n.startsWith("Florist")));
    expect(asked.at(-1)!.get("q")).toBe("flor");

    await change(byLabel<HTMLInputElement>(root, "Search businesses"), "bakery");
    await waitFor(() => root.textContent?.includes("20 of 30 businesses listed."));
    await click(getButton(root, "More businesses"));
    await waitFor(() => root.textContent?.includes("30 of 30 businesses listed."));
    expect(options(businesses).at(-1)).toBe("Bakery 30");
    expect(root.textContent).not.toContain("More businesses");

    await change(businesses, "bakery-30");
    await click(getButton(root, "Add card"));
    expect(getButton(root, "Remove Bakery 30")).toBeTruthy();
  });

  it("say 'more than' when the server stopped counting a search's matches, and page on to the last", async () => {
    fakeApi(20);
    const root = await render(<Picker />);
    await change(byLabel<HTMLSelectElement>(root, "Card type"), "business");
    await change(byLabel<HTMLInputElement>(root, "Search businesses"), "bakery");
    await waitFor(() => root.textContent?.includes("20 of more than 20 businesses listed."));
    await click(getButton(root, "More businesses"));
    await waitFor(() => root.textContent?.includes("30 of 30 businesses listed."));
    expect(root.textContent).not.toContain("More businesses");
  });
});
