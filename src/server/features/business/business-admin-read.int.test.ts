// The administrators' read of one business (GET /api/v1/admin/businesses/{id}), which the Markers tab's edit form
// starts from now that the tab's rows send only what they show: who may read it, and that it has what only
// administrators see.
import { describe, expect, it } from "vitest";
import { createBusiness } from "#server/db/factories.ts";
import { setUp, setUpSignIn, setUpTestApp } from "#tests/setup/app.ts";
import { signInOwnerOf } from "#tests/setup/owners.ts";

const t = setUpTestApp();
const admin = setUpSignIn(t, "admin");
const plainUser = setUpSignIn(t, "user");
const fixture = setUp(async () => {
  const a = await createBusiness(t.database.db, { name: "Admin read A", logoStoragePath: "logos/admin-read-a.webp" });
  const b = await createBusiness(t.database.db, { name: "Admin read B" });
  return { a, ownerA: await signInOwnerOf(t, admin.cookie, a.id), ownerB: await signInOwnerOf(t, admin.cookie, b.id) };
});

describe("an administrator's read of one business", () => {
  it("is the administrators' alone: not anonymous, a plain user, its own owner or another's", async () => {
    const path = `/api/v1/admin/businesses/${fixture.a.id}`;
    const got: Record<string, number> = {};
    const who = { anonymous: undefined, user: plainUser.cookie, ownerA: fixture.ownerA.cookie, ownerB: fixture.ownerB.cookie, admin: admin.cookie };
    for (const [name, cookie] of Object.entries(who)) got[name] = (await t.request(path, { cookie })).status;
    expect(got).toEqual({ anonymous: 401, user: 403, ownerA: 403, ownerB: 403, admin: 200 });
  });

  it("has the business as the admin list has it, its stored logo path included; an unknown id is the spec's 404", async () => {
    const response = await t.request(`/api/v1/admin/businesses/${fixture.a.id}`, { cookie: admin.cookie });
    const business = (await response.json()) as { id: string; name: string; logoStoragePath: string | null };
    expect(business).toMatchObject({ id: fixture.a.id, name: "Admin read A", logoStoragePath: "logos/admin-read-a.webp" });
    const listed = (await (await t.request(`/api/v1/admin/businesses?q=${encodeURIComponent("Admin read A")}`, { cookie: admin.cookie })).json()) as { items: unknown[] };
    expect(listed.items).toEqual([business]);
    const missing = await t.request("/api/v1/admin/businesses/no-such-business", { cookie: admin.cookie });
    expect(missing.status).toBe(404);
    expect(JSON.stringify(await missing.json())).toContain("Business not found.");
  });
});
