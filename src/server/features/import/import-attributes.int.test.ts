// The attributes' CSV columns: exported as a yes/no column per attribute headed by its slug, read back unchanged,
// read from yes/no, true/false, 1/0 or blank (no) under its slug or its label, and refused beside the cell otherwise.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createBusiness, createCategory } from "#server/db/factories.ts";
import type { ImportPreview } from "#shared/schemas/data-import.ts";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn("admin")).cookie;
});
afterAll(() => t.close());

beforeEach(async () => {
  const db = t.database.db;
  await db.deleteFrom("data_import").execute();
  await db.deleteFrom("business").execute();
  await db.deleteFrom("category").execute();
  const food = await createCategory(db, { name: "Food & Drink" });
  await createBusiness(db, { name: "Ramp Café", categoryId: food.id, address: "1 Queen St", lat: 43.1, lng: -79.07, attributes: JSON.stringify(["step-free-entrance", "patio"]) });
  await createBusiness(db, { name: "Stair Books", categoryId: food.id, address: "2 Queen St", lat: 43.1, lng: -79.07 });
});

const exported = async () => (await t.request("/api/v1/exports/businesses.csv", { cookie: admin })).text();
async function preview(csv: string) {
  const response = await t.request("/api/v1/imports", { method: "POST", body: csv, headers: { "Content-Type": "text/csv" }, cookie: admin });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as ImportPreview;
}
async function apply(id: string) {
  const response = await t.request(`/api/v1/imports/${id}/apply`, { method: "POST", cookie: admin });
  expect(response.status, await response.clone().text()).toBe(200);
}
async function attributesOf(name: string) {
  const { id } = await t.database.db.selectFrom("business").select("id").where("name", "=", name).executeTakeFirstOrThrow();
  return ((await (await t.request(`/api/v1/businesses/${id}`)).json()) as { attributes: string[] }).attributes;
}

describe("attributes in CSV", () => {
  it("exports a yes/no column per attribute, headed by its slug, that imports back unchanged", async () => {
    const csv = await exported();
    const [head, ...lines] = csv.replace(/^\uFEFF/, "").trim().split(/\r?\n/);
    expect(head!.endsWith(",step-free-entrance,wheelchair-accessible-washroom,accessible-parking-nearby,hearing-loop,gender-neutral-washroom,free-wifi,patio,pets-welcome,family-friendly-washroom")).toBe(true);
    expect(lines.find((l) => l.includes("Ramp Café"))!.endsWith(",yes,no,no,no,no,no,yes,no,no")).toBe(true);
    expect(lines.find((l) => l.includes("Stair Books"))!.endsWith(",no,no,no,no,no,no,no,no,no")).toBe(true);

    const back = await preview(csv);
    expect(back.summary).toEqual({ created: 0, updated: 0, unchanged: 2, errors: 0 });
    expect(back.mapping).toMatchObject({ "step-free-entrance": "step-free-entrance", "hearing-loop": "hearing-loop" });
  });

  it("keeps the attributes through an edited file: yes/no, true/false, 1/0 and blank, under slug or label; columns left out stay", async () => {
    const csv = ["Name,Address,Latitude,Longitude,Category,Step-free entrance,hearing-loop,Patio", "Ramp Café,1 Queen St,43.1,-79.07,Food & Drink,TRUE,1,", "Stair Books,2 Queen St,43.1,-79.07,Food & Drink,no,Yes,0"].join("\n");
    const result = await preview(csv);
    expect(result.summary).toEqual({ created: 0, updated: 2, unchanged: 0, errors: 0 });
    const ramp = result.rows.find((r) => r.cells.name === "Ramp Café")!;
    expect(ramp.changes).toEqual([
      { field: "hearing-loop", from: "no", to: "yes" },
      { field: "patio", from: "yes", to: "no" },
    ]);
    await apply(result.id);
    expect(await attributesOf("Ramp Café")).toEqual(["step-free-entrance", "hearing-loop"]);
    expect(await attributesOf("Stair Books")).toEqual(["hearing-loop"]);

    // Exported again and read back: nothing to change.
    expect((await preview(await exported())).summary).toEqual({ created: 0, updated: 0, unchanged: 2, errors: 0 });
  });

  it("refuses a cell that is not yes or no, beside it", async () => {
    const csv = ["Name,Address,Latitude,Longitude,Category,free-wifi", "Ramp Café,1 Queen St,43.1,-79.07,Food & Drink,sometimes"].join("\n");
    const row = (await preview(csv)).rows[0]!;
    expect(row.status).toBe("error");
    expect(row.errors["free-wifi"]).toBe("Free Wi-Fi: write yes or no (or true/false, 1/0; blank is no).");
  });
});
