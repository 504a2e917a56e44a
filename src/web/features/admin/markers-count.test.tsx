// @vitest-environment jsdom
// A searched Markers list that stopped counting (decision 0063) says "more than" the count, in English and in French,
// and keeps its Next link while more exist; below the cap the pager says the exact count, as before.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Language } from "#shared/i18n/index.ts";
import { accessibleName, waitFor } from "#tests/setup/dom.ts";
import { renderAdminTab } from "#tests/setup/admin-tab.tsx";

afterEach(() => vi.unstubAllGlobals());

const business = (n: number) => ({ id: `business-${n}`, name: `Lantern ${n}`, category: null, address: null, description: null });

/** The Markers tab at `address`, its list answered as the server does for `total` (and `totalIsLowerBound`). */
async function openMarkers(address: string, language: Language, total: number, lowerBound: boolean) {
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
        const items = Array.from({ length: Math.min(pageSize, total - (page - 1) * pageSize) }, (_, i) => business((page - 1) * pageSize + i + 1));
        return Response.json({ items, total, page, pageSize, ...(lowerBound ? { totalIsLowerBound: true } : {}) });
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

describe("a searched Markers list past the count's cap", () => {
  it("says more than 1,000 and more than 20 pages, with Next open and Previous not on the first page", async () => {
    const shown = await openMarkers("/admin/markers?q=lantern", "en", 1001, true);
    expect(shown.asked).toEqual(["?page=1&pageSize=50&q=lantern"]);
    expect(shown.text).toBe("1–50 of more than 1,000 (page 1 of more than 20)");
    expect(shown.links).toEqual({ Next: "/admin/markers?q=lantern&page=2" });
    expect(shown.disabled).toEqual(["Previous"]);
  });

  it("pages on past the cap while the server says more exist", async () => {
    // The server counts to the end of the page asked: 1,050 for page 21 of 50.
    const shown = await openMarkers("/admin/markers?q=lantern&page=21", "en", 1051, true);
    expect(shown.text).toBe("1001–1050 of more than 1,050 (page 21 of more than 21)");
    expect(shown.links).toEqual({ Previous: "/admin/markers?q=lantern&page=20", Next: "/admin/markers?q=lantern&page=22" });
  });

  it("says it in French on a French page", async () => {
    const shown = await openMarkers("/admin/markers?q=lantern", "fr", 1001, true);
    expect(shown.text).toBe("1–50 sur plus de 1 000 (page 1 sur plus de 20)");
  });

  it("says the exact count below the cap, as before", async () => {
    const shown = await openMarkers("/admin/markers?q=lantern", "en", 120, false);
    expect(shown.text).toBe("1–50 of 120 (page 1 of 3)");
  });
});
