// @vitest-environment jsdom
// The Offers tab names each offer "<type> at <business>" in the administrator's language ("Pourcentage de rabais
// chez Café Nord"), and word for word as before in English.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Language } from "#shared/i18n/index.ts";
import { waitFor } from "#tests/setup/dom.ts";
import { renderAdminTab } from "#tests/setup/admin-tab.tsx";

afterEach(() => vi.unstubAllGlobals());

const offer = { id: "o-1", businessId: "b-1", businessName: "Café Nord", type: "Percentage Off", description: "20% off", price: null, startDate: "2031-07-01", endDate: "2031-07-31", ownerUid: null, expired: false };

async function offerTitles(language: Language): Promise<string[]> {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      const { pathname } = new URL(input, "http://localhost");
      if (pathname === "/api/v1/admin/offers") return Response.json({ items: [offer], total: 1, page: 1, pageSize: 50 });
      if (pathname === "/api/v1/me") return Response.json({ id: "the-admin" });
      return Response.json([]);
    }),
  );
  const page = await renderAdminTab("/admin/offers", language);
  const list = await waitFor(() => page.querySelector("main ul li, ul[aria-label] li"));
  return [...list.parentElement!.querySelectorAll("li")].map((item) => item.textContent ?? "");
}

describe("the Offers tab's list", () => {
  it("names an offer by its type and business in French on a French page", async () => {
    const [title] = await offerTitles("fr");
    expect(title).toContain("Pourcentage de rabais chez Café Nord");
    expect(title).not.toContain("Percentage Off");
  });

  it("names it as before in English", async () => {
    expect((await offerTitles("en"))[0]).toContain("Percentage Off at Café Nord");
  });
});
