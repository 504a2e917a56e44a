// The clean-up of the map's change marks: the marks of deleted businesses are cleared, and an index read before the
// clearing still drops the business deleted (it is read whole once), then follows later writes as before.
import { describe, expect, it } from "vitest";
import { createBusiness } from "#server/db/factories.ts";
import { setUp, setUpSignIn, setUpTestApp } from "#tests/setup/app.ts";
import { CLEARED_ROW, MapChangeRepository } from "./map-change.repository.ts";

const t = setUpTestApp({ env: { MAP_STYLE_URL: "offline" } });
const admin = setUpSignIn(t, "admin");
const TOWN = [-79.2, 43.0, -78.9, 43.3].join(",");

const world = setUp(async () => {
  const businesses = [];
  for (let i = 0; i < 6; i++) businesses.push(await createBusiness(t.database.db, { name: `Gamma ${i}`, lat: 43.1 + i * 0.002, lng: -79.05 }));
  return { businesses };
});

/** The businesses the map lists in the town, and how many its index counts there. */
async function listed(): Promise<{ total: number; names: string[] }> {
  const response = await t.request(`/api/v1/geo/in-view?bbox=${TOWN}&limit=100`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { total: number; businesses: Array<{ name: string }> };
  return { total: body.total, names: body.businesses.map((b) => b.name) };
}

const marks = async () => (await t.database.db.selectFrom("map_change").select("businessId").execute()).map((row) => row.businessId);

describe("the map's change marks of deleted businesses", () => {
  it("are cleared, and an index read before still leaves the deleted business out and sees later writes", async () => {
    const [gone, goneToo] = world.businesses;
    expect(await listed()).toEqual({ total: 6, names: ["Gamma 0", "Gamma 1", "Gamma 2", "Gamma 3", "Gamma 4", "Gamma 5"] });
    for (const business of [gone!, goneToo!]) expect((await t.request(`/api/v1/businesses/${business.id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(204);
    expect(await marks()).toEqual(expect.arrayContaining([gone!.id, goneToo!.id]));

    const changes = new MapChangeRepository(t.database.db);
    expect(await changes.clearGone()).toBe(2);
    const left = await marks();
    expect(left).not.toContain(gone!.id);
    expect(left).not.toContain(goneToo!.id);
    expect(left).toContain(CLEARED_ROW);
    expect(await changes.clearGone()).toBe(0);

    // The app's index was read before the deletions and the clearing.
    expect(await listed()).toEqual({ total: 4, names: ["Gamma 2", "Gamma 3", "Gamma 4", "Gamma 5"] });
    await createBusiness(t.database.db, { name: "Gamma 6", lat: 43.12, lng: -79.05 });
    expect(await listed()).toEqual({ total: 5, names: ["Gamma 2", "Gamma 3", "Gamma 4", "Gamma 5", "Gamma 6"] });
  });
});
