// Every admin API route of the Users, Pages and Recent changes tabs, called as each kind of visitor:
// only an administrator gets through, whatever the request carries.
import { beforeAll, describe, expect, it } from "vitest";
import { createPage, createUser } from "#server/db/factories.ts";
import type { Role } from "#shared/constants.ts";
import { setUpTestApp } from "../setup/app.ts";

const t = setUpTestApp();
const cookies: Partial<Record<Role, string>> = {};
let pageId: string;
let pageSlug: string;
let userId: string;
beforeAll(async () => {
  for (const role of ["user", "business", "admin"] as const) cookies[role] = (await t.signIn(role)).cookie;
  ({ id: pageId, slug: pageSlug } = await createPage(t.database.db, { name: "Matrix page" }));
  userId = (await createUser(t.database.db)).id;
});

const validPage = { name: "Opening hours", permission: "public", contentFormat: "html", content: "<p>9 to 5</p>" };

const routes = (): Array<{ name: string; method: string; path: string; json?: unknown; ok: number }> => [
  { name: "list users", method: "GET", path: "/api/v1/users", ok: 200 },
  { name: "change a role", method: "PUT", path: `/api/v1/users/${userId}/role`, json: { role: "business" }, ok: 200 },
  { name: "list pages", method: "GET", path: "/api/v1/pages", ok: 200 },
  { name: "read a page for editing", method: "GET", path: `/api/v1/pages/${pageId}`, ok: 200 },
  { name: "add a page", method: "POST", path: "/api/v1/pages", json: validPage, ok: 201 },
  { name: "update a page", method: "PUT", path: `/api/v1/pages/${pageId}`, json: { ...validPage, name: "Matrix page" }, ok: 200 },
  { name: "read recent changes", method: "GET", path: "/api/v1/audit-log", ok: 200 },
  { name: "delete a page", method: "DELETE", path: `/api/v1/pages/${pageId}`, ok: 204 },
];

describe("admin API access", () => {
  it("refuses visitors who are not signed in with 401, and changes nothing", async () => {
    for (const route of routes()) {
      const response = await t.request(route.path, { method: route.method, json: route.json });
      expect(response.status, `${route.name}`).toBe(401);
    }
    expect((await t.services.pages.view(null, pageSlug)).name).toBe("Matrix page");
  });

  for (const role of ["user", "business"] as const) {
    it(`refuses a signed-in ${role} with 403, even with an invalid body`, async () => {
      for (const route of routes()) {
        const response = await t.request(route.path, { method: route.method, json: route.json, cookie: cookies[role] });
        expect(response.status, `${route.name}`).toBe(403);
        if (route.json === undefined) continue;
        const invalid = await t.request(route.path, { method: route.method, json: { nonsense: true }, cookie: cookies[role] });
        expect(invalid.status, `${route.name} (invalid body)`).toBe(403);
      }
      const user = (await t.services.users.list(await admin(), { page: 1, pageSize: 200 })).items.find((u) => u.id === userId);
      expect(user?.role).toBe("user");
    });
  }

  it("lets an administrator do each of them", async () => {
    for (const route of routes()) {
      const response = await t.request(route.path, { method: route.method, json: route.json, cookie: cookies.admin });
      expect(response.status, `${route.name}: ${response.status === route.ok ? "" : await response.text()}`).toBe(route.ok);
    }
  });
});

async function admin() {
  const me = await t.request("/api/v1/me", { cookie: cookies.admin });
  return me.json();
}
