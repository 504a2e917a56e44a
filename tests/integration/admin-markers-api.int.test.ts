// Every admin API route of the Markers, Categories and Tags tabs and the plain add-category endpoint,
// called as each kind of visitor: only an administrator gets through, whatever the request carries.
import { beforeAll, describe, expect, it } from "vitest";
import { createBusiness, createCategory, createTag } from "#server/db/factories.ts";
import type { Role } from "#shared/constants.ts";
import { setUpTestApp } from "../setup/app.ts";

const t = setUpTestApp();
const cookies: Partial<Record<Role, string>> = {};
let categoryId: string;
let businessId: string;
let tagId: string;
let spareCategoryId: string;
beforeAll(async () => {
  for (const role of ["user", "business", "admin"] as const) cookies[role] = (await t.signIn(role)).cookie;
  categoryId = (await createCategory(t.database.db, { name: "Matrix category" })).id;
  spareCategoryId = (await createCategory(t.database.db, { name: "Matrix spare" })).id;
  tagId = (await createTag(t.database.db, { name: "Matrix tag" })).id;
  businessId = (await createBusiness(t.database.db, { name: "Matrix business", categoryId })).id;
});

const business = () => ({ name: "Matrix business", categoryId, lat: 43.1, lng: -79.1, tags: [tagId] });

const routes = (): Array<{ name: string; method: string; path: string; json?: unknown; ok: number }> => [
  { name: "list businesses (admin)", method: "GET", path: "/api/v1/admin/businesses", ok: 200 },
  { name: "add a business", method: "POST", path: "/api/v1/businesses", json: { ...business(), name: "Matrix new" }, ok: 201 },
  { name: "update a business", method: "PUT", path: `/api/v1/businesses/${businessId}`, json: business(), ok: 200 },
  { name: "add a category", method: "POST", path: "/api/v1/categories", json: { name: "Matrix added", color: "#123456" }, ok: 201 },
  { name: "update a category", method: "PUT", path: `/api/v1/categories/${categoryId}`, json: { name: "Matrix category", color: "#654321" }, ok: 200 },
  { name: "add a category (plain)", method: "POST", path: "/api/addCategory", json: { name: "Matrix plain", description: "d", hex_color: "#abcdef" }, ok: 201 },
  { name: "add a tag", method: "POST", path: "/api/v1/tags", json: { name: "Matrix new tag" }, ok: 201 },
  { name: "rename a tag", method: "PUT", path: `/api/v1/tags/${tagId}`, json: { name: "Matrix tag" }, ok: 200 },
  { name: "delete a business", method: "DELETE", path: `/api/v1/businesses/${businessId}`, ok: 204 },
  { name: "delete a category", method: "DELETE", path: `/api/v1/categories/${spareCategoryId}`, ok: 204 },
  { name: "delete a tag", method: "DELETE", path: `/api/v1/tags/${tagId}`, ok: 204 },
];

describe("markers, categories and tags API access", () => {
  it("refuses visitors who are not signed in with 401, and changes nothing", async () => {
    for (const route of routes()) {
      const response = await t.request(route.path, { method: route.method, json: route.json });
      expect(response.status, route.name).toBe(401);
    }
    expect((await t.services.businesses.get(businessId)).tags).toEqual([]);
  });

  for (const role of ["user", "business"] as const) {
    it(`refuses a signed-in ${role} with 403, even with an invalid body`, async () => {
      // Anyone signed in may propose a new listing instead (tests/integration/owner-authorization.int.test.ts).
      for (const route of routes().filter((r) => r.name !== "add a business")) {
        const response = await t.request(route.path, { method: route.method, json: route.json, cookie: cookies[role] });
        expect(response.status, route.name).toBe(403);
        if (route.json === undefined) continue;
        const invalid = await t.request(route.path, { method: route.method, json: { nonsense: true }, cookie: cookies[role] });
        expect(invalid.status, `${route.name} (invalid body)`).toBe(403);
      }
      const names = (await t.services.categories.list()).map((c) => c.name);
      expect(names).not.toContain("Matrix added");
      expect(names).not.toContain("Matrix plain");
    });
  }

  it("lets everyone read the categories through the plain GET /api/getCategories", async () => {
    const response = await t.request("/api/getCategories");
    expect(response.status).toBe(200);
    expect(await response.json()).toContainEqual({ id: categoryId, name: "Matrix category", description: null, hex_color: expect.any(String) });
  });

  it("lets an administrator do each of them", async () => {
    for (const route of routes()) {
      const response = await t.request(route.path, { method: route.method, json: route.json, cookie: cookies.admin });
      expect(response.status, `${route.name}: ${response.status === route.ok ? "" : await response.text()}`).toBe(route.ok);
    }
  });
});
