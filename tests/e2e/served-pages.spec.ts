// The signed-in pages come whole from the server: with scripts turned off, an owner's /mybusiness and the admin's tabs
// show their content, as read by the server, to a person who reads them by role and text.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { ownerWithWaitingClaim } from "./owner-account.ts";
import { shoot } from "./screenshots.ts";

/** Without scripts the page's own never run: the page is taken once it has loaded. */
async function open(page: Page, address: string) {
  await page.goto(address, { waitUntil: "commit" });
  await page.waitForLoadState("load");
}

test.describe("signed-in pages without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an owner's /mybusiness shows their business, its events and offers, and their waiting claim", async ({ page, browser, baseURL, signIn, accountsRuntime }) => {
    await signIn("admin");
    const { owner, email, password, owned, claimed, event, offer } = await ownerWithWaitingClaim(page.request, accountsRuntime, baseURL!);
    await owner.dispose();
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const ownerPage = await context.newPage();
    expect((await ownerPage.request.post("/api/auth/sign-in/email", { data: { email, password }, headers: { Origin: baseURL! } })).status()).toBe(200);

    await open(ownerPage, "/mybusiness");
    const main = ownerPage.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "My Business" })).toBeVisible();
    await expect(main.getByText(`Logged in as ${email}.`)).toBeVisible();
    await expect(main.getByRole("heading", { level: 2, name: owned.name })).toBeVisible();
    await expect(main.getByText(event).first()).toBeVisible();
    await expect(main.getByText(offer).first()).toBeVisible();
    await expect(main.getByRole("heading", { name: "Your claims and proposals" })).toBeVisible();
    await expect(main.getByText(claimed.name).first()).toBeVisible();
    await expect(main.getByText("Loading")).toHaveCount(0);
    await shoot(ownerPage, "mybusiness");
    await context.close();
  });

  test("the admin's tabs show their lists: the users and the businesses", async ({ page, signIn }) => {
    const admin = await signIn("admin");
    await open(page, "/admin/users");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
    await expect(main.getByRole("tab", { name: "Users" })).toHaveAttribute("aria-selected", "true");
    await expect(main.getByRole("region", { name: "Users table" }).getByRole("cell", { name: admin.email, exact: true })).toBeVisible();

    await open(page, "/admin/markers");
    await expect(main.getByRole("tab", { name: "Markers" })).toHaveAttribute("aria-selected", "true");
    await expect(main.getByRole("listitem").filter({ hasText: "Riverbend Gallery" })).toBeVisible();
    await expect(main.getByText("Loading")).toHaveCount(0);
    await shoot(page, "admin-markers");

    // A date and time is shown as text until the picker's scripts run.
    await open(page, "/admin/events");
    await expect(main.getByRole("heading", { name: "Add Event" })).toBeVisible();
    await expect(main.getByRole("textbox", { name: "Event Date" })).toBeVisible();
    await shoot(page, "admin-events");
  });
});
