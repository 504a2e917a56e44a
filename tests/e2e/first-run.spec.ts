// A first start as a newcomer meets it: PUBLIC_URL unset, no administrator, the site opened at 127.0.0.1 rather
// than localhost. The server of this file is its own (a fresh data directory), so the setup link is in its log.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import { chromium } from "@playwright/test";
import { allowConsoleError, expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { E2E_DATA_DIR } from "./env.ts";
import { messages } from "../../src/shared/messages.ts";
import { nuHtmlErrors } from "./nu-html-checker.ts";

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const admin = { email: "first-admin@example.com", displayName: "First Admin", password: "lantern-river-42" };
let child: ChildProcess | undefined;
let output = "";
let port = 0;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  port = await freePort();
  const dataDir = `${E2E_DATA_DIR}-first-run`;
  fs.rmSync(dataDir, { recursive: true, force: true });
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DEMO_CONTENT: "true",
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    MAP_STYLE_URL: "offline",
    PUBLIC_URL: undefined,
  };
  child = spawn(process.execPath, ["src/server/index.ts"], { env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const deadline = Date.now() + 60_000;
  while (!output.includes("/setup?token=")) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the first-run server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
});

test.afterAll(async () => {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child!.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
});

test("the setup link from the log creates the first administrator, who signs in at 127.0.0.1", async ({ page }) => {
  // A long journey: on a busy machine it takes near the default 30 s.
  test.setTimeout(90_000);
  // The refused form post answers 400, which the browser notes in the console.
  allowConsoleError("status of 400");
  const logged = /http:\/\/localhost:\d+(\/setup\?token=[\w-]+)/.exec(output)!;
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
  expect(output.split("\n").filter((line) => line.includes(`http://niche-lan.test:${port}`))).toHaveLength(1);
});
