// /mybusiness is one server render whatever the number of businesses: its loader, run by the app as for a real page
// request, reads the owner's businesses with their events and offers in the same number of SQL statements for one
// business as for seventy, and hands the page all of them.
import { beforeAll, describe, expect, it } from "vitest";
import { createStaticHandler, RouterContextProvider } from "react-router";
import type { RenderPage } from "#server/app.ts";
import { createBusiness, createCategory, createEvent, createOffer } from "#server/db/factories.ts";
import { appContext } from "#web/lib/app-context.ts";
import { loader } from "#web/routes/my-business.tsx";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";
import { createTestDatabase } from "#tests/setup/database.ts";
import { statementCounter } from "#tests/setup/statement-counter.ts";

const statements = statementCounter();

// The page's route as the page build declares it, rendered to its loader's data with the load context the app gives.
const handler = createStaticHandler([{ id: "mybusiness", path: "/mybusiness", loader: (args) => loader(args as Parameters<typeof loader>[0]) }]);
const renderPage: RenderPage = async (request, context) => {
  const requestContext = new RouterContextProvider();
  requestContext.set(appContext, context);
  const result = await handler.query(request, { requestContext });
  return result instanceof Response ? result : Response.json(result.loaderData.mybusiness);
};

type PageData = { data: { businesses: Array<{ name: string; events: Array<{ name: string }>; offers: Array<{ description: string }> }> } | null; loadError: string | null };

let t: TestApp;
beforeAll(async () => {
  const database = await createTestDatabase();
  t = await createTestApp({ database: { ...database, db: database.db.withPlugin(statements.plugin) }, renderPage });
  return () => t.close();
});

/** An owner of `count` businesses, each with one event and one running offer; their session cookie. */
async function ownerOf(count: number, prefix: string): Promise<string> {
  const { cookie, user } = await t.signIn("business");
  const category = await createCategory(t.database.db);
  for (let i = 1; i <= count; i++) {
    const business = await createBusiness(t.database.db, { name: `${prefix} ${String(i).padStart(2, "0")}`, categoryId: category.id });
    await t.database.db.insertInto("business_owner").values({ businessId: business.id, userId: user.id, createdAt: new Date().toISOString() }).execute();
    await createEvent(t.database.db, { name: `${prefix} event ${i}`, location: business.id });
    await createOffer(t.database.db, { businessId: business.id, businessName: business.name, description: `${prefix} offer ${i}` });
  }
  return cookie;
}

/** The page as the server renders it for this owner, and the SQL statements that took. */
async function page(cookie: string): Promise<{ data: PageData; statements: number }> {
  const { result, statements: count } = await statements.count(async () => {
    const response = await t.request("/mybusiness", { cookie });
    expect(response.status).toBe(200);
    return (await response.json()) as PageData;
  });
  return { data: result, statements: count };
}

describe("/mybusiness rendered on the server", () => {
  it("reads as many SQL statements for an owner of 70 businesses as for an owner of one, and lists all 70 with their events and offers", async () => {
    const solo = await ownerOf(1, "Solo Shop");
    const chain = await ownerOf(70, "Chain Shop");
    // The first request after a content change reads what the app then keeps (the map's origins, the site settings):
    // a third owner's; each measured page is its owner's first, rendered (a page is then kept per person, 0053).
    await page(await ownerOf(1, "Warm Shop"));
    const one = await page(solo);
    const seventy = await page(chain);

    expect(one.data.loadError).toBeNull();
    expect(seventy.data.loadError).toBeNull();
    const listed = seventy.data.data!.businesses;
    expect(listed.map((b) => b.name)).toEqual(Array.from({ length: 70 }, (_, i) => `Chain Shop ${String(i + 1).padStart(2, "0")}`));
    expect(listed.every((b, i) => b.events.map((e) => e.name).join() === `Chain Shop event ${i + 1}` && b.offers.map((o) => o.description).join() === `Chain Shop offer ${i + 1}`)).toBe(true);
    expect(one.data.data!.businesses.map((b) => b.name)).toEqual(["Solo Shop 01"]);

    expect(one.statements).toBeGreaterThan(0);
    expect(seventy.statements).toBe(one.statements);
  });

  it("sends a visitor who is not signed in to the login page", async () => {
    const response = await t.request("/mybusiness");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login");
  });
});
