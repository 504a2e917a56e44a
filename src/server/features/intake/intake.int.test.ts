// The intake form through the API: who may send, list (a page at a time) and export it, what is checked, what is kept,
// and the CSV.
import { beforeAll, describe, expect, it } from "vitest";
import Papa from "papaparse";
import { createBusiness, createCategory } from "#server/db/factories.ts";
import type { CurrentUser } from "#server/auth/session.ts";
import { setUpTestApp } from "#tests/setup/app.ts";
import { intakeMessages } from "#shared/schemas/intake.ts";

const t = setUpTestApp();
type Person = { cookie: string; user: CurrentUser };
let admin: Person;
let plain: Person;
let ownerA: Person;
let businessA: string;
let businessB: string;

const person = (role: "user" | "business" | "admin"): Promise<Person> => t.signIn(role);

const answers = (extra: Record<string, unknown> = {}) => ({
  businessName: "Queen Street Books",
  ownerName: "Pat Lee",
  email: "pat@example.org",
  phone: "905 555 0100",
  objectives: ["Promote events", "Reach students"],
  discountPercent: "10",
  bogo: "yes",
  tools: "=HYPERLINK(\"http://evil\")",
  ownerSignature: "Pat Lee",
  ownerSignedOn: "2026-11-20",
  feedback: "More events on Queen Street, please.",
  ...extra,
});

type Page = { items: Array<Record<string, unknown>>; total: number; page: number; pageSize: number };

