// A business's address in parts and its price range over HTTP: stored beside the one-line address, which stays as it
// was written; a price range other than $ to $$$$ is refused beside the field. The site's currency defaults to CAD.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCategory } from "#server/db/factories.ts";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";

let t: TestApp;
let cookie: string;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = (await t.signIn("admin")).cookie;
  categoryId = (await createCategory(t.database.db, { name: "Address Places" })).id;
});
afterAll(() => t.close());

const parts = { streetAddress: "4302 Queen Street", addressLocality: "Niagara Falls", addressRegion: "ON", postalCode: "L2E 2L7", addressCountry: "CA" };

describe("a business's address in parts and price range", () => {
  it("keeps the parts and the price range beside the one-line address, and clears what is sent blank", async () => {
    const base = { name: "Parts Diner", categoryId, lat: 43.1, lng: -79.07, address: "4302 Queen Street, Niagara Falls, ON" };
    const created = await t.request("/api/v1/businesses", { method: "POST", cookie, json: { ...base, ...parts, priceRange: "$$" } });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect(await (await t.request(`/api/v1/businesses/${id}`)).json()).toMatchObject({ ...parts, address: base.address, priceRange: "$$" });

    await t.request(`/api/v1/businesses/${id}`, { method: "PUT", cookie, json: { ...base, ...parts, postalCode: " ", priceRange: "" } });
    expect(await (await t.request(`/api/v1/businesses/${id}`)).json()).toMatchObject({ addressLocality: "Niagara Falls", postalCode: null, priceRange: null });
  });

  it("refuses a price range other than $ to $$$$ beside the field", async () => {
    const response = await t.request("/api/v1/businesses", { method: "POST", cookie, json: { name: "Dear Place", categoryId, lat: 43.1, lng: -79.07, priceRange: "$$$$$" } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { fields: Record<string, string> } }).error.fields.priceRange).toBe("Price range must be $, $$, $$$ or $$$$.");
  });

  it("gives the site's currency as CAD until an administrator names another", async () => {
    const settings = (await (await t.request("/api/v1/site-settings")).json()) as { currency: string };
    expect(settings.currency).toBe("CAD");
  });
});
