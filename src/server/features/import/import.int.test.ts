// Importing businesses from CSV and exporting businesses, events and offers, over HTTP as an administrator's client
// does it: the preview, apply all-or-nothing, undo, the round trip, and who may do any of it.
import { sql } from "kysely";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildBusiness, createBusiness, createCategory, createEvent, createOffer, createTag } from "#server/db/factories.ts";
import type { Business } from "#shared/schemas/business.ts";
import type { ImportPreview } from "#shared/schemas/data-import.ts";
import type { CurrentUser } from "#server/auth/session.ts";
import { makeImage } from "#tests/fixtures/images.ts";
import { setUpTestApp } from "#tests/setup/app.ts";

const t = setUpTestApp();
let admin: string;
let user: string;
let food: { id: string; name: string };
beforeAll(async () => {
  admin = (await t.signIn("admin")).cookie;
  user = (await t.signIn("user")).cookie;
});

beforeEach(async () => {
  // Each test starts from its own small directory.
  const db = t.database.db;
  await db.deleteFrom("data_import").execute();
  await db.deleteFrom("business").execute();
  await db.deleteFrom("tag").execute();
  await db.deleteFrom("category").execute();
  await db.deleteFrom("audit_log").execute();
  food = await createCategory(db, { name: "Food & Drink" });
  const patio = await createTag(db, { name: "Patio" });
  const local = await createTag(db, { name: "Local" });
  await createBusiness(db, { name: "Queen Street Bakery", categoryId: food.id, address: "1 Queen St", description: "Bread, \"buns\"\nand cakes", email: "hi@bakery.example", tagIds: [patio.id, local.id] });
  await createBusiness(db, { name: "=HYPERLINK(\"http://evil.example\",\"Click\")", categoryId: food.id, address: "2 Queen St", description: "-5% on Mondays", tagIds: [] });
  await createBusiness(db, { name: "Orphan Books", categoryId: null, address: "3 Queen St", website: null, phone: null });
});

async function importCsv(csv: string, query = "", cookie = admin) {
  return t.request(`/api/v1/imports${query}`, { method: "POST", body: csv, headers: { "Content-Type": "text/csv" }, cookie });
}

async function exportBusinesses(cookie = admin) {
  return t.request("/api/v1/exports/businesses.csv", { cookie });
}

