// @vitest-environment jsdom
// An admin tab whose list cannot be read says so in the administrator's language: "Impossible de charger les
// catégories." on a French page, and word for word the spec's English on an English one.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Language } from "#shared/i18n/index.ts";
import { waitFor } from "#tests/setup/dom.ts";
import { renderAdminTab } from "#tests/setup/admin-tab.tsx";

afterEach(() => vi.unstubAllGlobals());

const LISTS: Record<string, string> = { markers: "/admin/businesses", categories: "/categories", pages: "/pages", posts: "/admin/posts", offers: "/admin/offers" };

/** The alerts of `tab` when the API fails to give its list, on a page in `language`. */
async function failedList(tab: string, language: Language): Promise<string[]> {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      const { pathname } = new URL(input, "http://localhost");
      if (pathname === "/api/v1/me") return Response.json({ id: "the-admin" });
      // The tab's own list fails; the lists its form chooses from are read.
      return pathname === `/api/v1${LISTS[tab]}` ? new Response(null, { status: 500 }) : Response.json([]);
    }),
  );
  const page = await renderAdminTab(`/admin/${tab}`, language);
  const english = { markers: "Failed to load markers.", categories: "Failed to load categories.", pages: "Failed to load pages.", posts: "Failed to load posts.", offers: "Failed to load offers." }[tab]!;
  // The French catalog of messages loads the first time a French page has one to say.
  const said = () => [...page.querySelectorAll('[role="alert"]')].map((element) => element.textContent ?? "");
  await waitFor(() => said().some((text) => text.startsWith(language === "fr" ? "Impossible de charger" : english)));
  return said();
}

describe("an admin tab's list that cannot be read", () => {
  it("says so in French on a French page", async () => {
    expect(await failedList("markers", "fr")).toContain("Impossible de charger les lieux.");
    expect(await failedList("categories", "fr")).toContain("Impossible de charger les catégories.");
    expect(await failedList("pages", "fr")).toContain("Impossible de charger les pages.");
    expect(await failedList("posts", "fr")).toContain("Impossible de charger les nouvelles.");
    expect(await failedList("offers", "fr")).toContain("Impossible de charger les offres.");
  });

  it("says the spec's English on an English page", async () => {
    expect(await failedList("categories", "en")).toContain("Failed to load categories.");
    expect(await failedList("offers", "en")).toContain("Failed to load offers.");
  });
});
