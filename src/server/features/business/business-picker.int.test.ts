// The administrators' business pickers (the Events and Offers tabs): the businesses found by name 20 at a time
// (GET /api/v1/admin/businesses?q=), and the names of those a page's forms have chosen (GET /api/v1/admin/business-names).
import { describe, expect, it } from "vitest";
import { createBusiness } from "#server/db/factories.ts";
import { setUp, setUpSignIn, setUpTestApp } from "#tests/setup/app.ts";
import { signInOwnerOf } from "#tests/setup/owners.ts";

const t = setUpTestApp();
const admin = setUpSignIn(t, "admin");
const plainUser = setUpSignIn(t, "user");
const fixture = setUp(async () => {
  const made = [];
  for (let i = 0; i < 25; i++) made.push(await createBusiness(t.database.db, { name: `Picker Bakery ${String(i).padStart(2, "0")}` }));
  const other = await createBusiness(t.database.db, { name: "Picker Florist" });
  return { made, other, ownerA: await signInOwnerOf(t, admin.cookie, made[0]!.id), ownerB: await signInOwnerOf(t, admin.cookie, other.id) };
});

describe("the administrators' business picker", () => {
  it("is the administrators' alone: not anonymous, a plain user, an owner of either business", async () => {
    const who = { anonymous: undefined, user: plainUser.cookie, ownerA: fixture.ownerA.cookie, ownerB: fixture.ownerB.cookie, admin: admin.cookie };
    for (const path of [`/api/v1/admin/business-names?ids=${fixture.other.id}`, "/api/v1/admin/businesses?q=Picker&pageSize=20"]) {
      const got: Record<string, number> = {};
      for (const [name, cookie] of Object.entries(who)) got[name] = (await t.request(path, { cookie })).status;
      expect(got, path).toEqual({ anonymous: 401, user: 403, ownerA: 403, ownerB: 403, admin: 200 });
    }
  });

  it("finds businesses by part of their name 20 at a time, the next page on asking", async () => {
    const page = async (n: number) =>
      (await (await t.request(`/api/v1/admin/businesses?q=${encodeURIComponent("picker bak")}&page=${n}&pageSize=20`, { cookie: admin.cookie })).json()) as { items: Array<{ name: string }>; total: number };
    const first = await page(1);
    expect(first.total).toBe(25);
    expect(first.items.map((b) => b.name)).toEqual(Array.from({ length: 20 }, (_, i) => `Picker Bakery ${String(i).padStart(2, "0")}`));
    expect((await page(2)).items.map((b) => b.name)).toEqual(["Picker Bakery 20", "Picker Bakery 21", "Picker Bakery 22", "Picker Bakery 23", "Picker Bakery 24"]);
  });

  it("names the chosen businesses, by name, leaving out ids no longer stored; a bad list is refused beside its parameter", async () => {
    const ids = [fixture.other.id, fixture.made[3]!.id, "gone-business", fixture.other.id].join(",");
    const response = await t.request(`/api/v1/admin/business-names?ids=${ids}`, { cookie: admin.cookie });
    expect(await response.json()).toEqual({
      items: [
        { id: fixture.made[3]!.id, name: "Picker Bakery 03" },
        { id: fixture.other.id, name: "Picker Florist" },
      ],
    });
    const tooMany = await t.request(`/api/v1/admin/business-names?ids=${Array.from({ length: 101 }, (_, i) => `id${i}`).join(",")}`, { cookie: admin.cookie });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(await tooMany.json())).toContain("at most 100 ids");
  });
});