async function businessCount() {
  const row = await t.database.db.selectFrom("business").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

const header = "Name,Category,Address,Latitude,Longitude,Tags";

async function preview(csv: string, query = "") {
  const response = await importCsv(csv, query);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as ImportPreview;
}

async function act(id: string, action: "apply" | "undo") {
  const response = await t.request(`/api/v1/imports/${id}/${action}`, { method: "POST", cookie: admin });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as ImportPreview;
}

async function businessNamed(name: string): Promise<Business> {
  const { id } = await t.database.db.selectFrom("business").select("id").where("name", "=", name).executeTakeFirstOrThrow();
  return (await (await t.request(`/api/v1/businesses/${id}`)).json()) as Business;
}

/** Saves the business as the admin's business form does, with some fields changed. */
async function editBusiness(business: Business, changes: Partial<Omit<Business, "id" | "coordinates">>) {
  const { id, coordinates, ...values } = business;
  const response = await t.request(`/api/v1/businesses/${id}`, { method: "PUT", json: { ...values, lat: coordinates.lat, lng: coordinates.lng, ...changes }, cookie: admin });
  expect(response.status, await response.clone().text()).toBe(200);
}

describe("exporting", () => {
  it("writes every business with its category and tags by name, neutralising formula-like text", async () => {
    const response = await exportBusinesses();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toMatch(/attachment; filename="businesses-\d{4}-\d{2}-\d{2}\.csv"/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    // UTF-8 with a byte-order mark, so Excel reads the accents right.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.startsWith("id,name,category,description,address,website,phone,email,priceRange,latitude,longitude,tags,logo_url")).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(text).toContain("'-5% on Mondays");
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
    expect(text).toContain("Food & Drink");
    expect(text).toContain("Local; Patio");
  });

  it("writes events and offers with the names of their businesses", async () => {
    const business = await t.database.db.selectFrom("business").select(["id", "name"]).where("name", "=", "Queen Street Bakery").executeTakeFirstOrThrow();
    await createEvent(t.database.db, { name: "@Bake-off", location: business.id });
    await createOffer(t.database.db, { businessId: business.id, businessName: business.name, description: "+1 free bun" });
    const events = await (await t.request("/api/v1/exports/events.csv", { cookie: admin })).text();
    expect(events).toContain("'@Bake-off,");
    expect(events).toContain(",Queen Street Bakery,");
    const offers = await (await t.request("/api/v1/exports/offers.csv", { cookie: admin })).text();
    expect(offers).toContain("Queen Street Bakery");
    expect(offers).toContain("'+1 free bun");
  });
});

describe("the preview", () => {
  it("previews an exported file as 0 new, 0 updated and changes nothing", async () => {
    const csv = await (await exportBusinesses()).text();
    const response = await importCsv(csv, "?fileName=members.csv");
    expect(response.status, await response.clone().text()).toBe(201);
    const preview = (await response.json()) as ImportPreview;
    expect(preview.summary).toEqual({ created: 0, updated: 0, unchanged: 3, errors: 0 });
    expect(preview.fileName).toBe("members.csv");
    expect(preview.rows.map((r) => r.status)).toEqual(["unchanged", "unchanged", "unchanged"]);
    expect(preview.mapping).toMatchObject({ id: "id", name: "name", latitude: "latitude", logo_url: "", created_at: "" });
    expect(await businessCount()).toBe(3);
  });

  it("shows one changed description as one update, with the old and the new text", async () => {
    const csv = (await (await exportBusinesses()).text()).replace('"Bread, ""buns""\nand cakes"', "Fresh bread daily");
    const preview = (await (await importCsv(csv)).json()) as ImportPreview;
    expect(preview.summary).toEqual({ created: 0, updated: 1, unchanged: 2, errors: 0 });
    const row = preview.rows.find((r) => r.status === "update")!;
    expect(row.changes).toEqual([{ field: "description", from: 'Bread, "buns"\nand cakes', to: "Fresh bread daily" }]);
  });

  it("matches rows without ids on name and address, flags duplicates and marks each cell at fault", async () => {
    const csv = [
      header,
      "queen street bakery,Food & Drink,1 Queen St.,43.1,-79.1,Patio; Local", // matches the bakery
      "New Cafe,Food & Drink,9 King St,43.2,-79.2,Patio",
      "New Cafe,Food & Drink,9 King St,43.2,-79.2,Patio",
      "Shoe Shop,Shoes,5 King St,abc,-79.2,Sale",
      ",Food & Drink,6 King St,43.2,-79.2,",
    ].join("\n");
    const preview = (await (await importCsv(csv)).json()) as ImportPreview;
    expect(preview.summary).toEqual({ created: 1, updated: 1, unchanged: 0, errors: 3 });
    const [bakery, cafe, duplicate, shoes, nameless] = preview.rows;
    expect(bakery!.status).toBe("update");
    expect(bakery!.changes.map((c) => c.field)).toEqual(["name", "address", "latitude", "longitude"]);
    expect(bakery!.changes[0]).toEqual({ field: "name", from: "Queen Street Bakery", to: "queen street bakery" });
    expect(cafe!.status).toBe("new");
    expect(duplicate!.errors).toEqual({ name: "The same business as row 3." });
    expect(shoes!.line).toBe(5);
    expect(shoes!.errors).toEqual({
      category: 'There is no category "Shoes". Tick "Create missing categories and tags" to add it.',
      tags: 'There is no tag "Sale". Tick "Create missing categories and tags" to add it.',
      latitude: "Must be a number.",
    });
    expect(nameless!.errors.name).toBeTruthy();
  });

  it("finds a business by name among thousands, wherever it sits in the table, and tells two of one name apart", async () => {
    // More businesses than are read in one page while matching names: the matches sit in the last page.
    const db = t.database.db;
    for (let done = 0; done < 2_500; done += 500) {
      await db.insertInto("business").values(Array.from({ length: 500 }, () => buildBusiness({ categoryId: food.id }))).execute();
    }
    await createBusiness(db, { id: "zzzz-last-business", name: "Last Lantern", categoryId: food.id, address: "80 Queen St" });
    await createBusiness(db, { id: "zzzz-twin-1", name: "Twin Shop", categoryId: food.id, address: "81 Queen St" });
    await createBusiness(db, { id: "zzzz-twin-2", name: "Twin Shop", categoryId: food.id, address: "82 Queen St" });
    const csv = ["Name,Category,Description", "LAST LANTERN,Food & Drink,Open late", "Twin Shop,Food & Drink,Which one?"].join("\n");
    const { rows } = await preview(csv);
    expect(rows[0]).toMatchObject({ status: "update", businessId: "zzzz-last-business" });
    expect(rows[0]!.changes.map((c) => c.field)).toEqual(["name", "description"]);
    expect(rows[1]!.errors.name).toBeTruthy();
  });

  it("accepts unknown categories and tags when asked to create them", async () => {
    const preview = (await (await importCsv(`${header}\nShoe Shop,Shoes,5 King St,43.2,-79.2,Sale; Patio`, "?createMissing=true")).json()) as ImportPreview;
    expect(preview.summary).toEqual({ created: 1, updated: 0, unchanged: 0, errors: 0 });
    expect(preview.missingCategories).toEqual(["Shoes"]);
    expect(preview.missingTags).toEqual(["Sale"]);
  });

  it("reads a semicolon-separated Windows-1252 file sent as a form, and remembers the mapping chosen", async () => {
    const bytes = new Uint8Array([...new TextEncoder().encode("Raison sociale;Cat;Lat;Lng\nCaf"), 0xe9, ...new TextEncoder().encode(";Food & Drink;43.3;-79.3\n")]);
    const form = new FormData();
    form.set("file", new File([bytes], "membres.csv", { type: "text/csv" }));
    form.set("mapping", JSON.stringify({ "Raison sociale": "name", Cat: "category", Lat: "latitude", Lng: "longitude" }));
    const response = await t.request("/api/v1/imports", { method: "POST", body: form, cookie: admin });
    expect(response.status).toBe(201);
    const preview = (await response.json()) as ImportPreview;
    expect(preview).toMatchObject({ fileName: "membres.csv", encoding: "windows-1252", delimiter: "semicolon" });
    expect(preview.rows[0]!.cells.name).toBe("Café");
    expect(preview.summary.created).toBe(1);

    // The next file with the same headers is mapped the same way without being told.
    const next = (await (await importCsv("Raison sociale;Cat;Lat;Lng\nBoulangerie;Food & Drink;43.3;-79.3\n")).json()) as ImportPreview;
    expect(next.mapping["Raison sociale"]).toBe("name");
    expect(next.summary.created).toBe(1);
  });

  it("keeps a file whose names are in an unknown column, so that column can be mapped to Name", async () => {
    const created = (await (await importCsv("Raison sociale,Category,Latitude,Longitude\nCafé du Coin,Food & Drink,43.2,-79.2\n")).json()) as ImportPreview;
    expect(created.mapping["Raison sociale"]).toBe("");
    expect(created.summary).toEqual({ created: 0, updated: 0, unchanged: 0, errors: 1 });
    expect(created.rows[0]!.errors.name).toBeTruthy();
    const remapped = await t.request(`/api/v1/imports/${created.id}`, { method: "PUT", json: { mapping: { ...created.mapping, "Raison sociale": "name" } }, cookie: admin });
    expect(((await remapped.json()) as ImportPreview).summary).toEqual({ created: 1, updated: 0, unchanged: 0, errors: 0 });
  });

  it("refuses what it cannot read with a clear message, and stores nothing", async () => {
    const cases: Array<[BodyInit, number, RegExp]> = [
      [new Uint8Array([0x50, 0x4b, 3, 4, 0, 0, 0, 0]), 400, /spreadsheet workbook, not a CSV file/],
      [new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0, 1]), 400, /not a CSV file/],
      ["", 400, /empty/],
      ["Colour,Size\nred,big\n", 400, /None of the file's columns could be matched/],
      ["\n\n,,\n", 400, /empty|no header row/],
      [new Uint8Array(10 * 1024 * 1024 + 100_000).fill(0x41), 413, /larger than 10 MB/],
    ];
    for (const [body, status, message] of cases) {
      const response = await t.request("/api/v1/imports", { method: "POST", body, headers: { "Content-Type": "text/csv" }, cookie: admin });
      expect(response.status).toBe(status);
      expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(message);
    }
    const stored = await t.database.db.selectFrom("data_import").select("id").execute();
    expect(stored).toEqual([]);
  });
});

describe("apply and undo", () => {
  it("writes every row, names the import in the audit trail, and undo puts everything back", async () => {
    const csv = [
      header,
      "Queen Street Bakery,Food & Drink,1 Queen St,43.5,-79.5,Patio",
      "Shoe Shop,Shoes,5 King St,43.2,-79.2,Sale",
    ].join("\n");
    const before = await t.services.businesses.list();
    const preview = (await (await importCsv(csv, "?createMissing=true&fileName=spring.csv")).json()) as ImportPreview;
    expect(preview.summary).toEqual({ created: 1, updated: 1, unchanged: 0, errors: 0 });

    const applied = await t.request(`/api/v1/imports/${preview.id}/apply`, { method: "POST", cookie: admin });
    expect(applied.status).toBe(200);
    expect((await applied.json()) as ImportPreview).toMatchObject({ status: "applied", summary: { created: 1, updated: 1 } });
    const after = await t.services.businesses.list();
    expect(after).toHaveLength(4);
    const shoes = after.find((b) => b.name === "Shoe Shop")!;
    expect(shoes.category).toBe("Shoes");
    expect(after.find((b) => b.name === "Queen Street Bakery")!.coordinates).toEqual({ lat: 43.5, lng: -79.5 });
    // Businesses missing from the file are kept.
    expect(after.map((b) => b.name)).toContain("Orphan Books");
    const audit = await t.database.db.selectFrom("audit_log").select(["action", "summary"]).execute();
    expect(audit).toHaveLength(2);
    for (const entry of audit) expect(entry.summary).toContain(`import spring.csv, ${preview.id}`);

    // Applying twice is refused.
    expect((await t.request(`/api/v1/imports/${preview.id}/apply`, { method: "POST", cookie: admin })).status).toBe(409);

    const undone = await t.request(`/api/v1/imports/${preview.id}/undo`, { method: "POST", cookie: admin });
    expect(undone.status).toBe(200);
    expect(((await undone.json()) as ImportPreview).status).toBe("undone");
    const restored = await t.services.businesses.list();
    expect(restored.map(({ lastUpdatedAt: _l, ...b }) => b)).toEqual(before.map(({ lastUpdatedAt: _l, ...b }) => b));
    expect((await t.services.categories.list()).map((c) => c.name)).not.toContain("Shoes");
    expect((await t.services.tags.list()).map((tag) => tag.name)).not.toContain("Sale");
    expect((await t.request(`/api/v1/imports/${preview.id}/undo`, { method: "POST", cookie: admin })).status).toBe(409);
  });

  it("can be undone for 7 days only", async () => {
    const preview = (await (await importCsv(`${header}\nLate Shop,Food & Drink,9 Late St,43.2,-79.2,`)).json()) as ImportPreview;
    const applied = (await (await t.request(`/api/v1/imports/${preview.id}/apply`, { method: "POST", cookie: admin })).json()) as ImportPreview;
    expect(Date.parse(applied.undoUntil!) - Date.parse(applied.appliedAt!)).toBe(7 * 24 * 60 * 60 * 1000);
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000).toISOString();
    await t.database.db.updateTable("data_import").set({ appliedAt: eightDaysAgo }).where("id", "=", preview.id).execute();
    expect(((await (await t.request(`/api/v1/imports/${preview.id}`, { cookie: admin })).json()) as ImportPreview).undoUntil).toBeNull();
    const response = await t.request(`/api/v1/imports/${preview.id}/undo`, { method: "POST", cookie: admin });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe("An import can be undone for 7 days only.");
    expect((await t.services.businesses.list()).map((b) => b.name)).toContain("Late Shop");
  });

  it("refuses to apply while rows have errors", async () => {
    const preview = (await (await importCsv(`${header}\nShoe Shop,Shoes,5 King St,43.2,-79.2,`)).json()) as ImportPreview;
    const response = await t.request(`/api/v1/imports/${preview.id}/apply`, { method: "POST", cookie: admin });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe("1 row has errors. Fix them in the file or below, then apply again.");
    expect(await businessCount()).toBe(3);
  });

  it("leaves the database as it was when one row fails to be written", async () => {
    const db = t.database.db;
    // A database rule stands in for any write failure in the middle of the import.
    if (t.database.dialect === "postgres") {
      await sql`create or replace function refuse_boom() returns trigger language plpgsql as $$ begin if new.name = 'Boom' then raise exception 'refused'; end if; return new; end $$`.execute(db);
      await sql`create trigger refuse_boom before insert on business for each row execute function refuse_boom()`.execute(db);
    } else {
      await sql`create trigger refuse_boom before insert on business when new.name = 'Boom' begin select raise(abort, 'refused'); end`.execute(db);
    }
    try {
      const csv = [header, "Queen Street Bakery,Food & Drink,1 Queen St,44,-80,", "First New,Food & Drink,7 King St,43.2,-79.2,", "Boom,Food & Drink,8 King St,43.2,-79.2,"].join("\n");
      const before = await t.services.businesses.list();
      const preview = (await (await importCsv(csv)).json()) as ImportPreview;
      expect(preview.summary).toEqual({ created: 2, updated: 1, unchanged: 0, errors: 0 });
      const response = await t.request(`/api/v1/imports/${preview.id}/apply`, { method: "POST", cookie: admin });
      expect(response.status).toBe(409);
      expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/nothing was changed/);
      expect(await t.services.businesses.list()).toEqual(before);
      expect(await db.selectFrom("audit_log").select("id").execute()).toEqual([]);
      expect(((await (await t.request(`/api/v1/imports/${preview.id}`, { cookie: admin })).json()) as ImportPreview).status).toBe("preview");
    } finally {
      await sql`drop trigger refuse_boom ${t.database.dialect === "postgres" ? sql`on business` : sql``}`.execute(db);
    }
  });
});

