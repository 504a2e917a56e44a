// A business's address in parts and its price range over HTTP: stored beside the one-line address, which stays as it
// was written; a price range other than $ to $$$$ is refused beside the field. The site's currency defaults to CAD.
import { describe, expect, it } from "vitest";
import { createCategory } from "#server/db/factories.ts";
import { setUp, setUpSignIn, setUpTestApp } from "#tests/setup/app.ts";

const t = setUpTestApp();
const admin = setUpSignIn(t, "admin");
const places = setUp(() => createCategory(t.database.db, { name: "Address Places" }));
const send = (method: string, path: string, json: unknown) => t.request(path, { method, json, cookie: admin.cookie });

const parts = { streetAddress: "4302 Queen Street", addressLocality: "Niagara Falls", addressRegion: "ON", postalCode: "L2E 2L7", addressCountry: "CA" };

describe("a business's address in parts and price range", () => {
  it("keeps the parts and the price range beside the one-line address, and clears what is sent blank", async () => {
    const base = { name: "Parts Diner", categoryId: places.id, lat: 43.1, lng: -79.07, address: "4302 Queen Street, Niagara Falls, ON" };
    const created = await send("POST", "/api/v1/businesses", { ...base, ...parts, priceRange: "$$" });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect(await (await t.request(`/api/v1/businesses/${id}`)).json()).toMatchObject({ ...parts, address: base.address, priceRange: "$$" });

    await send("PUT", `/api/v1/businesses/${id}`, { ...base, ...parts, postalCode: " ", priceRange: "" });
    expect(await (await t.request(`/api/v1/businesses/${id}`)).json()).toMatchObject({ addressLocality: "Niagara Falls", postalCode: null, priceRange: null });
  });

  it("refuses a price range other than $ to $$$$ beside the field", async () => {
    const response = await send("POST", "/api/v1/businesses", { name: "Dear Place", categoryId: places.id, lat: 43.1, lng: -79.07, priceRange: "$$$$$" });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { fields: Record<string, string> } }).error.fields.priceRange).toBe("Price range must be $, $$, $$$ or $$$$.");
  });

  it("gives the site's currency as CAD until an administrator names another", async () => {
    const settings = (await (await t.request("/api/v1/site-settings")).json()) as { currency: string };
    expect(settings.currency).toBe("CAD");
  });
});
