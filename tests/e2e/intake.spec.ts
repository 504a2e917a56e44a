// The intake form "Business Feedback and Consent" in the browser: a visitor is sent to log in and back, a refused form
// keeps what was typed with each message beside its field, a sent one reaches the administrators' list and CSV.
import fs from "node:fs";
import { execFile } from "node:child_process";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { E2E_DATA_DIR } from "./env.ts";
import { shoot } from "./screenshots.ts";

const PASSWORD = "e2e-Intake-pass-7";

/** A verified account made with the command administrators use. */
function account(email: string, role: "user" | "admin") {
  return new Promise<void>((resolve, reject) =>
    execFile(process.execPath, ["src/server/cli/user-create.ts", "--email", email, "--password", PASSWORD, "--role", role], { env: { ...process.env, DATA_DIR: E2E_DATA_DIR, LOG_LEVEL: "silent" } }, (error) =>
      error ? reject(error) : resolve(),
    ),
  );
}

test("a signed-in person sends the intake form and an administrator reads it and downloads it", async ({ page, browser, baseURL }, info) => {
  test.skip(info.project.name !== "desktop", "one journey; the screenshots cover both widths");
  test.setTimeout(180_000);
  const stamp = Date.now();
  const email = `intake-${stamp}@example.com`;
  const adminEmail = `admin-intake-${stamp}@example.com`;
  await Promise.all([account(email, "user"), account(adminEmail, "admin")]);

  // A visitor prints or logs in to send; logging in comes back to the form.
  await page.goto("/myqsa/intake");
  await expect(page.getByRole("button", { name: "Send this form" })).toHaveCount(0);
  await page.getByRole("link", { name: "log in" }).click();
  await expect(page).toHaveURL("/login?next=%2Fmyqsa%2Fintake");
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL("/myqsa/intake");
  await page.waitForLoadState("networkidle");

  const form = page.getByRole("form", { name: "Business Feedback and Consent" });
  const business = `Intake Books ${stamp}`;
  await form.getByLabel("Business name").fill(business);
  await form.getByLabel("Contact email").fill("not an address");
  await form.getByLabel("Discount %").fill("150");
  await form.getByRole("checkbox", { name: "Promote events" }).check();
  await form.getByLabel("Challenges").fill("=1+1 is not a formula here");
  await form.getByRole("button", { name: "Send this form" }).click();
  await expect(form.getByLabel("Owner/manager name")).toHaveAccessibleDescription("Owner/manager name is required.");
  await expect(form.getByLabel("Contact email")).toHaveAccessibleDescription("Contact email must be an email address, like name@example.com.");
  await expect(form.getByLabel("Discount %")).toHaveAccessibleDescription("Discount % must be a number from 0 to 100.");
  await expect(form.getByLabel("Signature of business owner or manager")).toHaveAccessibleDescription("Type your name to sign.");
  // Nothing typed is lost.
  await expect(form.getByLabel("Business name")).toHaveValue(business);
  await expect(form.getByRole("checkbox", { name: "Promote events" })).toBeChecked();
  await expect(form.getByLabel("Challenges")).toHaveValue("=1+1 is not a formula here");
  await shoot(page, "intake-errors");

  await form.getByLabel("Owner/manager name").fill("Pat Lee");
  await form.getByLabel("Contact email").fill("pat@example.org");
  await form.getByLabel("Discount %").fill("15");
  await form.getByLabel("Signature of business owner or manager").fill("Pat Lee");
  await form.getByLabel("Date signed by business owner or manager").fill("2026-11-20");
  await form.getByRole("button", { name: "Send this form" }).click();
  await expect(form.getByRole("status")).toHaveText("Thank you. Your form was sent to the association.");
  await expect(form.getByLabel("Business name")).toHaveValue("");
  await shoot(page, "intake-form");
  await expectNoAxeViolations(page);

  // The administrator's list, with every answer, and the CSV.
  const context = await browser.newContext({ baseURL });
  const admin = await context.newPage();
  expect((await admin.request.post("/api/auth/sign-in/email", { data: { email: adminEmail, password: PASSWORD }, headers: { Origin: baseURL! } })).status()).toBe(200);
  await admin.goto("/admin");
  await admin.getByRole("tab", { name: "Intake forms" }).click();
  await expect(admin).toHaveURL("/admin/intake");
  await expect(admin.getByRole("heading", { name: /^Intake forms \(\d+\)$/ })).toBeVisible();
  await admin.goto("/admin/intake");
  const card = admin.getByRole("listitem").filter({ has: admin.getByRole("heading", { name: business }) });
  await expect(card).toContainText(`By ${email}`);
  await card.getByText("All answers").click();
  await expect(card.getByRole("definition").filter({ hasText: "Pat Lee, 2026-11-20" })).toBeVisible();
  await expect(card.getByRole("definition").filter({ hasText: "Promote events" })).toBeVisible();
  await shoot(admin, "intake-admin");
  await expectNoAxeViolations(admin);
  const [download] = await Promise.all([admin.waitForEvent("download"), admin.getByRole("link", { name: "Export CSV of all intake form submissions" }).click()]);
  const csv = fs.readFileSync((await download.path())!, "utf8");
  expect(download.suggestedFilename()).toMatch(/^intake-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csv).toContain(business);
  expect(csv).toContain("'=1+1 is not a formula here");
  await context.close();
});
