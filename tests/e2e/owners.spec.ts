// Business owners in the browser: sign up, claim a business, have the claim approved, change the listing and add an
// offer, each public only once an administrator approved it in the Requests tab.
import path from "node:path";
import Database from "better-sqlite3";
import type { Browser, Page } from "@playwright/test";
import { choose, select } from "./admin-helpers.ts";
import { expect, expectNoAxeViolations, test, untilScriptsRun } from "./fixtures.ts";
import { E2E_DATA_DIR } from "./env.ts";
import { makeImage } from "../fixtures/images.ts";
import { signUpProof } from "../setup/sign-up-challenge.ts";
import { shoot } from "./screenshots.ts";

const PASSWORD = "e2e-Owner-pass-7";

/** An administrator in a browser of their own. */
async function adminPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const email = `admin-owners-${Date.now()}@example.com`;
  const { execFile } = await import("node:child_process");
  await new Promise<void>((resolve, reject) =>
    execFile(process.execPath, ["src/server/cli/user-create.ts", "--email", email, "--password", PASSWORD, "--role", "admin"], { env: { ...process.env, DATA_DIR: E2E_DATA_DIR, LOG_LEVEL: "silent" } }, (error) =>
      error ? reject(error) : resolve(),
    ),
  );
  const response = await page.request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD }, headers: { Origin: baseURL } });
  expect(response.status()).toBe(200);
  return page;
}

// The journeys approve requests and change owners on the same server: one after the other, in this order.
test.describe.configure({ mode: "default" });

/** Approves the request named `title` sent by `from` (other journeys may leave requests on the same listing waiting). */
async function approveFirst(admin: Page, title: string, from?: string) {
  await admin.goto("/admin/requests");
  const titled = admin.getByRole("listitem").filter({ has: admin.getByRole("heading", { name: title }) });
  const card = from ? titled.filter({ hasText: from }) : titled;
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: "Approve all" }).click();
  await expect(admin.getByText(`${title}: approved.`)).toBeVisible();
  await expect(card).toHaveCount(0);
}

