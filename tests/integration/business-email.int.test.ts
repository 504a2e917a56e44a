// A business's optional public e-mail address through the API: validated as an address, stored, answered and
// described in the OpenAPI document (the business page's link and JSON-LD are checked in tests/e2e/admin-forms.spec.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { createCategory } from "#server/db/factories.ts";
import { setUpTestApp } from "../setup/app.ts";

const t = setUpTestApp();
let admin: string;
let categoryId: string;
beforeAll(async () => {
  admin = (await t.signIn("admin")).cookie;
  categoryId = (await createCategory(t.database.db, { name: "Email category" })).id;
});

const body = (email: unknown) => ({ name: `Inkwell ${Math.random()}`, categoryId, lat: 43.1, lng: -79.1, tags: [], email });

describe("a business's e-mail address", () => {
  it("is refused beside the field when it is not an address, and nothing is stored", async () => {
    const before = (await t.services.businesses.list({})).length;
    for (const email of ["inkwell", "a@", "@example.com", "two words@example.com"]) {
      const response = await t.request("/api/v1/businesses", { method: "POST", json: body(email), cookie: admin });
      expect(response.status, email).toBe(400);
      const answer = (await response.json()) as { error: { fields: Record<string, string> } };
      expect(answer.error.fields.email, email).toBe("Email must be an email address, like name@example.com.");
    }
    expect((await t.services.businesses.list({})).length).toBe(before);
  });

  it("is stored, answered by the API, and may be cleared", async () => {
    const created = await t.request("/api/v1/businesses", { method: "POST", json: body("  hello@inkwell.example "), cookie: admin });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const read = (await (await t.request(`/api/v1/businesses/${id}`)).json()) as { email: string | null };
    expect(read.email).toBe("hello@inkwell.example");

    const cleared = await t.request(`/api/v1/businesses/${id}`, { method: "PUT", json: { ...body(""), name: "Inkwell" }, cookie: admin });
    expect(cleared.status).toBe(200);
    expect(((await (await t.request(`/api/v1/businesses/${id}`)).json()) as { email: string | null }).email).toBeNull();
  });

  it("is described on the business in the OpenAPI document", async () => {
    const document: unknown = await (await t.request("/api/v1/openapi.json")).json();
    // Every object schema in the document whose properties are a business's: it must list `email`.
    const businesses: Array<Record<string, unknown>> = [];
    const walk = (node: unknown) => {
      if (!node || typeof node !== "object") return;
      const properties = (node as { properties?: Record<string, unknown> }).properties;
      if (properties && "coordinates" in properties && "phone" in properties) businesses.push(properties);
      for (const value of Object.values(node)) walk(value);
    };
    walk(document);
    expect(businesses.length).toBeGreaterThan(0);
    for (const properties of businesses) expect(properties).toHaveProperty("email");
  });
});