/** A page of the administrators' list, as the API answers it. */
async function listPage(query = ""): Promise<Page> {
  const response = await t.request(`/api/v1/intake${query}`, { cookie: admin.cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
}

/** The newest submissions (the first page at its largest). */
async function submissions() {
  return (await listPage("?pageSize=200")).items;
}

beforeAll(async () => {
  admin = await person("admin");
  plain = await person("user");
  ownerA = await person("business");
  const categoryId = (await createCategory(t.database.db)).id;
  businessA = (await createBusiness(t.database.db, { categoryId, name: "Alpha Cafe" })).id;
  businessB = (await createBusiness(t.database.db, { categoryId, name: "Beta Bikes" })).id;
  await t.request(`/api/v1/businesses/${businessA}/owners`, { method: "POST", json: { email: ownerA.user.email }, cookie: admin.cookie });
});

describe("the intake form", () => {
  it("is sent by signed-in people only, and listed and exported for administrators only", async () => {
    const matrix: Array<[string, string, unknown, Array<number>]> = [
      ["POST", "/api/v1/intake", answers(), [401, 201, 201, 201]],
      ["GET", "/api/v1/intake/businesses", undefined, [401, 200, 200, 200]],
      ["GET", "/api/v1/intake", undefined, [401, 403, 403, 200]],
      ["GET", "/api/v1/exports/intake.csv", undefined, [401, 403, 403, 200]],
    ];
    for (const [method, path, json, expected] of matrix) {
      const seen = [];
      for (const who of [undefined, plain, ownerA, admin]) seen.push((await t.request(path, { method, json, cookie: who?.cookie })).status);
      expect(seen, `${method} ${path}`).toEqual(expected);
    }
  });

  it("offers the businesses the person owns or claims, and links a submission to one of them only", async () => {
    await t.request(`/api/v1/businesses/${businessB}/claims`, { method: "POST", json: { role: "Manager", phone: "905 555 0101" }, cookie: ownerA.cookie });
    const offered = await (await t.request("/api/v1/intake/businesses", { cookie: ownerA.cookie })).json();
    expect(offered).toEqual([
      { id: businessA, name: "Alpha Cafe", relation: "owner" },
      { id: businessB, name: "Beta Bikes", relation: "claim" },
    ]);
    expect(await (await t.request("/api/v1/intake/businesses", { cookie: plain.cookie })).json()).toEqual([]);

    const linked = await t.request("/api/v1/intake", { method: "POST", json: answers({ businessId: businessA, businessName: "Linked One" }), cookie: ownerA.cookie });
    expect(linked.status).toBe(201);
    const refused = await t.request("/api/v1/intake", { method: "POST", json: answers({ businessId: businessA }), cookie: plain.cookie });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.fields).toEqual({ businessId: intakeMessages.notYourBusiness });

    const saved = (await submissions()).find((s) => s.businessName === "Linked One");
    expect(saved).toMatchObject({
      userId: ownerA.user.id,
      userEmail: ownerA.user.email,
      businessId: businessA,
      linkedBusinessName: "Alpha Cafe",
      ownerName: "Pat Lee",
      objectives: ["Promote events", "Reach students"],
      discountPercent: 10,
      bogo: true,
      freeGift: false,
      ownerSignature: "Pat Lee",
      ownerSignedOn: "2026-11-20",
      representativeSignature: null,
    });
  });

  it("answers bad input with a message per field", async () => {
    const response = await t.request("/api/v1/intake", {
      method: "POST",
      json: { businessName: " ", email: "not-mail", discountPercent: "150", ownerSignedOn: "2026-02-30", representativeSignedOn: "2026-11-01", objectives: ["Take over the world"] },
      cookie: plain.cookie,
    });
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.fields).toMatchObject({
      businessName: intakeMessages.businessName,
      ownerName: intakeMessages.ownerName,
      email: intakeMessages.email,
      discountPercent: intakeMessages.discount,
      ownerSignature: intakeMessages.ownerSignature,
      ownerSignedOn: intakeMessages.dateInvalid,
    });
    expect(Object.keys(error.fields)).toContain("objectives");
    // A representative's date without the signature is caught once the rest is right.
    const unsigned = await t.request("/api/v1/intake", { method: "POST", json: answers({ representativeSignedOn: "2026-11-21" }), cookie: plain.cookie });
    expect((await unsigned.json()).error.fields).toEqual({ representativeSignature: intakeMessages.dateWithoutSignature });
    for (const body of [[], "text", { businessName: { nested: true } }]) {
      expect((await t.request("/api/v1/intake", { method: "POST", json: body, cookie: plain.cookie })).status).toBe(400);
    }
  });

  it("lists submissions to administrators a page at a time, newest first unless asked for the oldest", async () => {
    const before = (await listPage()).total;
    const sent: string[] = [];
    for (const name of ["Paged One", "Paged Two", "Paged Three"]) {
      const response = await t.request("/api/v1/intake", { method: "POST", json: answers({ businessName: name }), cookie: plain.cookie });
      sent.push(((await response.json()) as { id: string }).id);
      // Each a moment later than the one before, so newest first is one order.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const total = before + 3;

    const usual = await listPage();
    expect({ ...usual, items: usual.items.length }).toEqual({ items: Math.min(total, 50), total, page: 1, pageSize: 50 });

    const first = await listPage("?page=1&pageSize=2");
    expect({ total: first.total, page: first.page, pageSize: first.pageSize }).toEqual({ total, page: 1, pageSize: 2 });
    expect(first.items.map((s) => s.businessName)).toEqual(["Paged Three", "Paged Two"]);
    expect(first.items[0]).toMatchObject({ id: sent[2], userEmail: plain.user.email, ownerName: "Pat Lee", objectives: ["Promote events", "Reach students"] });
    const second = await listPage("?page=2&pageSize=2");
    expect(second.items[0]).toMatchObject({ id: sent[0], businessName: "Paged One" });

    const oldestFirst = await listPage(`?sort=asc&pageSize=2&page=${Math.ceil(total / 2)}`);
    expect(oldestFirst.items.at(-1)).toMatchObject({ id: sent[2] });

    // Past the last page: no submissions, with the total that tells the client where the last page is.
    const past = await listPage(`?page=${total + 1}&pageSize=1`);
    expect(past).toEqual({ items: [], total, page: total + 1, pageSize: 1 });

    for (const query of ["?page=0", "?pageSize=201", "?page=two", "?sort=newest"]) {
      const refused = await t.request(`/api/v1/intake${query}`, { cookie: admin.cookie });
      expect(refused.status, query).toBe(400);
    }
  });

  it("exports every submission as CSV a spreadsheet opens without running anything", async () => {
    await t.request("/api/v1/intake", { method: "POST", json: answers({ businessName: "+Plus Shop", representativeSignature: "Sam Rep", representativeSignedOn: "2026-11-22" }), cookie: plain.cookie });
    const response = await t.request("/api/v1/exports/intake.csv", { cookie: admin.cookie });
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="intake-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = (await response.text()).replace(/^\uFEFF/, "");
    const { data } = Papa.parse<Record<string, string>>(text.trim(), { header: true });
    const row = data.find((r) => r.business_name === "'+Plus Shop");
    expect(row).toMatchObject({
      account_email: plain.user.email,
      linked_business: "",
      tools_used: "'=HYPERLINK(\"http://evil\")",
      marketing_objectives: "Promote events; Reach students",
      discount_percent: "10",
      buy_one_get_one: "yes",
      free_gift: "no",
      owner_signature: "Pat Lee",
      owner_signed_on: "2026-11-20",
      representative_signature: "Sam Rep",
      representative_signed_on: "2026-11-22",
    });
  });

  it("keeps a submission when its business is deleted, without the link", async () => {
    const categoryId = (await createCategory(t.database.db)).id;
    const gone = (await createBusiness(t.database.db, { categoryId, name: "Gone Soon" })).id;
    await t.request(`/api/v1/businesses/${gone}/owners`, { method: "POST", json: { email: ownerA.user.email }, cookie: admin.cookie });
    await t.request("/api/v1/intake", { method: "POST", json: answers({ businessId: gone, businessName: "Kept Anyway" }), cookie: ownerA.cookie });
    expect((await t.request(`/api/v1/businesses/${gone}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(204);
    expect((await submissions()).find((s) => s.businessName === "Kept Anyway")).toMatchObject({ businessId: null, linkedBusinessName: null });
  });
});
