// Changing the password on the account page: the errors a user can meet, then a change that keeps this device signed
// in, signs out the others, and makes the new password the only one that works.
import path from "node:path";
import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { allowConsoleError, expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { E2E_DATA_DIR } from "./env.ts";

const NEW_PASSWORD = "harbour-lights-77";

/**
 * Submits the form and returns the auth server's answer. better-auth allows 3 password changes per 10 seconds from one
 * address, and every journey here (desktop and phone workers at once) comes from 127.0.0.1: a refusal by that limit
 * is waited out and the same submission made again.
 */
async function submitChange(page: Page, submit: () => Promise<void>) {
  for (let attempt = 0; ; attempt++) {
    const answer = page.waitForResponse((response) => response.url().endsWith("/api/auth/change-password"));
    await submit();
    const response = await answer;
    if (response.status() !== 429 || attempt === 3) return response;
    await page.waitForTimeout(Number(response.headers()["x-retry-after"] ?? 10) * 1000 + 250);
  }
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

test("changes the password: wrong current password, too short, mismatch, then success", async ({ page, signIn, playwright, baseURL }) => {
  // A long journey: on a busy machine it takes near the default 30 s.
  test.setTimeout(90_000);
  // The auth server answers the refused attempts with 400, which the browser notes in the console.
  allowConsoleError("status of 400");
  allowConsoleError("status of 429");
  test.setTimeout(90_000);
  const account = await signIn("user");

  // A second device signed in to the same account, which the change must sign out.
  const otherDevice = await playwright.request.newContext({ baseURL: baseURL! });
  const otherSignIn = await otherDevice.post("/api/auth/sign-in/email", {
    data: { email: account.email, password: account.password },
    headers: { Origin: baseURL! },
  });
  expect(otherSignIn.status()).toBe(200);
  expect((await otherDevice.get("/api/v1/account")).status()).toBe(200);

  await page.goto("/myaccount");
  const form = page.getByRole("form", { name: "Change password" });
  const current = form.getByLabel("Current password");
  const next = form.getByLabel("New password", { exact: true });
  const confirm = form.getByLabel("Confirm new password");
  const submit = form.getByRole("button", { name: "Change password" });
  await expect(current).toHaveAttribute("autocomplete", "current-password");
  await expect(next).toHaveAttribute("autocomplete", "new-password");
  await expect(confirm).toHaveAttribute("autocomplete", "new-password");
  await expectNoAxeViolations(page);

  await current.fill("not-my-password");
  await next.fill(NEW_PASSWORD);
  await confirm.fill(NEW_PASSWORD);
  expect((await submitChange(page, () => submit.click())).status()).toBe(400);
  await expect(current).toHaveAccessibleDescription("Your current password is not correct.");
  await expect(current).toHaveAttribute("aria-invalid", "true");
  await expect(current).toBeFocused();
  await expectNoAxeViolations(page);

  await current.fill(account.password);
  await next.fill("abc");
  await confirm.fill("abc");
  await submit.click();
  await expect(next).toHaveAccessibleDescription(/^Password is too weak\. Please use at least 6 characters\./);
  await expect(current).not.toHaveAttribute("aria-invalid");

  // The auth server refuses common passwords even when they are long enough.
  await next.fill("password123");
  await confirm.fill("password123");
  expect((await submitChange(page, () => submit.click())).status()).toBe(400);
  await expect(submit).toBeEnabled();
  await expect(next).toHaveAccessibleDescription(/^Password is too weak\. Please use at least 6 characters\./);

  await next.fill(NEW_PASSWORD);
  await confirm.fill(`${NEW_PASSWORD}x`);
  // By keyboard: Enter in a field submits the form.
  await confirm.press("Enter");
  await expect(confirm).toHaveAccessibleDescription("Passwords do not match.");
  await expect(confirm).toBeFocused();

  await confirm.fill(NEW_PASSWORD);
  expect((await submitChange(page, () => confirm.press("Enter"))).status()).toBe(200);
  await expect(form.getByRole("status")).toHaveText(
    "Your password has been changed. Every other device that was signed in has been signed out.",
  );
  await expect(current).toHaveValue("");
  await expect(page.getByRole("alert")).toHaveCount(0);

  // This device stays signed in; the other one is signed out.
  expect((await page.request.get("/api/v1/account")).status()).toBe(200);
  expect((await otherDevice.get("/api/v1/account")).status()).toBe(401);
  await otherDevice.dispose();

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL("/login");

  allowConsoleError("status of 401");
  await logIn(page, account.email, account.password);
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Invalid email or password.");

  await logIn(page, account.email, NEW_PASSWORD);
  await expect(page).toHaveURL("/myaccount");
  await expect(page.getByRole("heading", { name: "My Account" })).toBeVisible();
});

test("an account without a password is told so instead of getting a form that cannot work", async ({ page, signIn }) => {
  const account = await signIn("user");
  // As after a sign-up through a sign-in provider: the user has no email-and-password credential.
  const db = new Database(path.join(E2E_DATA_DIR, "niche.sqlite"));
  try {
    db.prepare(`DELETE FROM account WHERE "providerId" = 'credential' AND "userId" = (SELECT id FROM "user" WHERE email = ?)`).run(account.email);
  } finally {
    db.close();
  }
  await page.goto("/myaccount");
  await expect(page.getByRole("heading", { name: "Change password" })).toBeVisible();
  await expect(page.getByText("You sign in with a sign-in provider, so this account has no password to change.")).toBeVisible();
  await expect(page.getByLabel("Current password")).toHaveCount(0);
});
