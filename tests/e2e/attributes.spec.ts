// Accessibility and amenity attributes in the browser: an owner ticks one, the administrator sees it added in the
// request's difference view and approves it, and then the business page lists it, its JSON-LD carries it, and the
// map's filter keeps that business and drops one without it. A CSV export and import carry them as yes/no columns.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import Papa from "papaparse";
import { BUSINESS_ATTRIBUTES } from "#shared/business-attributes.ts";
import { createOrUpdateUser } from "#server/auth/accounts.ts";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { jsonLdProblems } from "./json-ld-rules.ts";

const SHOTS = process.env.SHOTS_DIR;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const [label, size] of [["phone", { width: 412, height: 915 }], ["desktop", { width: 1280, height: 800 }]] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${label}.png`), fullPage: label === "phone" || name !== "map" });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("an owner adds step-free entrance; once approved the page, its JSON-LD and the map's filter carry it", { tag: "@desktop-only" }, async ({ page, browser, baseURL, signIn, accountsRuntime }, info) => {
  test.skip(info.project.name !== "desktop", "one journey; the screenshots cover both widths");
  test.setTimeout(120_000);
  const origin = { Origin: baseURL! };
  type Listed = { id: string; name: string; attributes: string[] };
  const all = (await (await page.request.get("/api/v1/businesses")).json()) as Listed[];
  const business = all.find((b) => b.name === "Little Lisbon Grill")!;
  const without = all.find((b) => b.name === "Second Chapter Books")!;
  expect(business.attributes).not.toContain("step-free-entrance");
  expect(without.attributes).not.toContain("step-free-entrance");

  // The administrator makes an account the owner of the business.
  await signIn("admin");
  const owner = { email: `attributes-owner-${Date.now()}@example.com`, password: "e2e-Owner-pass-7" };
  await createOrUpdateUser(accountsRuntime, { ...owner, role: "business" });
  expect((await page.request.post(`/api/v1/businesses/${business.id}/owners`, { data: { email: owner.email }, headers: origin })).status()).toBe(200);

  // The owner ticks "Step-free entrance" in the listing form of /mybusiness.
  const ownerContext = await browser.newContext({ baseURL });
  const ownerPage = await ownerContext.newPage();
  expect((await ownerPage.request.post("/api/auth/sign-in/email", { data: owner, headers: origin })).status()).toBe(200);
  await ownerPage.goto("/mybusiness");
  const card = ownerPage.getByRole("article").filter({ has: ownerPage.getByRole("heading", { name: business.name }) });
  await card.getByText("Edit listing").click();
  const listing = card.locator('form[id^="listing-"]');
  const attributes = listing.getByRole("group", { name: "Accessibility and amenities" });
  await expect(attributes.getByLabel("Patio")).toBeChecked();
  await attributes.getByLabel("Step-free entrance").check();
  await listing.getByRole("button", { name: "Send changes for approval" }).click();
  await expect(card.getByRole("status")).toHaveText("Sent for approval. The public page changes once an administrator approves it.");
  await ownerContext.close();

  // The administrator reads the change in words and approves it.
  await page.goto("/admin/requests");
  const request = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `Listing change: ${business.name}` }) });
  const row = request.getByRole("row").filter({ hasText: "Accessibility and amenities" });
  await expect(row.locator("ins")).toHaveText("Added: Step-free entrance");
  await expect(row.locator("del")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await request.getByRole("button", { name: "Approve all" }).click();
  await expect(page.getByText(`Listing change: ${business.name}: approved.`)).toBeVisible();

  // The business page lists it (text beside a hidden drawing), and its JSON-LD carries it.
  await page.goto(`/business/${business.id}`);
  const section = page.getByRole("region", { name: "Accessibility and amenities" });
  await expect(section.getByRole("listitem")).toHaveText(["Step-free entrance", "Patio", "Pets welcome"]);
  await expect(section.locator("svg[aria-hidden='true']")).toHaveCount(3);
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const local = blocks.map((text) => JSON.parse(text) as Record<string, unknown>).find((b) => b["@type"] === "LocalBusiness")!;
  expect(local.amenityFeature).toEqual([
    { "@type": "LocationFeatureSpecification", name: "Step-free entrance", value: true },
    { "@type": "LocationFeatureSpecification", name: "Patio", value: true },
    { "@type": "LocationFeatureSpecification", name: "Pets welcome", value: true },
  ]);
  expect(jsonLdProblems(local, new Set())).toEqual([]);
  await expectNoAxeViolations(page);
  await shoot(page, "business");

  // The map's filter, beside "Open now": that business stays, one without it goes, and the counts follow.
  const stepFree = (await (await page.request.get("/api/v1/businesses?attributes=step-free-entrance")).json()) as Listed[];
  expect(stepFree.map((b) => b.name)).toContain(business.name);
  expect(stepFree.map((b) => b.name)).not.toContain(without.name);
  // Counted again as the map opens: other journeys add businesses to the same site meanwhile.
  await expect(async () => {
    const now = (await (await page.request.get("/api/v1/businesses")).json()) as Listed[];
    await page.goto("/map");
    await expect(page.getByRole("heading", { name: `All Locations (${now.length})` })).toBeVisible({ timeout: 5_000 });
  }).toPass();
  await page.getByText("Accessibility and amenities").click();
  const filter = page.getByRole("group", { name: "Only places with" });
  await expect(filter.getByLabel(`Step-free entrance (${stepFree.length})`)).toBeVisible();
  await filter.getByLabel(/^Step-free entrance/).check();
  await expect(page).toHaveURL(/[?&]attributes=step-free-entrance/);
  await expect(page.getByRole("heading", { name: `All Locations (${stepFree.length})` })).toBeVisible();
  const list = page.getByRole("list", { name: "All Locations" });
  await expect(list.getByText(business.name)).toBeVisible();
  await expect(list.getByText(without.name)).toHaveCount(0);
  // The other features count only the step-free places now.
  const both = stepFree.filter((b) => b.attributes.includes("hearing-loop")).length;
  await expect(filter.getByLabel(`Hearing loop (${both})`)).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, "map");

  // A shared link opens with the filter on.
  await page.goto("/map?attributes=step-free-entrance");
  await expect(page.getByRole("heading", { name: `All Locations (${stepFree.length})` })).toBeVisible();
  await expect(page.getByRole("group", { name: "Only places with" }).getByLabel(/^Step-free entrance/)).toBeChecked();
});

test("a CSV round trip keeps the attributes: exported as yes/no columns, edited, imported, shown, and undone", { tag: "@desktop-only" }, async ({ page, signIn }, info) => {
  test.skip(info.project.name !== "desktop", "one journey of the import screen, on the desktop");
  test.setTimeout(90_000);
  await signIn("admin");

  /** The businesses export as the administrator downloads it from the Markers tab. */
  async function exported(): Promise<Papa.ParseResult<Record<string, string>>> {
    await page.goto("/admin/markers");
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV of all businesses" }).click();
    const text = fs.readFileSync(await (await download).path(), "utf8").replace(/^\uFEFF/, "");
    return Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
  }
  const before = await exported();
  for (const slug of BUSINESS_ATTRIBUTES.map((a) => a.slug)) expect(before.meta.fields).toContain(slug);
  const pizzeria = before.data.find((row) => row.name === "Falls View Pizzeria")!;
  expect([pizzeria["free-wifi"], pizzeria["family-friendly-washroom"], pizzeria["gender-neutral-washroom"]]).toEqual(["yes", "yes", "no"]);

  // The same row, with one more attribute, comes back in through the import screen.
  const edited = Papa.unparse({ fields: before.meta.fields!, data: [{ ...pizzeria, "gender-neutral-washroom": "yes" }] });
  await page.goto("/admin/import");
  await page.getByLabel("CSV or calendar (.ics) file").setInputFiles({ name: "pizzeria.csv", mimeType: "text/csv", buffer: Buffer.from(edited) });
  await page.getByRole("button", { name: "Preview import" }).click();
  await expect(page.getByRole("heading", { name: "Preview: pizzeria.csv" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "0 new, 1 updated, 0 unchanged, 0 errors" })).toBeVisible({ timeout: 30_000 });
  const address = page.url();
  await page.getByRole("button", { name: "Apply import" }).click();
  await expect(page.getByText("Import applied: 0 new, 1 updated, 0 unchanged, 0 errors.")).toBeVisible();

  await page.goto(`/business/${pizzeria.id}`);
  const section = page.getByRole("region", { name: "Accessibility and amenities" });
  await expect(section.getByRole("listitem").filter({ hasText: "Gender-neutral washroom" })).toBeVisible();
  const after = await exported();
  const again = after.data.find((row) => row.id === pizzeria.id)!;
  expect(again).toEqual({ ...pizzeria, "gender-neutral-washroom": "yes", last_updated_at: again.last_updated_at });

  // Undone, the listing is as it was.
  await page.goto(address);
  await page.getByRole("button", { name: "Undo this import" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Undo this import" }).click();
  await expect(page.getByText("Import undone: the businesses are as they were before it.")).toBeVisible();
  await page.goto(`/business/${pizzeria.id}`);
  await expect(page.getByRole("region", { name: "Accessibility and amenities" }).getByRole("listitem").filter({ hasText: "Gender-neutral washroom" })).toHaveCount(0);
});
