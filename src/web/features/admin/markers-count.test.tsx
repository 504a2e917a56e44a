// @vitest-environment jsdom
// A searched Markers list that stopped counting (decision 0063) says "more than" the count, in English and in French,
// and keeps its Next link while more exist; below the cap the pager says the exact count, as before. Its pager's links
// carry the row a page stopped at (decision 0068): Next the page's last row's cursor, Previous its first row's, the
// first page none; a page opened from such a link asks the API from that row.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Language } from "#shared/i18n/index.ts";
import { accessibleName, waitFor } from "#tests/setup/dom.ts";
import { renderAdminTab } from "#tests/setup/admin-tab.tsx";

afterEach(() => vi.unstubAllGlobals());

const business = (n: number) => ({ id: `business-${n}`, name: `Lantern ${n}`, category: null, address: null, description: null });

/** What the API answers beside a page's items: its total, and a stopped count or cursors. */
type Answer = (page: number) => { total: number; totalIsLowerBound?: boolean; nextCursor?: string; previousCursor?: string };

/** The Markers tab at `address`, its list answered as the server does with `answer`. */
async function openMarkers(address: string, language: Language, answer: Answer) {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      const url = new URL(input, "http://localhost");
      if (url.pathname === "/api/v1/me") return Response.json({ id: "the-admin" });
      if (url.pathname === "/api/v1/admin/businesses") {
        asked.push(url.search);
        const page = Number(url.searchParams.get("page"));
        const pageSize = Number(url.searchParams.get("pageSize"));
        const rest = answer(page);
        const items = Array.from({ length: Math.min(pageSize, rest.total - (page - 1) * pageSize) }, (_, i) => business((page - 1) * pageSize + i + 1));
        return Response.json({ items, page, pageSize, ...rest });
      }
      return Response.json([]);
    }),
  );
  const page = await renderAdminTab(address, language);
  const pager = () => page.querySelector<HTMLElement>("nav[aria-label] [aria-live]");
  await waitFor(() => pager());
  const nav = pager()!.closest("nav")!;
  const links = Object.fromEntries([...nav.querySelectorAll("a")].map((a) => [accessibleName(a), a.getAttribute("href")]));
  const disabled = [...nav.querySelectorAll('[aria-disabled="true"]')].map((element) => accessibleName(element as HTMLElement));
  return { text: accessibleName(pager()!), links, disabled, asked };
}

/** A searched list's count: exact, or stopped (`totalIsLowerBound`). */
const counted = (total: number, lowerBound: boolean): Answer => () => ({ total, ...(lowerBound ? { totalIsLowerBound: true } : {}) });
/** A list of 500 answered with cursors naming the page they came from. */
const withCursors: Answer = (page) => ({ total: 500, nextCursor: `last-of-${page}`, previousCursor: `first-of-${page}` });

describe("a searched Markers list past the count's cap", () => {
  it("says more than 1,000 and more than 20 pages, with Next open and Previous not on the first page", async () => {
    const shown = await openMarkers("/admin/markers?q=lantern", "en", counted(1001, true));
    expect(shown.asked).toEqual(["?page=1&pageSize=50&q=lantern"]);
    expect(shown.text).toBe("1–50 of more than 1,000 (page 1 of more than 20)");
    expect(shown.links).toEqual({ Next: "/admin/markers?q=lantern&page=2" });
    expect(shown.disabled).toEqual(["Previous"]);
  });

  it("pages on past the cap while the server says more exist", async () => {
    // The server counts to the end of the page asked: 1,050 for page 21 of 50.
    const shown = await openMarkers("/admin/markers?q=lantern&page=21", "en", counted(1051, true));
    expect(shown.text).toBe("1001–1050 of more than 1,050 (page 21 of more than 21)");
    expect(shown.links).toEqual({ Previous: "/admin/markers?q=lantern&page=20", Next: "/admin/markers?q=lantern&page=22" });
  });

  it("says it in French on a French page", async () => {
    const shown = await openMarkers("/admin/markers?q=lantern", "fr", counted(1001, true));
    expect(shown.text).toBe("1–50 sur plus de 1 000 (page 1 sur plus de 20)");
  });

  it("says the exact count below the cap, as before", async () => {
    const shown = await openMarkers("/admin/markers?q=lantern", "en", counted(120, false));
    expect(shown.text).toBe("1–50 of 120 (page 1 of 3)");
  });
});

describe("the Markers list's pager", () => {
  it("links the next page after this page's last row and the page before before its first", async () => {
    const shown = await openMarkers("/admin/markers?page=3", "en", withCursors);
    expect(shown.asked).toEqual(["?page=3&pageSize=50"]);
    expect(shown.links).toEqual({ Previous: "/admin/markers?page=2&before=first-of-3", Next: "/admin/markers?page=4&after=last-of-3" });
  });

  it("links the first page by its number alone", async () => {
    const shown = await openMarkers("/admin/markers?page=2&after=last-of-1", "en", withCursors);
    expect(shown.links.Previous).toBe("/admin/markers?page=1");
  });

  it("asks the API from the row a link names, and keeps the search and order beside it", async () => {
    const shown = await openMarkers("/admin/markers?q=lantern&sort=desc&page=4&after=last-of-3", "en", withCursors);
    expect(shown.asked).toEqual(["?page=4&pageSize=50&q=lantern&sort=desc&after=last-of-3"]);
    expect(shown.links).toEqual({ Previous: "/admin/markers?q=lantern&sort=desc&page=3&before=first-of-4", Next: "/admin/markers?q=lantern&sort=desc&page=5&after=last-of-4" });
  });
});