describe("undo after later changes", () => {
  it("restores only the fields the import changed, leaving fields edited since the import as they are", async () => {
    const before = await businessNamed("Queen Street Bakery");
    const imported = await preview("Name,Address,Phone\nQueen Street Bakery,1 Queen St,905-555-0142\n");
    expect(imported.rows[0]!.changes).toEqual([{ field: "phone", from: before.phone, to: "905-555-0142" }]);
    await act(imported.id, "apply");
    await editBusiness(await businessNamed("Queen Street Bakery"), { description: "Sourdough every morning.", website: "https://bakery.example" });

    const undone = await act(imported.id, "undo");
    expect(undone.keptOnUndo).toEqual([]);
    expect(await businessNamed("Queen Street Bakery")).toMatchObject({ phone: before.phone, description: "Sourdough every morning.", website: "https://bakery.example" });
  });

  it("keeps a field the import changed that was changed again since, and says so in its answer", async () => {
    const before = await businessNamed("Queen Street Bakery");
    const imported = await preview("Name,Address,Phone,Email\nQueen Street Bakery,1 Queen St,905-555-0142,orders@bakery.example\n");
    await act(imported.id, "apply");
    await editBusiness(await businessNamed("Queen Street Bakery"), { phone: "905-555-0199" });

    const undone = await act(imported.id, "undo");
    expect(await businessNamed("Queen Street Bakery")).toMatchObject({ phone: "905-555-0199", email: before.email });
    expect(undone.keptOnUndo).toEqual([{ businessId: before.id, name: "Queen Street Bakery", fields: ["phone"], message: "Phone changed after the import, so it keeps its later value." }]);
    // The answer stays the same when the import is looked at again.
    expect(((await (await t.request(`/api/v1/imports/${imported.id}`, { cookie: admin })).json()) as ImportPreview).keptOnUndo).toEqual(undone.keptOnUndo);
  });

  it("keeps a business the import added once it has an offer or was edited, and deletes the others with their files", async () => {
    const csv = [header, "Offer Shop,Food & Drink,11 King St,43.2,-79.2,", "Edited Shop,Food & Drink,12 King St,43.2,-79.2,", "Plain Shop,Food & Drink,13 King St,43.2,-79.2,", "Logo Shop,Food & Drink,14 King St,43.2,-79.2,"].join("\n");
    const imported = await preview(csv);
    expect(imported.summary.created).toBe(4);
    await act(imported.id, "apply");
    const offerShop = await businessNamed("Offer Shop");
    const offer = await createOffer(t.database.db, { businessId: offerShop.id, businessName: offerShop.name, description: "Two for one" });
    const edited = await businessNamed("Edited Shop");
    await editBusiness(edited, { description: "Open late on Fridays." });
    // A stored logo file the business holds (set here without saving the business, so only the file tells it apart).
    const me = (await (await t.request("/api/v1/me", { cookie: admin })).json()) as CurrentUser;
    const logo = await t.services.files.upload({ user: me, kind: "logo", fileName: "logo.png", name: "Logo Shop", bytes: await makeImage("png", 300, 200) });
    await t.database.db.updateTable("business").set({ logoUrl: logo.url, logoStoragePath: logo.fullPath }).where("name", "=", "Logo Shop").execute();
    expect((await t.request(logo.url)).status).toBe(200);

    const undone = await act(imported.id, "undo");
    const names = (await t.services.businesses.list()).map((b) => b.name);
    expect(names).toEqual(expect.arrayContaining(["Offer Shop", "Edited Shop"]));
    expect(names).not.toContain("Plain Shop");
    expect(names).not.toContain("Logo Shop");
    expect((await t.request(logo.url)).status).toBe(404);
    const offers = (await (await t.request(`/api/v1/businesses/${offerShop.id}/offers`)).json()) as Array<{ id: string }>;
    expect(offers.map((o) => o.id)).toContain(offer.id);
    expect(await businessNamed("Edited Shop")).toMatchObject({ description: "Open late on Fridays." });
    const kept = "Added by this import and kept: it was changed afterwards, or now has offers, events, owners or photos. Delete it from the businesses list if it should go.";
    expect(undone.keptOnUndo.map(({ name, fields, message }) => ({ name, fields, message })).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: "Edited Shop", fields: [], message: kept },
      { name: "Offer Shop", fields: [], message: kept },
    ]);
  });
});

