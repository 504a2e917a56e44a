// @vitest-environment jsdom
// The Markers list's pager links carry the row a page stopped at (decision 0068): Next the page's last row's cursor,
// Previous its first row's, the first page none; a page opened from such a link asks the API from that row.
import { afterEach, describe, expect, it, vi } from "vitest";
import { accessibleName, waitFor } from "#tests/setup/dom.ts";
import { renderAdminTab } from "#tests/setup/admin-tab.tsx";

afterEach(() => vi.unstubAllGlobals());

const business = (n: number) => ({ id: `business-${n}`, name: `Lantern ${n}`, category: null, address: null, description: null });

/** The Markers tab at `address`, its list of 500 answered with cursors naming the page they came from. */
async function openMarkers(address: string) {
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
        const items = Array.from({ length: pageSize }, (_, i) => business((page - 1) * pageSize + i + 1));
        return Response.json({ items, total: 500, page, pageSize, nextCursor: `last-of-${page}`, previousCursor: `first-of-${page}` });
      }
      return Response.json([]);
    }),
  );
  const page = await renderAdminTab(address, "en");
  await waitFor(() => page.querySelector("nav[aria-label] [aria-live]"));
  const nav = page.querySelector("nav[aria-label] [aria-live]")!.closest("nav")!;
  const links = Object.fromEntries([...nav.querySelectorAll("a")].map((a) => [accessibleName(a), a.getAttribute("href")]));
  return { links, asked };
}

describe("the Markers list's pager", () => {
  it("links the next page after this page's last row and the page before before its first", async () => {
    const shown = await openMarkers("/admin/markers?page=3");
    expect(shown.asked).toEqual(["?page=3&pageSize=50"]);
    expect(shown.links).toEqual({ Previous: "/admin/markers?page=2&before=first-of-3", Next: "/admin/markers?page=4&after=last-of-3" });
  });

  it("links the first page by its number alone", async () => {
    const shown = await openMarkers("/admin/markers?page=2&after=last-of-1");
    expect(shown.links.Previous).toBe("/admin/markers?page=1");
  });

  it("asks the API from the row a link names, and keeps the search and order beside it", async () => {
    const shown = await openMarkers("/admin/markers?q=lantern&sort=desc&page=4&after=last-of-3");
    expect(shown.asked).toEqual(["?page=4&pageSize=50&q=lantern&sort=desc&after=last-of-3"]);
    expect(shown.links).toEqual({ Previous: "/admin/markers?q=lantern&sort=desc&page=3&before=first-of-4", Next: "/admin/markers?q=lantern&sort=desc&page=5&after=last-of-4" });
  });
});
