// Accessibility and amenity attributes over HTTP: written with the business, read back in the list's order, and the
// list's `?attributes=` filter (every one named must hold; an unknown one is refused by name).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBusiness, createCategory } from "#server/db/factories.ts";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";

let t: TestApp;
let cookie: string;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = (await t.signIn("admin")).cookie;
  categoryId = (await createCategory(t.database.db, { name: "Attribute Places" })).id;
});
afterAll(() => t.close());

const names = async (path: string) => {
  const response = await t.request(path);
  expect(response.status, path).toBe(200);
  return ((await response.json()) as Array<{ name: string; categoryId: string }>).filter((b) => b.categoryId === categoryId).map((b) => b.name);
};

describe("business attributes", () => {
  it("keeps the attributes an administrator ticks, in the list's order, and clears them when none are sent", async () => {
    const created = await t.request("/api/v1/businesses", {
      method: "POST",
      cookie,
      json: { name: "Loop Hall", categoryId, lat: 43.1, lng: -79.07, attributes: ["hearing-loop", "step-free-entrance", "hearing-loop"] },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect(((await (await t.request(`/api/v1/businesses/${id}`)).json()) as { attributes: string[] }).attributes).toEqual(["step-free-entrance", "hearing-loop"]);

    const refused = await t.request(`/api/v1/businesses/${id}`, { method: "PUT", cookie, json: { name: "Loop Hall", categoryId, lat: 43.1, lng: -79.07, attributes: ["ramp"] } });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { fields: Record<string, string> } }).error.fields.attributes).toMatch(/^Unknown attribute: ramp\./);

    await t.request(`/api/v1/businesses/${id}`, { method: "PUT", cookie, json: { name: "Loop Hall", categoryId, lat: 43.1, lng: -79.07 } });
    expect(((await (await t.request(`/api/v1/businesses/${id}`)).json()) as { attributes: string[] }).attributes).toEqual([]);
  });

  it("lists only the businesses where every attribute named holds", async () => {
    await createBusiness(t.database.db, { name: "Both", categoryId, attributes: JSON.stringify(["step-free-entrance", "hearing-loop", "patio"]) });
    await createBusiness(t.database.db, { name: "Ramp only", categoryId, attributes: JSON.stringify(["step-free-entrance"]) });
    await createBusiness(t.database.db, { name: "Neither", categoryId });

    expect(await names("/api/v1/businesses?attributes=step-free-entrance,hearing-loop")).toEqual(["Both"]);
    expect(await names("/api/v1/businesses?attributes=step-free-entrance")).toEqual(["Both", "Ramp only"]);
    expect(await names("/api/v1/businesses?attributes=")).toContain("Neither");
  });

  it("refuses an unknown attribute with a message naming it and the known ones", async () => {
    const response = await t.request("/api/v1/businesses?attributes=step-free-entrance,ramp,lift");
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(error.fields.attributes).toBe(
      "Unknown attributes: ramp, lift. Known attributes: step-free-entrance, wheelchair-accessible-washroom, accessible-parking-nearby, hearing-loop, gender-neutral-washroom, free-wifi, patio, pets-welcome, family-friendly-washroom.",
    );
  });
});
