// A first start as a newcomer meets it: PUBLIC_URL unset, no administrator, the site opened at 127.0.0.1 rather
// than localhost. The server of this file is its own (a fresh data directory), so the setup link is in its log.
import fs from "node:fs";
import { chromium } from "@playwright/test";
import { allowConsoleError, expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { startAppProcess, type AppProcess } from "./app-process.ts";
import { E2E_DATA_DIR } from "./env.ts";
import { messages } from "#shared/messages.ts";
import { nuHtmlErrors } from "./nu-html-checker.ts";

const admin = { email: "first-admin@example.com", displayName: "First Admin", password: "lantern-river-42" };
let app: AppProcess | undefined;
let port = 0;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  // No AUTH_SECRET or PUBLIC_URL, as a newcomer starts it; up once it has logged the setup link.
  app = await startAppProcess({
    name: "the first-run server",
    dataDir: `${E2E_DATA_DIR}-first-run`,
    keepDataDir: true,
    env: { DEMO_CONTENT: "true", NODE_ENV: "production", LOG_LEVEL: "warn", MAP_STYLE_URL: "offline", PUBLIC_URL: undefined },
    ready: { logged: "/setup?token=" },
    wait: { ms: 60_000 },
  });
  port = app.port;
});

test.afterAll(async () => {
  await app?.stop();
});

test("the setup link from the log creates the first administrator, who signs in at 127.0.0.1", async ({ page }) => {
  // A long journey: on a busy machine it takes near the default 30 s.
  test.setTimeout(90_000);
  // The refused form post answers 400, which the browser notes in the console.
  allowConsoleError("status of 400");
  const logged = /http:\/\/localhost:\d+(\/setup\?token=[\w-]+)/.exec(app!.output())!;
  const site = `http://127.0.0.1:${port}`;
  await page.goto(`${site}${logged[1]}`);
  await expect(page.getByRole("heading", { name: "Set up the site" })).toBeVisible();
  await expectNoAxeViolations(page);
  // The setup page exists only here, on a site without an administrator.
  const served = await page.request.get(`${site}${logged[1]}`);
  expect(await nuHtmlErrors(new Map([["/setup", await served.text()]]))).toEqual([]);

  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Display name").fill(admin.displayName);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByLabel("Confirm password").fill("not-the-same-1");
  await page.getByRole("button", { name: "Create administrator" }).click();
  await expect(page.getByText(messages.auth.passwordsDoNotMatch)).toBeVisible();
  await expect(page.getByLabel("Confirm password")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Confirm password")).toBeFocused();
  await expect(page.getByLabel("Email")).toHaveValue(admin.email);
  await expect(page.getByLabel("Display name")).toHaveValue(admin.displayName);

  await page.getByLabel("Confirm password").fill(admin.password);
  await page.getByRole("button", { name: "Create administrator" }).click();
  await expect(page).toHaveURL(`${site}/login?setup=done`);
  await expect(page.getByText(messages.setup.created)).toBeVisible();

  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Login" }).click();
  // The dashboard, which opens its first tab.
  await expect(page).toHaveURL(`${site}/admin/my-account`);

  const gone = await page.goto(`${site}${logged[1]}`);
  expect(gone?.status()).toBe(404);
});

test("opened at an address the site does not trust, sign-in says where the site lives", async () => {
  // A name of this machine other than localhost: what a phone on the same network, or a proxy's name, would use.
  const browser = await chromium.launch({
    executablePath: fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined,
    args: ["--no-sandbox", "--host-resolver-rules=MAP niche-lan.test 127.0.0.1"],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`http://niche-lan.test:${port}/login`);
    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Password").fill(admin.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("alert")).toHaveText(messages.auth.untrustedOrigin(`http://localhost:${port}`));
    await expect(page.getByText(messages.auth.loginFailed)).toHaveCount(0);
  } finally {
    await browser.close();
  }
  expect(app!.output().split("\n").filter((line) => line.includes(`http://niche-lan.test:${port}`))).toHaveLength(1);
});
