// A category or tag whose name has accents is reached from its address as the site's links spell it ("cafes"), and
// as a visitor types it with the accents ("cafés", sent percent-encoded): the page's own loader, routed as React
// Router routes it, on a real database.
import { beforeAll, describe, expect, it } from "vitest";
import { createStaticHandler, RouterContextProvider } from "react-router";
import { createBusiness, createCategory, createTag } from "#server/db/factories.ts";
import { appContext } from "#web/lib/app-context.ts";
import { loader as categoryLoader } from "#web/routes/category.tsx";
import { loader as tagLoader } from "#web/routes/tag.tsx";
import { ORIGIN, setUpTestApp } from "../setup/app.ts";

const t = setUpTestApp();
beforeAll(async () => {
  const cafes = await createCategory(t.database.db, { name: "Cafés & Bakeries" });
  const pates = await createTag(t.database.db, { name: "Pâtés & Terrines" });
  await createBusiness(t.database.db, { name: "Le Petit Four", categoryId: cafes.id, tagIds: [pates.id] });
});

// The two routes as the page build declares them (src/web/routes.ts), each with its page's loader.
const handler = createStaticHandler([
  { id: "category", path: "/category/:categorySlug?", loader: (args) => categoryLoader(args as Parameters<typeof categoryLoader>[0]) },
  { id: "tag", path: "/tag/:tagSlug?", loader: (args) => tagLoader(args as Parameters<typeof tagLoader>[0]) },
]);

type LoaderData = { slug: string; page: { state: "ok"; name: string; businesses: { name: string }[] } | { state: "message"; message: string } };

/** What the page shows for this address: its status, and the name it lists businesses for (or its message). */
async function page(path: string) {
  const context = new RouterContextProvider();
  context.set(appContext, { services: t.services, user: null, nonce: "", reportError: () => undefined, fetch: async (path, init) => t.app.request(`${ORIGIN}${path}`, init) });
  const result = await handler.query(new Request(`${ORIGIN}${path}`), { requestContext: context });
  if (result instanceof Response) throw new Error(`Unexpected response ${result.status}`);
  const { slug, page } = Object.values(result.loaderData)[0] as LoaderData;
  const shown = page.state === "ok" ? { name: page.name, businesses: page.businesses.map((b) => b.name) } : { message: page.message };
  return { status: result.statusCode, canonicalSlug: slug, ...shown };
}

describe("an accented category or tag name in the address", () => {
  it("reaches the category, whether spelled as the site's links spell it, typed with accents or percent-encoded", async () => {
    const found = { status: 200, canonicalSlug: "cafes-bakeries", name: "Cafés & Bakeries", businesses: ["Le Petit Four"] };
    expect(await page("/category/cafes-bakeries")).toEqual(found);
    expect(await page("/category/cafés-bakeries")).toEqual(found);
    expect(await page("/category/caf%C3%A9s-bakeries")).toEqual(found);
    // "e" followed by a combining acute accent: the same name in Unicode's decomposed form.
    expect(await page("/category/cafe%CC%81s-bakeries")).toEqual(found);
  });

  it("reaches the tag the same ways", async () => {
    const found = { status: 200, canonicalSlug: "pates-terrines", name: "Pâtés & Terrines", businesses: ["Le Petit Four"] };
    expect(await page("/tag/pates-terrines")).toEqual(found);
    expect(await page("/tag/pâtés-terrines")).toEqual(found);
    expect(await page("/tag/p%C3%A2t%C3%A9s-terrines")).toEqual(found);
  });

  it("still answers 404 with the spec's message for a name there is none of", async () => {
    expect(await page("/tag/cr%C3%A8me-fra%C3%AEche")).toMatchObject({ status: 404, message: 'Tag "Crème Fraîche" not found.' });
  });
});