describe("reading the file as a spreadsheet shows it", () => {
  it("tells repeated column headers apart, so each column can be mapped on its own", async () => {
    const csv = `${header},Phone,Phone\nCorner Cafe,Food & Drink,9 King St,43.2,-79.2,,905-555-0001,905-555-0002\n`;
    const first = await preview(csv);
    expect(first.headers.slice(-2)).toEqual(["Phone", "Phone (2)"]);
    expect(first.mapping).toMatchObject({ Phone: "phone", "Phone (2)": "" });
    expect(first.rows[0]!.cells.phone).toBe("905-555-0001");

    const remapped = await t.request(`/api/v1/imports/${first.id}`, { method: "PUT", json: { mapping: { ...first.mapping, Phone: "", "Phone (2)": "phone" } }, cookie: admin });
    expect(remapped.status).toBe(200);
    expect(((await remapped.json()) as ImportPreview).rows[0]!.cells.phone).toBe("905-555-0002");
  });

  it("names a column without a header by its place, so it can be told apart and mapped", async () => {
    const csv = `${header},,\nCorner Cafe,Food & Drink,9 King St,43.2,-79.2,,905-555-0001,\n`;
    const first = await preview(csv);
    expect(first.headers.slice(-2)).toEqual(["Column 7", "Column 8"]);
    expect(first.mapping).toMatchObject({ Name: "name", "Column 7": "", "Column 8": "" });

    const remapped = await t.request(`/api/v1/imports/${first.id}`, { method: "PUT", json: { mapping: { ...first.mapping, "Column 7": "phone" } }, cookie: admin });
    expect(remapped.status).toBe(200);
    const read = (await remapped.json()) as ImportPreview;
    expect(read.mapping).toMatchObject({ "Column 7": "phone", "Column 8": "" });
    expect(read.rows[0]!.cells.phone).toBe("905-555-0001");
  });

  it("numbers each row by its line in the file, counting blank lines and lines inside quoted cells", async () => {
    const csv = [
      "Name,Category,Address,Latitude,Longitude,Description",
      "", // line 2, blank
      'First Shop,Food & Drink,1 King St,43.2,-79.2,"Two lines', // lines 3-4
      'of description"',
      ",,,,,", // line 5, nothing in it
      "Second Shop,Shoes,2 King St,43.2,-79.2,", // line 6
      "First Shop,Food & Drink,1 King St,43.2,-79.2,", // line 7
    ].join("\r\n");
    const read = await preview(csv);
    expect(read.rows.map((r) => r.line)).toEqual([3, 6, 7]);
    expect(read.rows[1]!.errors.category).toMatch(/no category "Shoes"/);
    expect(read.rows[2]!.errors.name).toBe("The same business as row 3.");
  });

  it("refuses a file with a stray quotation mark, naming its line, rather than read the rows after it as one cell", async () => {
    const csv = [header, "First Shop,Food & Drink,1 King St,43.2,-79.2,", '"Second Shop,Food & Drink,2 King St,43.2,-79.2,', "Third Shop,Food & Drink,3 King St,43.2,-79.2,"].join("\n");
    const response = await importCsv(csv);
    expect(response.status).toBe(400);
    const message = 'Line 3 has a stray quotation mark ("), so the rows after it would be read as one cell. Remove it, or put the whole cell in quotes with any quote inside doubled (""), then upload the file again.';
    expect(((await response.json()) as { error: { message: string; fields: Record<string, string> } }).error).toMatchObject({ message, fields: { file: message } });
    expect(await t.database.db.selectFrom("data_import").select("id").execute()).toEqual([]);
  });

  it("imports back a tag whose name has a comma, as the export wrote it", async () => {
    const drinks = await createTag(t.database.db, { name: "Beer, Wine & Spirits" });
    await createBusiness(t.database.db, { name: "Corner Bottle Shop", categoryId: food.id, address: "4 Queen St", tagIds: [drinks.id] });
    const exported = await (await exportBusinesses()).text();
    const read = await preview(exported);
    expect(read.summary).toEqual({ created: 0, updated: 0, unchanged: 4, errors: 0 });

    // Written by hand, without the export's separator, the cell is still the tag of that name.
    const byHand = await preview("Name,Address,Tags\nCorner Bottle Shop,4 Queen St,\"Beer, Wine & Spirits\"\n");
    expect(byHand.rows[0]!).toMatchObject({ status: "unchanged", errors: {} });
  });

  it("matches businesses by name alone when the file has no address column", async () => {
    const bakery = await businessNamed("Queen Street Bakery");
    const read = await preview("Name,Phone\nqueen street bakery,905-555-0142\n");
    expect(read.rows[0]).toMatchObject({ status: "update", businessId: bakery.id, errors: {} });
    expect(read.rows[0]!.changes.map((c) => c.field)).toEqual(["name", "phone"]);

    await createBusiness(t.database.db, { name: "Queen Street Bakery", categoryId: food.id, address: "99 King St" });
    const ambiguous = await preview("Name,Phone\nQueen Street Bakery,905-555-0142\n");
    expect(ambiguous.rows[0]!.errors.name).toBe("More than one business has this name. Add the address or id column to say which one.");
  });

  it("takes the category and tags given in a row's fix, even without such columns", async () => {
    const read = await preview("Name,Address,Latitude,Longitude\nCorner Cafe,9 King St,43.2,-79.2\n");
    expect(read.rows[0]!.errors.category).toBeTruthy();
    const fixed = await t.request(`/api/v1/imports/${read.id}/rows/${read.rows[0]!.line}`, { method: "PUT", json: { cells: { category: "Food & Drink", tags: "Patio" } }, cookie: admin });
    expect(fixed.status).toBe(200);
    expect(((await fixed.json()) as ImportPreview).rows[0]).toMatchObject({ status: "new", errors: {} });
    await act(read.id, "apply");
    const cafe = await businessNamed("Corner Cafe");
    expect(cafe.categoryId).toBe(food.id);
    expect(cafe.tags).toHaveLength(1);
  });
});

