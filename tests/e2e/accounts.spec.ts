// Accounts end to end: sign-up with a real verification email, login by role with every message, password reset,
// third-party sign-in through a real OpenID Connect provider (popup, cancelled popup, redirect fallback), the
// account page, and the sign-in limit across a restart. Each worker runs its own server, SMTP receiver and
// OpenID Connect provider on loopback, so the provider can be configured and the server restarted.
import path from "node:path";
import Database from "better-sqlite3";
import { request as playwrightRequest, type Page } from "@playwright/test";
import { expect as baseExpect, expectNoAxeViolations, test as base, untilScriptsRun } from "./fixtures.ts";
import { freePort, SERVER_ENV, startAppProcess } from "./app-process.ts";
import { E2E_DATA_DIR } from "./env.ts";
import type { Role } from "#shared/constants.ts";
import { createOrUpdateUser } from "#server/auth/accounts.ts";
import { parseEnv } from "#server/env.ts";
import { openRuntime } from "#server/runtime.ts";
import { startSmtpReceiver, type SmtpReceiver } from "../setup/smtp-receiver.ts";
import { startOidcProvider, type OidcTestProvider } from "../setup/oidc-provider.ts";
import { shoot } from "./screenshots.ts";

const PASSWORD = "lantern-river-42";
// A sign-in through the provider is several round trips; on a busy machine it takes more than the default 5 s.
const expect = baseExpect.configure({ timeout: 15_000 });

interface Site {
  url: string;
  dataDir: string;
  smtp: SmtpReceiver;
  oidc: OidcTestProvider;
  /** Stops the server and starts it again on the same data. */
  restart(): Promise<void>;
  createUser(role: Role, email?: string): Promise<{ email: string; password: string }>;
  sql(statement: string, ...params: unknown[]): void;
  row<T>(query: string, ...params: unknown[]): T | undefined;
}

let counter = 0;
function uniqueEmail(prefix: string) {
  return `${prefix}-${process.pid}-${Date.now()}-${counter++}@example.com`;
}

const test = base.extend<{ clientIp: string }, { site: Site }>({
  // As the shared fixture, except that the browser's note on an API call answered with an error is expected here:
  // these journeys provoke refusals (401, 403, 429) and network failures on purpose, and assert what the user sees.
  consoleErrors: async ({ page, site }, use) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const text = message.text();
      const source = message.location().url;
      if (text.startsWith("Failed to load resource") && (source === page.url() || new URL(source, page.url()).pathname.startsWith("/api/"))) return;
      // The test provider's own login screen (after a redirect) asks for a web font it cannot reach here.
      if (page.url().startsWith(site.oidc.issuer)) return;
      errors.push(text);
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await use(errors);
    expect(errors, "console errors on the page").toEqual([]);
  },
  site: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none.
    async ({}, use, workerInfo) => {
      const port = await freePort();
      const url = `http://localhost:${port}`;
      const dataDir = `${E2E_DATA_DIR}-accounts-w${workerInfo.workerIndex}`;
      const smtp = await startSmtpReceiver();
      const oidc = await startOidcProvider({ redirectUris: [`${url}/api/auth/callback/oidc`] });
      const app = await startAppProcess({
        name: "the accounts test server",
        port,
        dataDir,
        keepDataDir: true,
        env: {
          ...SERVER_ENV,
          // Each test is its own client address, as behind a reverse proxy, so per-IP limits do not mix tests.
          TRUST_PROXY: "true",
          SMTP_URL: smtp.url,
          MAIL_FROM: "Niche <no-reply@niche.test>",
          OIDC_ISSUER: oidc.issuer,
          OIDC_CLIENT_ID: oidc.clientId,
          OIDC_CLIENT_SECRET: oidc.clientSecret,
          // The test provider plays Google, so the spec's "Google Sign-In ..." texts appear.
          OIDC_NAME: "Google",
        },
        ready: { healthz: "localhost" },
        wait: { ms: 60_000 },
      });
      // The server's database opened in this worker with the code of `npm run user:create` (a process per account
      // cost each journey seconds of start-up).
      const runtime = await openRuntime(parseEnv({ ...app.env, LOG_LEVEL: "silent" }));
      await use({
        url,
        dataDir,
        smtp,
        oidc,
        restart: () => app.restart(),
        async createUser(role, email = uniqueEmail(role)) {
          await createOrUpdateUser(runtime, { email, password: PASSWORD, role });
          return { email, password: PASSWORD };
        },
        sql(statement, ...params) {
          const db = new Database(path.join(dataDir, "niche.sqlite"));
          try {
            db.prepare(statement).run(...params);
          } finally {
            db.close();
          }
        },
        row<T>(query: string, ...params: unknown[]) {
          const db = new Database(path.join(dataDir, "niche.sqlite"), { readonly: true });
          try {
            return db.prepare(query).get(...params) as T | undefined;
          } finally {
            db.close();
          }
        },
      });
      await runtime.close();
      await app.stop();
      await oidc.close();
      await smtp.close();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ site }, use) => use(site.url),
  // eslint-disable-next-line no-empty-pattern -- as above: no dependencies.
  clientIp: async ({}, use, testInfo) => {
    const n = [...testInfo.testId].reduce((sum, c) => (sum * 31 + c.charCodeAt(0)) % 65_000, 7);
    await use(`10.${testInfo.workerIndex % 250}.${Math.floor(n / 250)}.${(n % 250) + 1}`);
  },
  extraHTTPHeaders: async ({ clientIp }, use) => use({ "X-Forwarded-For": clientIp }),
});

