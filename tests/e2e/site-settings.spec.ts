// An administrator renames the association and corrects its details in the Site settings tab; a visitor sees the
// new name on the home page at once. The association's name is read by other journeys, so this one changes it on
// a server of its own (a fresh data directory), never on the journeys' or the demo's.
import type { Locator } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { E2E_AUTH_SECRET, SERVER_ENV, startAppProcess, type AppProcess } from "./app-process.ts";
import { E2E_DATA_DIR } from "./env.ts";
import { createOrUpdateUser } from "#server/auth/accounts.ts";
import { parseEnv } from "#server/env.ts";
import { openRuntime } from "#server/runtime.ts";
import { messages } from "#shared/messages.ts";
import { shoot } from "./screenshots.ts";

const dataDir = `${E2E_DATA_DIR}-site-settings`;
const admin = { email: "settings-admin@example.com", password: "e2e-Password-1" };
let app: AppProcess | undefined;
let site = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  app = await startAppProcess({
    name: "the site settings server",
    dataDir,
    env: { ...SERVER_ENV, MAP_STYLE_URL: "offline", SIGN_IN_LIMIT_PER_IP: "100000" },
    ready: { healthz: "127.0.0.1" },
    wait: { ms: 100_000 },
  });
  site = app.url;
  // The administrator is made as `npm run user:create` makes one, on the server's own database.
  const runtime = await openRuntime(parseEnv({ ...process.env, DATA_DIR: dataDir, DEMO_CONTENT: "true", LOG_LEVEL: "silent", AUTH_SECRET: E2E_AUTH_SECRET }));
  try {
    await createOrUpdateUser(runtime, { ...admin, role: "admin" });
  } finally {
    await runtime.close();
  }
});

test.afterAll(async () => {
  await app?.stop();
});

/** The control is marked invalid and described by an element holding `text`, in its own field frame. */
async function expectFieldError(control: Locator, text: string) {
  await expect(control).toHaveAttribute("aria-invalid", "true");
  const ids = (await control.getAttribute("aria-describedby"))?.split(/\s+/).filter(Boolean) ?? [];
  const described = await Promise.all(ids.map((id) => control.page().locator(`[id="${id}"]`).innerText()));
  expect(described.join(" ")).toContain(text);
  await expect(control.locator("xpath=ancestor::div[contains(@class,'min-w-0')][1]")).toContainText(text);
}

test("an administrator renames the association, and a visitor's home page shows the new name at once", async ({ page, browser }) => {
  test.setTimeout(90_000);
  // A visitor's home page, kept by the server's cache of anonymous pages.
  const visitor = await browser.newPage();
  await visitor.goto(`${site}/`);
  await expect(visitor.getByRole("contentinfo")).toContainText("Downtown Niagara Business Association");

  const signedIn = await page.request.post(`${site}/api/auth/sign-in/email`, { data: admin, headers: { Origin: site } });
  expect(signedIn.status()).toBe(200);
  await page.goto(`${site}/admin/site-settings`);
  await expect(page.getByRole("tab", { name: "Site settings" })).toHaveAttribute("aria-selected", "true");
  const form = page.getByRole("region", { name: "Site settings" });
  await expect(form.getByLabel("Association name")).toHaveValue("Downtown Niagara Business Association");
  await expect(form.getByLabel("Time zone")).toHaveValue("America/Toronto");
  await expectNoAxeViolations(page);

  // Two wrong fields: each message beside its field, the first of them focused, and nothing typed lost.
  await form.getByLabel("Association name").fill("Queen Street Merchants");
  await form.getByLabel("Mailing address").fill("4500 Queen Street\nNiagara Falls, ON L2E 2L7");
  await form.getByLabel("General email").fill("not an address");
  await form.getByLabel("Time zone").fill("Mars/Olympus");
  await expect(form.getByLabel("Digest day")).toHaveValue("monday");
  await form.getByLabel("Digest day").selectOption({ label: "Friday" });
  await form.getByLabel("Digest time").fill("5pm");
  await form.getByRole("button", { name: "Save site settings" }).click();
  await expectFieldError(form.getByLabel("General email"), "Enter a valid email address.");
  await expectFieldError(form.getByLabel("Time zone"), "Enter a time zone such as America/Toronto.");
  await expectFieldError(form.getByLabel("Digest time"), "Enter a time such as 08:00.");
  await expect(form.getByLabel("Digest day")).toHaveValue("friday");
  await expect(form.getByLabel("General email")).toBeFocused();
  await expect(form.getByLabel("Association name")).not.toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Association name")).toHaveValue("Queen Street Merchants");
  await expect(form.getByLabel("Mailing address")).toHaveValue("4500 Queen Street\nNiagara Falls, ON L2E 2L7");
  await expect(form.getByRole("alert")).toContainText("Enter a valid email address.");
  await expectNoAxeViolations(page);

  await form.getByLabel("General email").fill("info@queenstreet.example");
  await form.getByLabel("Time zone").fill("America/Vancouver");
  await form.getByLabel("Digest time").fill("17:30");
  await form.getByRole("button", { name: "Save site settings" }).click();
  await expect(form.getByRole("status")).toHaveText(messages.siteSettings.saved);
  await shoot(page, "admin-site-settings");
  await expect(form.getByLabel("Time zone")).not.toHaveAttribute("aria-invalid", "true");

  // The visitor's next look at the home page has the new name, and the sponsors left as they were are kept.
  await visitor.reload();
  await expect(visitor.getByRole("contentinfo")).toContainText("Queen Street Merchants");
  await expect(visitor.getByRole("contentinfo")).not.toContainText("Downtown Niagara Business Association");
  await expect(visitor.getByRole("contentinfo").getByRole("img").first()).toBeVisible();
  await expect(visitor).toHaveTitle("Queen Street Merchants");

  // Saved, the page shows what was saved after a reload.
  await page.reload();
  await expect(form.getByLabel("Association name")).toHaveValue("Queen Street Merchants");
  await expect(form.getByLabel("General email")).toHaveValue("info@queenstreet.example");
  await expect(form.getByLabel("Time zone")).toHaveValue("America/Vancouver");
  await expect(form.getByLabel("Digest day")).toHaveValue("friday");
  await expect(form.getByLabel("Digest time")).toHaveValue("17:30");
  await visitor.close();

  // The same tab for an administrator whose account is French.
  expect((await page.request.put(`${site}/api/v1/account/language`, { data: { language: "fr" }, headers: { Origin: site } })).status()).toBe(200);
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  const french = page.getByRole("region", { name: "Paramètres du site" });
  await expect(french.getByLabel("Nom de l'association")).toHaveValue("Queen Street Merchants");
  await expect(french.getByLabel("Jour du résumé")).toHaveValue("friday");
  await expect(french.getByRole("button", { name: "Enregistrer les paramètres du site" })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, "admin-site-settings-fr");
});