describe("who may import and export", () => {
  const routes = (id: string) => [
    { method: "POST", path: "/api/v1/imports", body: `${header}\nA,Food & Drink,1 A St,43,-79,` },
    { method: "GET", path: `/api/v1/imports/${id}` },
    { method: "GET", path: "/api/v1/imports" },
    { method: "POST", path: `/api/v1/imports/${id}/apply` },
    { method: "POST", path: `/api/v1/imports/${id}/undo` },
    { method: "GET", path: "/api/v1/exports/businesses.csv" },
    { method: "GET", path: "/api/v1/exports/events.csv" },
    { method: "GET", path: "/api/v1/exports/offers.csv" },
  ];

  it("refuses visitors (401) and signed-in non-administrators (403), and lets administrators through", async () => {
    const preview = (await (await importCsv(`${header}\nA,Food & Drink,1 A St,43,-79,`)).json()) as ImportPreview;
    for (const route of routes(preview.id)) {
      const init = { method: route.method, body: route.body, headers: route.body ? { "Content-Type": "text/csv" } : undefined };
      expect((await t.request(route.path, init)).status, route.path).toBe(401);
      expect((await t.request(route.path, { ...init, cookie: user })).status, route.path).toBe(403);
    }
    expect(await businessCount()).toBe(3);
    for (const route of routes(preview.id)) {
      const init = { method: route.method, body: route.body, headers: route.body ? { "Content-Type": "text/csv" } : undefined, cookie: admin };
      expect((await t.request(route.path, init)).status, route.path).toBeLessThan(300);
    }
  });
});