// Accounts are made with the command-line tool's code, and argon2 hashing is slow on purpose: journeys get more time.
test.describe.configure({ mode: "default", timeout: 90_000 });

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

async function account(page: Page) {
  const response = await page.request.get("/api/v1/account");
  expect(response.status()).toBe(200);
  return (await response.json()) as { email: string; displayName: string; photoURL: string | null; provider: string | null; lastLogin: string; emailVerified: boolean; role: string };
}

/** Goes through the test provider's own login and consent screens (in the popup, or in the page after a redirect). */
async function approveAtProvider(screen: Page, email: string) {
  await screen.locator('input[name="login"]').fill(email);
  await screen.locator('input[name="password"]').fill("anything");
  await screen.getByRole("button", { name: "Sign-in" }).click();
  await screen.getByRole("button", { name: "Continue" }).click();
}

test.describe("sign-up", () => {
  test("signs up as a business, verifies by the emailed link, is guided through onboarding, comes back where it stopped, and sees what is left and an unread announcement on the dashboard", async ({ page, site }) => {
    const email = uniqueEmail("newcomer");
    await page.goto("/signup");
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("placeholder", "min. 6 characters");
    await expectNoAxeViolations(page);

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByLabel("Business owner / representative").check();
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText("Account created as business! Please check your email for verification.");

    // Sign-up signs no one in: the account waits, unverified, for the emailed link.
    await expect(page.getByRole("link", { name: "Go to the login page" })).toHaveAttribute("href", "/login");
    expect((await page.request.get("/api/v1/account")).status()).toBe(401);
    const created = site.row<{ role: string; emailVerified: number; displayName: string }>('select role, "emailVerified", "displayName" from "user" where email = ?', email);
    expect(created).toEqual({ role: "user", emailVerified: 0, displayName: email.split("@")[0] });

    const mail = await site.smtp.waitFor(email, /Verify your email address/);
    const link = site.smtp.linkIn(mail, `${site.url}/api/auth/verify-email?`);
    await page.goto(link);
    // A business owner lands on the onboarding, at the step after the verified address: claiming their business.
    await expect(page).toHaveURL("/myqsa/profile-setup");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Set Up Your Profile");
    const steps = page.getByRole("navigation", { name: "Setup steps" });
    const current = steps.locator('[aria-current="step"]');
    await expect(steps.getByRole("listitem")).toHaveCount(4);
    await expect(steps.getByRole("link", { name: /Verify your email address/ })).toContainText("Done");
    await expect(current).toContainText("Find and claim your business, or propose it");
    await expectNoAxeViolations(page);

    // Every step is a link reached by keyboard: the notifications are chosen first, which completes that step.
    await steps.getByRole("link", { name: /Choose your notifications/ }).focus();
    await page.keyboard.press("Enter");
    await expect(current).toContainText("Choose your notifications");
    await page.getByRole("button", { name: "Save notification preferences" }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText("Notification preferences saved.");
    await expect(steps.getByRole("link", { name: /Choose your notifications/ })).toContainText("Done");

    // Leaving and coming back opens the step where the person stopped.
    await page.goto("/events");
    await page.goto("/myqsa/profile-setup");
    await expect(current).toContainText("Find and claim your business, or propose it");
    await shoot(page, "profile-setup");

    // The step's search finds the business in the directory; its page's "Is this your business?" claims it.
    const businesses = (await (await page.request.get("/api/v1/businesses")).json()) as Array<{ id: string; name: string }>;
    const business = businesses[0]!;
    const search = page.getByRole("search", { name: "Find your business" });
    await search.getByLabel("Business name").fill(business.name);
    await search.getByRole("button", { name: "Search" }).click();
    await page.getByRole("main").getByRole("link", { name: business.name, exact: true }).first().click();
    await expect(page).toHaveURL(`/business/${business.id}`);
    await page.getByText("Is this your business?").click();
    await page.getByLabel("Your role at the business").fill("Owner");
    await page.getByLabel("Phone number").fill("905 555 0142");
    await page.getByRole("button", { name: "Claim this business" }).click();
    await expect(page.getByText(`Your claim of ${business.name} waits for an administrator`, { exact: false })).toBeVisible();

    // Back on the onboarding, the claim waits; what is left is the listing, once the business is theirs.
    await page.goto("/myqsa/profile-setup");
    await expect(steps.getByRole("link", { name: /Find and claim/ })).toContainText("Done");
    await expect(current).toContainText("Complete your listing");
    await expect(page.getByText("Once your business is yours, add its opening hours, photos and description.")).toBeVisible();
    await steps.getByRole("link", { name: /Find and claim/ }).click();
    await expect(page.getByText(`Your claim of ${business.name} is waiting for approval.`)).toBeVisible();

    await page.getByRole("link", { name: "Continue to your dashboard" }).click();
    await expect(page).toHaveURL("/myqsa/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome, ${email.split("@")[0]}!`);
    await expect(page.getByText(`${email} is verified.`)).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Member pages" }).getByRole("link", { name: "My Account" })).toBeVisible();
    const needs = page.getByRole("region", { name: "What needs you" });
    await expect(needs.getByRole("listitem")).toHaveText([/Complete your listing/]);
    await expect(page.getByRole("region", { name: "Your businesses" })).toContainText(`${business.name}`);
    // Not a member yet: invited to claim or propose instead of the members' sections.
    await expect(page.getByRole("region", { name: "Members only" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Latest announcements" })).toHaveCount(0);
    expect(await account(page)).toMatchObject({ email, role: "user", emailVerified: true, displayName: email.split("@")[0] });
    await expectNoAxeViolations(page);

    // An administrator approves the claim and publishes an announcement: the new member sees it marked unread.
    const admin = await site.createUser("admin");
    const adminApi = await playwrightRequest.newContext({ baseURL: site.url, extraHTTPHeaders: { Origin: site.url } });
    expect((await adminApi.post("/api/auth/sign-in/email", { data: { email: admin.email, password: admin.password } })).status()).toBe(200);
    const pending = (await (await adminApi.get("/api/v1/requests?status=pending&kind=claim")).json()) as Array<{ id: string; businessId: string }>;
    const claim = pending.find((r) => r.businessId === business.id)!;
    expect((await adminApi.post(`/api/v1/requests/${claim.id}/approve`, { data: {} })).status()).toBe(200);
    const title = `Street festival ${counter++}`;
    const published = await adminApi.post("/api/v1/announcements", { data: { title, body: "<p>Join us.</p>", publishAt: new Date(Date.now() - 60_000).toISOString() } });
    expect(published.status()).toBe(201);
    const meetingTitle = `Spring general meeting ${counter++}`;
    const startsAt = new Date(Date.now() + 3 * 24 * 3_600_000);
    const arranged = await adminApi.post("/api/v1/meetings", {
      data: { title: meetingTitle, startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 2 * 3_600_000).toISOString(), place: "Town hall", agenda: "" },
    });
    expect(arranged.status()).toBe(201);
    const meetingId = ((await arranged.json()) as { id: string }).id;
    await adminApi.dispose();

    // Signing in again, a member with nothing waiting lands on the dashboard.
    await page.context().clearCookies();
    await logIn(page, email, PASSWORD);
    await expect(page).toHaveURL("/myqsa/dashboard");
    const latest = page.getByRole("region", { name: "Latest announcements" });
    await expect(latest.getByRole("link", { name: `${title} (unread)` })).toBeVisible();
    await expect(latest.getByRole("link", { name: /^All announcements/ })).toHaveAttribute("href", "/myqsa/announcements");
    await expect(page.getByRole("region", { name: "Members only" })).toHaveCount(0);
    // The meeting to come, not answered yet: in the next meetings, and a task to answer it.
    const meetings = page.getByRole("region", { name: "Next meetings" });
    await expect(meetings.getByRole("link", { name: `${meetingTitle} (not answered)` })).toHaveAttribute("href", `/myqsa/meetings/${meetingId}`);
    await expect(page.getByRole("region", { name: "What needs you" }).getByRole("link", { name: `See the meeting: Answer: ${meetingTitle}` })).toHaveAttribute("href", `/myqsa/meetings/${meetingId}`);
    // The header's account menu leads to the dashboard and My Business.
    // The menu's code comes apart from the page's first scripts (decision 0055): a press before it has come opens
    // nothing, and the person presses again.
    await expect(async () => {
      await page.getByRole("banner").getByRole("button", { name: "Account menu" }).click();
      await expect(page.getByRole("menuitem", { name: "Dashboard" })).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await expect(page.getByRole("menuitem", { name: "Dashboard" })).toHaveAttribute("href", "/myqsa/dashboard");
    await expect(page.getByRole("menuitem", { name: "My Business" })).toHaveAttribute("href", "/mybusiness");
    await page.keyboard.press("Escape");
    await shoot(page, "member-dashboard");
    await expectNoAxeViolations(page);
  });

  test("shows the spec's message for each refused sign-up, a taken address's beside the email", async ({ page, site }) => {
    const taken = await site.createUser("user");
    await page.goto("/signup");
    const email = page.getByLabel("Email");
    const password = page.getByLabel("Password", { exact: true });
    const confirm = page.getByLabel("Confirm password");
    const submit = page.getByRole("button", { name: "Sign Up", exact: true });
    const alert = page.getByRole("main").getByRole("alert");

    // A mismatch is told beside the confirmation, which gets the focus; what was typed stays.
    const refusedEmail = uniqueEmail("refused");
    await email.fill(refusedEmail);
    await password.fill(PASSWORD);
    await confirm.fill("something-else-1");
    await submit.click();
    await expect(confirm).toHaveAccessibleDescription("Passwords do not match.");
    await expect(confirm).toHaveAttribute("aria-invalid", "true");
    await expect(confirm).toBeFocused();
    await expect(password).not.toHaveAttribute("aria-invalid");
    await expect(alert).toHaveCount(0);
    await expect(email).toHaveValue(refusedEmail);
    await expect(password).toHaveValue(PASSWORD);
    await expect(confirm).toHaveValue("something-else-1");
    await expectNoAxeViolations(page);

    // A password the server refuses is told beside the password.
    for (const weak of ["abc12", "password1"]) {
      await password.fill(weak);
      await confirm.fill(weak);
      await submit.click();
      await expect(password).toHaveAccessibleDescription("Password is too weak. Please use at least 6 characters.");
      await expect(password).toHaveAttribute("aria-invalid", "true");
      await expect(password).toBeFocused();
      await expect(confirm).not.toHaveAttribute("aria-invalid");
      await expect(password).toHaveValue(weak);
    }

    await page.route("**/api/auth/sign-up/email", (route) => route.abort("connectionrefused"));
    await email.fill(uniqueEmail("offline"));
    await password.fill(PASSWORD);
    await confirm.fill(PASSWORD);
    await submit.click();
    await expect(alert).toHaveText("Signup failed. Please try again.");
    await expect(password).not.toHaveAttribute("aria-invalid");
    await page.unroute("**/api/auth/sign-up/email");

    // A taken address is told beside the email (the form's proof of work and the per-address limit keep such
    // answers slow to collect); its owner is told by email, and no one is signed in.
    await email.fill(taken.email);
    await submit.click();
    await expect(email).toHaveAccessibleDescription("This email address is already registered.");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toBeFocused();
    await expect(email).toHaveValue(taken.email);
    await expect(password).not.toHaveAttribute("aria-invalid");
    await expect(alert).toHaveCount(0);
    await expectNoAxeViolations(page);
    const notice = await site.smtp.waitFor(taken.email, /tried to create an account/);
    expect(site.smtp.linkIn(notice, `${site.url}/login`)).toBe(`${site.url}/login`);
    expect((await page.request.get("/api/v1/account")).status()).toBe(401);
  });
});

test.describe("login", () => {
  test("sends each role to its page", async ({ page, site }) => {
    for (const [role, landing] of [
      ["user", "/myaccount"],
      ["business", "/mybusiness"],
      // /admin opens its first tab.
      ["admin", "/admin/my-account"],
    ] as const) {
      const user = await site.createUser(role);
      await logIn(page, user.email, user.password);
      await expect(page).toHaveURL(landing);
      await page.context().clearCookies();
    }
  });

  test("shows the spec's message for each refused login", async ({ page, site }) => {
    const user = await site.createUser("user");
    await page.goto("/login");
    await expectNoAxeViolations(page);
    const alert = page.getByRole("main").getByRole("alert");

    await logIn(page, uniqueEmail("nobody"), PASSWORD);
    await expect(alert).toHaveText("Invalid email or password.");
    await logIn(page, user.email, "not-the-password");
    await expect(alert).toHaveText("Invalid email or password.");

    // A refusal that is not about the credentials: a banned account.
    const banned = await site.createUser("user");
    site.sql('update "user" set banned = 1 where email = ?', banned.email);
    await logIn(page, banned.email, banned.password);
    await expect(alert).toHaveText("Login failed. Please try again.");
    await expect(page).toHaveURL("/login");
  });

  test("says so and goes to the account page when the role cannot be read", async ({ page, site }) => {
    const user = await site.createUser("business");
    await page.route("**/api/v1/me", (route) => route.abort("connectionreset"));
    await logIn(page, user.email, user.password);
    await expect(page.getByRole("main").getByRole("status")).toHaveText("Login successful, but could not verify user role. Redirecting to your account.");
    await page.unroute("**/api/v1/me");
    await expect(page).toHaveURL("/myaccount");
    await expect(page.getByRole("heading", { name: "My Account" })).toBeVisible();
  });

  test("tells a signed-in visitor who they are, and logs out (with a message when that fails)", async ({ page, site }) => {
    const user = await site.createUser("user");
    await logIn(page, user.email, user.password);
    await expect(page).toHaveURL("/myaccount");

    await page.goto("/login");
    await expect(page.getByText(`You are already logged in as ${user.email}`)).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to My Account" })).toHaveAttribute("href", "/myaccount");
    await expectNoAxeViolations(page);

    await page.route("**/api/auth/sign-out", (route) => route.abort("connectionreset"));
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("Logout failed. Please try again.");
    await page.unroute("**/api/auth/sign-out");

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByRole("button", { name: "Login", exact: true })).toBeVisible();
    expect((await page.request.get("/api/v1/me")).status()).toBe(401);
  });

  test("refuses an address after 5 failed attempts on an account, even with the right password, also after a restart; the owner elsewhere still gets in", async ({ page, site }) => {
    const user = await site.createUser("user");
    for (let i = 0; i < 5; i++) {
      await logIn(page, user.email, `wrong-password-${i}`);
      await expect(page.getByRole("main").getByRole("alert")).toHaveText("Invalid email or password.");
    }
    await logIn(page, user.email, user.password);
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(/^Too many failed sign-in attempts for this account\. Please try again in 1[45] minutes\.$/);

    await site.restart();
    await logIn(page, user.email, user.password);
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(/^Too many failed sign-in attempts/);
    await expect(page).toHaveURL("/login");
    // Whoever failed from this address cannot keep the account's owner out: from another address the password works.
    const owner = await page.request.post("/api/auth/sign-in/email", {
      data: { email: user.email, password: user.password },
      headers: { Origin: site.url, "X-Forwarded-For": "192.0.2.99" },
    });
    expect(owner.status()).toBe(200);
  });
});

test("resets a forgotten password through the emailed link, once", async ({ page, site }) => {
  // A long journey: on a busy machine it takes near the default 30 s.
  test.setTimeout(90_000);
  const user = await site.createUser("user");
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL("/forgot-password");
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("If an account exists for that address");
  await expectNoAxeViolations(page);

  const mail = await site.smtp.waitFor(user.email, /Reset your password/);
  const link = site.smtp.linkIn(mail, `${site.url}/api/auth/reset-password/`);
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await expect(page.getByRole("heading", { name: "Choose a New Password" })).toBeVisible();

  const newPassword = page.getByLabel("New password", { exact: true });
  const confirmPassword = page.getByLabel("Confirm new password");
  const setPassword = page.getByRole("button", { name: "Set new password" });
  // A mismatch is told beside the confirmation, which gets the focus; what was typed stays.
  await newPassword.fill("fresh-harbour-77");
  await confirmPassword.fill("fresh-harbour-78");
  await setPassword.click();
  await expect(confirmPassword).toHaveAccessibleDescription("Passwords do not match.");
  await expect(confirmPassword).toHaveAttribute("aria-invalid", "true");
  await expect(confirmPassword).toBeFocused();
  await expect(newPassword).toHaveValue("fresh-harbour-77");
  await expect(confirmPassword).toHaveValue("fresh-harbour-78");
  await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
  await expectNoAxeViolations(page);

  await newPassword.fill("password1");
  await confirmPassword.fill("password1");
  await setPassword.click();
  await expect(newPassword).toHaveAccessibleDescription("Password is too weak. Please use at least 6 characters.");
  await expect(newPassword).toHaveAttribute("aria-invalid", "true");
  await expect(newPassword).toBeFocused();
  await expect(confirmPassword).not.toHaveAttribute("aria-invalid");

  await newPassword.fill("fresh-harbour-77");
  await confirmPassword.fill("fresh-harbour-77");
  await setPassword.click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("Your password has been changed");

  await logIn(page, user.email, user.password);
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Invalid email or password.");
  await logIn(page, user.email, "fresh-harbour-77");
  await expect(page).toHaveURL("/myaccount");

  await page.goto(link);
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("This reset link is invalid or has expired. Please ask for a new one.");
});

test.describe("the account page", () => {
  test("sends a signed-out visitor to the login page", async ({ page }) => {
    await page.goto("/myaccount");
    await expect(page).toHaveURL("/login");
  });

  test("shows the email, changes the display name with the spec's messages, and logs out", async ({ page, site }) => {
    const user = await site.createUser("user");
    await logIn(page, user.email, user.password);
    await expect(page).toHaveURL("/myaccount");
    await expect(page.getByLabel("Email")).toHaveValue(user.email);
    await expect(page.getByLabel("Email")).toHaveAttribute("readonly", "");
    await expectNoAxeViolations(page);

    const name = page.getByLabel("Display name");
    const save = page.getByRole("button", { name: "Save display name" });
    // Told beside the field, which gets the focus and keeps what was typed.
    await name.fill("   ");
    await save.click();
    await expect(name).toHaveAccessibleDescription("Display name cannot be empty.");
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toBeFocused();
    await expect(name).toHaveValue("   ");
    await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
    await expectNoAxeViolations(page);

    await name.fill("x".repeat(81));
    await save.click();
    await expect(name).toHaveAccessibleDescription("Failed to update display name: Display name must be at most 80 characters.");
    await expect(name).toBeFocused();
    await expect(name).toHaveValue("x".repeat(81));

    await name.fill("Queen Street Books");
    await save.click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText("Display name saved.");
    await expect(name).not.toHaveAttribute("aria-invalid");
    await page.reload();
    await expect(page.getByLabel("Display name")).toHaveValue("Queen Street Books");

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL("/login");
    await expect(page.getByRole("button", { name: "Login", exact: true })).toBeVisible();
  });

  test("says so when the account cannot be loaded", async ({ page, site }) => {
    const user = await site.createUser("user");
    await logIn(page, user.email, user.password);
    await expect(page).toHaveURL("/myaccount");
    // A full load reads the account on the server; moving to the page within the site, the browser reads it.
    await page.goto("/myqsa/dashboard");
    await page.route("**/api/v1/account", (route) => route.abort("connectionreset"));
    await page.getByRole("main").getByRole("link", { name: "My Account" }).click();
    await expect(page).toHaveURL("/myaccount");
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("Failed to load account details.");
  });
});

test.describe("third-party sign-in", () => {
  test("signs in through the popup, creating the user, and refreshes name and picture on the next sign-in", async ({ page, site }) => {
    const email = uniqueEmail("popup");
    site.oidc.setProfile(email, { name: "Pat Popup", picture: `${site.url}/favicon.svg` });
    await page.goto("/login");
    const popupOpened = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    const popup = await popupOpened;
    await approveAtProvider(popup, email);
    await expect(page).toHaveURL("/myaccount");
    const first = await account(page);
    expect(first).toMatchObject({ email, displayName: "Pat Popup", photoURL: `${site.url}/favicon.svg`, provider: "oidc", role: "user", emailVerified: true });

    // The popup sent the page on to /myaccount: its scripts run before Logout is pressed, as a person waits for them.
    await untilScriptsRun(page);
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL("/login");
    await untilScriptsRun(page);
    site.oidc.setProfile(email, { name: "Pat Renamed", picture: `${site.url}/favicon.svg?v=2` });
    const again = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await again;
    // The provider remembers the earlier sign-in and consent, so the popup finishes on its own (the provider's
    // screens, the callback and the popup's closing take a few round trips on a busy machine).
    await expect(page).toHaveURL("/myaccount", { timeout: 20_000 });
    const later = await account(page);
    expect(later).toMatchObject({ displayName: "Pat Renamed", photoURL: `${site.url}/favicon.svg?v=2`, provider: "oidc" });
    expect(new Date(later.lastLogin).getTime()).toBeGreaterThan(new Date(first.lastLogin).getTime());
  });

  test("says the sign-in was cancelled when the popup is closed, and stays silent on sign-up", async ({ page }) => {
    await page.goto("/login");
    let popupOpened = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await (await popupOpened).close();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("Google Sign-In cancelled.");

    await page.goto("/signup");
    popupOpened = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Sign up with Google" }).click();
    await (await popupOpened).close();
    await expect(page.getByRole("button", { name: "Sign up with Google" })).toBeEnabled();
    await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
  });

  test("reports a sign-in the provider refused", async ({ page }) => {
    await page.goto("/login");
    const popupOpened = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    const popup = await popupOpened;
    await popup.getByRole("link", { name: "[ Cancel ]" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("Google Sign-In failed. Please try again.");

    await page.goto("/signup");
    const signUpPopup = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Sign up with Google" }).click();
    await (await signUpPopup).getByRole("link", { name: "[ Cancel ]" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("Google Sign-Up failed. Please try again.");
  });

  test("signs up through the popup and goes on to the profile setup", async ({ page }) => {
    const email = uniqueEmail("newpopup");
    await page.goto("/signup");
    const popupOpened = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Sign up with Google" }).click();
    await approveAtProvider(await popupOpened, email);
    await expect(page).toHaveURL("/myqsa/profile-setup");
    await expect(page.getByRole("heading", { name: "Set Up Your Profile" })).toBeVisible();
    // The popup sent the page on: its scripts run before the form is used, as a person waits for them.
    await untilScriptsRun(page);
    await page.getByLabel("Display name").fill("Neighbour Nell");
    await page.getByRole("button", { name: "Save display name" }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText("Display name saved.");
    await expectNoAxeViolations(page);
    expect(await account(page)).toMatchObject({ email, displayName: "Neighbour Nell", provider: "oidc" });
  });

  test("falls back to a full-page redirect when the browser blocks the popup", async ({ page, site }) => {
    // A blocked popup is a window.open that returns null.
    await page.addInitScript(() => {
      window.open = () => null;
    });
    const email = uniqueEmail("redirect");
    site.oidc.setProfile(email, { name: "Rita Redirect", picture: `${site.url}/favicon.svg` });
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await page.waitForURL(`${site.oidc.issuer}/**`);
    await approveAtProvider(page, email);
    await expect(page).toHaveURL("/myaccount");
    expect(await account(page)).toMatchObject({ email, displayName: "Rita Redirect", provider: "oidc" });
  });
});