test("a business owner claims a listing, and changes to it and new offers go public only once approved", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const businesses = (await (await page.request.get("/api/v1/businesses")).json()) as Array<{ id: string; name: string; description: string | null }>;
  const business = businesses.find((b) => b.description)!;

  // Sign up as a business owner; the address is then verified as its email link would.
  const email = `owner-${Date.now()}@example.com`;
  await page.goto("/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByLabel("Business owner / representative").check();
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("Account created as business!");
  const db = new Database(path.join(E2E_DATA_DIR, "niche.sqlite"));
  db.prepare('update "user" set "emailVerified" = 1 where email = ?').run(email);
  db.close();

  // "Is this your business?" asks to log in first, and comes back.
  await page.goto(`/business/${business.id}`);
  await page.getByText("Is this your business?").click();
  await page.getByRole("link", { name: "log in" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(`/business/${business.id}`);
  // Logging in loads the business page again: its scripts run before the claim form is used.
  await untilScriptsRun(page);
  await page.getByText("Is this your business?").click();
  await page.getByRole("button", { name: "Claim this business" }).click();
  await expect(page.getByText("Your role at the business is required.")).toBeVisible();
  await page.getByLabel("Your role at the business").fill("Owner");
  await page.getByLabel("Phone number").fill("905 555 0142");
  await page.getByRole("button", { name: "Claim this business" }).click();
  await expect(page.getByText(`Your claim of ${business.name} waits for an administrator`, { exact: false })).toBeVisible();

  const admin = await adminPage(browser, baseURL!);
  await approveFirst(admin, `Claim: ${business.name}`, email);

  // The owner edits the description: the public page keeps the approved text meanwhile.
  await page.goto("/mybusiness");
  await expect(page.getByRole("heading", { name: business.name, level: 2 })).toBeVisible();
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: business.name }) });
  await card.getByText("Edit listing").click();
  const newText = `Fresh roasts every morning, ${Date.now()}.`;
  const listing = card.locator('form[id^="listing-"]');
  await listing.getByLabel("Description").fill(newText);
  // A new logo, uploaded for this business, waits with the text.
  const logoBefore = ((await (await page.request.get(`/api/v1/businesses/${business.id}`)).json()) as { logoUrl: string | null }).logoUrl;
  await listing.getByLabel(logoBefore ? "Replace logo" : "Upload logo").setInputFiles({ name: "our-logo.png", mimeType: "image/png", buffer: await makeImage("png", 240, 240) });
  await listing.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(listing.getByRole("img", { name: "Current logo" })).toHaveAttribute("src", /^\/files\/markers_logos\//);
  await listing.getByRole("button", { name: "Send changes for approval" }).click();
  await expect(card.getByRole("status")).toHaveText("Sent for approval. The public page changes once an administrator approves it.");
  await expect(card.getByText(/waiting for approval since/)).toBeVisible();
  // The waiting change can be amended: the form holds what was sent.
  await expect(listing.getByLabel("Description")).toHaveValue(newText);

  // An offer waits too.
  await card.getByText("Add an offer").click();
  const offer = card.locator('form[id^="offer-new-"]');
  await choose(select(offer, "Type"), "BOGO");
  await offer.getByLabel("Description").fill("Second coffee free");
  await offer.getByRole("button", { name: "Send for approval" }).click();
  await expect(card.getByText("Second coffee free — waiting for approval since", { exact: false })).toBeVisible();
  await shoot(page, "mybusiness");
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoAxeViolations(page);

  await page.goto(`/business/${business.id}`);
  await expect(page.getByText(business.description!)).toBeVisible();
  await expect(page.getByText(newText)).toHaveCount(0);
  await page.goto("/offers");
  await expect(page.getByText("Second coffee free")).toHaveCount(0);

  // The administrator sees the difference, shown as text, and approves.
  await admin.goto("/admin/requests");
  // Other journeys may leave requests of their own waiting: the tab counts them all, and this owner's two are listed.
  await expect(admin.getByRole("tab", { name: /^Requests, \d+ waiting$/ })).toBeVisible();
  await expect(admin.getByRole("listitem").filter({ has: admin.getByRole("heading", { level: 3 }) }).filter({ hasText: email })).toHaveCount(2);
  const change = admin.getByRole("listitem").filter({ has: admin.getByRole("heading", { name: `Listing change: ${business.name}` }) });
  const row = change.getByRole("row").filter({ hasText: "Description" });
  await expect(row.locator("del")).not.toHaveCount(0);
  await expect(row.locator("ins")).toContainText("Fresh");
  const logoRow = change.getByRole("row").filter({ hasText: "Logo" });
  await expect(logoRow.getByRole("img", { name: "Requested logo" })).toHaveAttribute("src", /^\/files\/markers_logos\//);
  await shoot(admin, "requests");
  await admin.setViewportSize({ width: 1280, height: 800 });
  await expectNoAxeViolations(admin);
  await approveFirst(admin, `Listing change: ${business.name}`, email);
  await approveFirst(admin, `Offer: ${business.name}`, email);

  await page.goto(`/business/${business.id}`);
  await expect(page.getByText(newText)).toBeVisible();
  const logoAfter = ((await (await page.request.get(`/api/v1/businesses/${business.id}`)).json()) as { logoUrl: string | null }).logoUrl;
  expect(logoAfter).toMatch(/^\/files\/markers_logos\/.+\.webp$/);
  expect(logoAfter).not.toBe(logoBefore);
  await expect(page.locator(`img[src="${logoAfter}"]`).first()).toBeVisible();
  await page.goto("/offers");
  await expect(page.getByText("Second coffee free").first()).toBeVisible();
  await page.goto("/mybusiness");
  await expect(page.getByText("Your listing changes — approved")).toBeVisible();
  await admin.context().close();
});

test("an administrator adds and removes a business's owners from its edit form", async ({ browser, baseURL }, info) => {
  test.skip(info.project.name !== "desktop", "one journey; the screenshots cover both widths");
  test.setTimeout(120_000);
  const admin = await adminPage(browser, baseURL!);
  // A plain name, so the list's search finds it by typing it whole.
  const business = ((await (await admin.request.get("/api/v1/businesses")).json()) as Array<{ id: string; name: string }>).filter((b) => /^[A-Za-z ]+$/.test(b.name)).at(-1)!;
  const email = `new-owner-${Date.now()}@example.com`;
  const signUp = await admin.request.post("/api/auth/sign-up/email", { data: { email, password: PASSWORD, name: "New Owner", altcha: await signUpProof((path) => admin.request.get(path)) }, headers: { Origin: baseURL! } });
  expect(signUp.ok()).toBe(true);

  await admin.goto("/admin/markers");
  const panel = admin.getByRole("tabpanel", { name: "Markers" });
  await panel.getByLabel("Find by name").fill(business.name);
  await expect(panel.getByRole("button", { name: /^Edit / })).toHaveCount(1);
  await panel.getByRole("button", { name: `Edit ${business.name}`, exact: true }).click();
  const owners = panel.getByRole("region", { name: "Owners" });
  await expect(owners.getByText("Nobody owns this business yet.").or(owners.getByRole("list", { name: `Owners of ${business.name}` }))).toBeVisible();

  await owners.getByLabel("Add an owner by email").fill("nobody-here@example.com");
  await owners.getByRole("button", { name: "Add owner" }).click();
  await expect(owners.getByLabel("Add an owner by email")).toHaveAccessibleDescription("No account has that email address.");
  await owners.getByLabel("Add an owner by email").fill(email);
  await owners.getByRole("button", { name: "Add owner" }).click();
  await expect(owners.getByRole("status")).toHaveText(`${email} now owns ${business.name}.`);
  await expect(owners.getByRole("list", { name: `Owners of ${business.name}` })).toContainText(email);
  await shoot(admin, "owners");
  await admin.setViewportSize({ width: 1280, height: 800 });
  await expectNoAxeViolations(admin);

  await owners.getByRole("button", { name: `Remove ${email}` }).click();
  const dialog = admin.getByRole("alertdialog");
  await expect(dialog).toContainText(`Remove ${email} as an owner of ${business.name}?`);
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(owners.getByRole("status")).toHaveText(`${email} no longer owns ${business.name}.`);
  await expect(owners.getByRole("listitem").filter({ hasText: email })).toHaveCount(0);
  const left = (await (await admin.request.get(`/api/v1/businesses/${business.id}/owners`)).json()) as Array<{ email: string }>;
  expect(left.map((o) => o.email)).not.toContain(email);
  await admin.context().close();
});

