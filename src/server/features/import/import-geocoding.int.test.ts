// Rows without coordinates are looked up in the background through the cached geocoder (a local fake here), the job
// picks up where it stopped after a restart, and rows it could not place can be fixed before applying.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCategory } from "#server/db/factories.ts";
import { importMessages, type ImportPreview } from "#shared/schemas/data-import.ts";
import { setUpAppWithFakeGeo } from "#tests/setup/geo.ts";

const { t } = setUpAppWithFakeGeo();
let admin: string;
beforeAll(async () => {
  admin = (await t.signIn("admin")).cookie;
  await createCategory(t.database.db, { name: "Shops" });
});
// Before the app closes.
afterAll(() => t.services.importGeocoder.stop());

const csv = [
  "Name,Category,Address,Latitude,Longitude",
  "Placed Shop,Shops,1 Main St,43.1,-79.1",
  "Corner Store,Shops,10 Queen St,,",
  "Lost Shop,Shops,1 Nowhere Lane,,",
  "Bridge Books,Shops,20 Bridge St,,",
].join("\n");

async function preview(id: string) {
  return (await (await t.request(`/api/v1/imports/${id}`, { cookie: admin })).json()) as ImportPreview;
}

describe("geocoding imported rows", () => {
  it("waits while the job is not running, then resumes, places what it can and lists the rest as fixable", async () => {
    const created = await t.request("/api/v1/imports", { method: "POST", body: csv, headers: { "Content-Type": "text/csv" }, cookie: admin });
    const first = (await created.json()) as ImportPreview;
    expect(first.geocoding).toEqual({ total: 3, done: 0, failed: 0, pending: 3 });
    const progress = async () => (await t.request(`/api/v1/imports/${first.id}/geocoding`, { cookie: admin })).json();
    expect(await progress()).toEqual({ total: 3, done: 0, failed: 0, pending: 3 });
    // Applying waits for the addresses.
    const early = await t.request(`/api/v1/imports/${first.id}/apply`, { method: "POST", cookie: admin });
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: { message: string } }).error.message).toBe("Some addresses are still being looked up. Apply once geocoding has finished.");

    // As after a restart: the job starts and finds the rows still waiting in the database.
    t.services.importGeocoder.start();
    await t.services.importGeocoder.idle();
    const done = await preview(first.id);
    expect(done.geocoding).toEqual({ total: 3, done: 2, failed: 1, pending: 0 });
    expect(await progress()).toEqual(done.geocoding);
    expect((await t.request(`/api/v1/imports/${first.id}/geocoding`, { cookie: (await t.signIn("user")).cookie })).status).toBe(403);
    expect((await t.request("/api/v1/imports/nope/geocoding", { cookie: admin })).status).toBe(404);
    expect(done.summary).toEqual({ created: 3, updated: 0, unchanged: 0, errors: 1 });
    const lost = done.rows.find((r) => r.cells.name === "Lost Shop")!;
    expect(lost.errors.address).toBe("The address could not be found on the map. Correct it or enter the latitude and longitude.");
    const corner = done.rows.find((r) => r.cells.name === "Corner Store")!;
    expect(Number(corner.cells.latitude)).toBeGreaterThan(43);

    // Fixing the row by hand clears its error, and the import applies.
    const fixed = await t.request(`/api/v1/imports/${first.id}/rows/${lost.line}`, { method: "PUT", json: { cells: { latitude: "43.11", longitude: "-79.06" } }, cookie: admin });
    expect(fixed.status).toBe(200);
    expect(((await fixed.json()) as ImportPreview).summary).toEqual({ created: 4, updated: 0, unchanged: 0, errors: 0 });
    const applied = await t.request(`/api/v1/imports/${first.id}/apply`, { method: "POST", cookie: admin });
    expect(applied.status).toBe(200);
    const names = (await t.services.businesses.list()).map((b) => [b.name, b.coordinates.lat]);
    expect(names).toContainEqual(["Lost Shop", 43.11]);
    expect(names).toContainEqual(["Corner Store", Number(corner.cells.latitude)]);
  });

  it("looks a corrected address up again", async () => {
    const created = (await (await t.request("/api/v1/imports", { method: "POST", body: "Name,Category,Address\nTypo Shop,Shops,1 Nowhere Rd\n", headers: { "Content-Type": "text/csv" }, cookie: admin })).json()) as ImportPreview;
    await t.services.importGeocoder.idle();
    expect((await preview(created.id)).geocoding.failed).toBe(1);
    const response = await t.request(`/api/v1/imports/${created.id}/rows/2`, { method: "PUT", json: { cells: { address: "2 Erie Ave" } }, cookie: admin });
    expect(((await response.json()) as ImportPreview).geocoding.pending).toBe(1);
    await t.services.importGeocoder.idle();
    const after = await preview(created.id);
    expect(after.geocoding).toMatchObject({ done: 1, failed: 0, pending: 0 });
    expect(after.summary.errors).toBe(0);
  });

  it("says when the map service could not be reached, apart from an address it could not find, and asks again once the row is saved", async () => {
    const created = (await (await t.request("/api/v1/imports", { method: "POST", body: "Name,Category,Address\nDown Shop,Shops,1 upstream-down Rd\n", headers: { "Content-Type": "text/csv" }, cookie: admin })).json()) as ImportPreview;
    await t.services.importGeocoder.idle();
    const down = await preview(created.id);
    expect(down.geocoding).toMatchObject({ done: 0, failed: 1, pending: 0 });
    expect(down.rows[0]!.errors.address).toBe(importMessages.geocodeUnavailable);
    const again = await t.request(`/api/v1/imports/${created.id}/rows/2`, { method: "PUT", json: { cells: { address: "2 Erie Ave" } }, cookie: admin });
    expect(again.status).toBe(200);
    await t.services.importGeocoder.idle();
    const placed = await preview(created.id);
    expect(placed.rows[0]!.errors).toEqual({});
    expect(Number(placed.rows[0]!.cells.latitude)).toBeGreaterThan(43);
  });
});