test("an owner changes an existing offer from /mybusiness, and the public one stays until approved", async ({ page, browser, baseURL }, info) => {
  test.skip(info.project.name !== "desktop", "one journey; the screenshots cover both widths");
  test.setTimeout(120_000);
  const admin = await adminPage(browser, baseURL!);
  const offers = (await (await page.request.get("/api/v1/offers")).json()) as Array<{ id: string; businessId: string; type: string; description: string }>;
  const offer = offers.at(-1)!;
  const email = `offer-owner-${Date.now()}@example.com`;
  expect((await admin.request.post("/api/auth/sign-up/email", { data: { email, password: PASSWORD, name: "Offer Owner", altcha: await signUpProof((path) => admin.request.get(path)) }, headers: { Origin: baseURL! } })).ok()).toBe(true);
  const db = new Database(path.join(E2E_DATA_DIR, "niche.sqlite"));
  db.prepare('update "user" set "emailVerified" = 1 where email = ?').run(email);
  db.close();
  expect((await admin.request.post(`/api/v1/businesses/${offer.businessId}/owners`, { data: { email }, headers: { Origin: baseURL! } })).status()).toBe(200);
  expect((await page.request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD }, headers: { Origin: baseURL! } })).status()).toBe(200);

  const title = `${offer.type}: ${offer.description}`;
  const businessName = ((await (await page.request.get(`/api/v1/businesses/${offer.businessId}`)).json()) as { name: string }).name;
  const item = page.getByRole("listitem").filter({ hasText: title }).filter({ has: page.getByText(`Edit`, { exact: true }) });
  // The address a browser without scripts opens from a closed form: the page with that one form drawn, open.
  await page.goto(`/mybusiness?edit=${encodeURIComponent(`offer-${offer.id}`)}`);
  await expect(item.getByLabel("Description")).toHaveValue(offer.description);
  await expect(item.getByRole("combobox", { name: "Business" })).toHaveValue(businessName);
  await page.goto("/mybusiness");
  await expect(item.getByLabel("Description")).toHaveCount(0);
  await shoot(page, "mybusiness");
  await item.getByText("Edit", { exact: true }).click();
  await expect(item.locator("form :focus")).toHaveCount(1);
  // The form opened on the page names the offer's business in its picker.
  await expect(item.getByRole("combobox", { name: "Business" })).toHaveValue(businessName);
  await shoot(page, "mybusiness-edit");
  const changed = `Changed offer ${Date.now()}`;
  await item.getByLabel("Description").fill("");
  await item.getByRole("button", { name: "Send changes for approval" }).click();
  await expect(item.getByLabel("Description")).toHaveAttribute("aria-invalid", "true");
  await item.getByLabel("Description").fill(changed);
  await item.getByRole("button", { name: "Send changes for approval" }).click();
  await expect(page.getByText(/changes waiting for approval since/)).toBeVisible();
  await page.goto(`/offers/${offer.id}`);
  await expect(page.getByText(changed)).toHaveCount(0);

  await approveFirst(admin, `Offer: ${(await (await page.request.get(`/api/v1/businesses/${offer.businessId}`)).json()).name}`);
  await page.goto(`/offers/${offer.id}`);
  await expect(page.getByText(changed).first()).toBeVisible();
  await admin.context().close();
});
