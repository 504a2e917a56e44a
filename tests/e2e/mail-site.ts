// A server of a journey's own that sends its mail to a real SMTP server on loopback (the shared journeys' server sends
// none), with the accounts those journeys make: administrators, and members (`business` accounts made owners of a demo
// business by an administrator).
import { request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import { createOrUpdateUser } from "#server/auth/accounts.ts";
import { parseEnv } from "#server/env.ts";
import { openRuntime, type Runtime } from "#server/runtime.ts";
import { startSmtpReceiver, type SmtpReceiver } from "../setup/smtp-receiver.ts";
import { freePort, SERVER_ENV, startAppProcess, type AppProcess } from "./app-process.ts";
import { E2E_DATA_DIR } from "./env.ts";
import { expect, test } from "./fixtures.ts";

export interface MailSite {
  url: string;
  smtp: SmtpReceiver;
  runtime: Runtime;
  /** Tells this journey's accounts apart from others'. */
  name: string;
}

/** The journeys' `test`, with `site`: a server named `name` (its data folder and accounts are named after it). */
export function mailSiteTest(name: string) {
  return test.extend<object, { site: MailSite }>({
    site: [
      // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none.
      async ({}, use, workerInfo) => {
        const port = await freePort();
        const dataDir = `${E2E_DATA_DIR}-${name}-w${workerInfo.workerIndex}`;
        const smtp = await startSmtpReceiver();
        const app: AppProcess = await startAppProcess({
          name: `the ${name} test server`,
          port,
          dataDir,
          env: { ...SERVER_ENV, SMTP_URL: smtp.url, MAIL_FROM: "Niche <no-reply@niche.test>", PUBLIC_URL: `http://localhost:${port}` },
          ready: { healthz: "localhost" },
          wait: { ms: 60_000 },
        });
        const runtime = await openRuntime(parseEnv({ ...process.env, DATA_DIR: dataDir, DEMO_CONTENT: "true", LOG_LEVEL: "silent" }));
        await use({ url: app.url, smtp, runtime, name });
        await runtime.close();
        await app.stop();
        await smtp.close();
      },
      { scope: "worker", timeout: 120_000 },
    ],
    baseURL: async ({ site }, use) => use(site.url),
  });
}

export const PASSWORD = "e2e-Member-pass-7";
let counter = 0;

export async function account(site: MailSite, role: "admin" | "business" | "user") {
  const email = `${role}-${site.name}-${process.pid}-${Date.now()}-${counter++}@example.com`;
  await createOrUpdateUser(site.runtime, { email, password: PASSWORD, role });
  return email;
}

export async function signInPage(page: Page, site: MailSite, email: string) {
  const response = await page.request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD }, headers: { Origin: site.url } });
  expect(response.status()).toBe(200);
}

/** A member: a `business` account made the owner of a demo business by the administrator. */
export async function member(site: MailSite, admin: APIRequestContext, businessId: string) {
  const email = await account(site, "business");
  expect((await admin.post(`/api/v1/businesses/${businessId}/owners`, { data: { email }, headers: { Origin: site.url } })).status()).toBe(200);
  return email;
}

/** An administrator (signed in on an API context of their own) and two members, owners of the first two demo businesses. */
export async function adminAndTwoMembers(site: MailSite) {
  const adminEmail = await account(site, "admin");
  const admin = await playwrightRequest.newContext({ baseURL: site.url });
  expect((await admin.post("/api/auth/sign-in/email", { data: { email: adminEmail, password: PASSWORD }, headers: { Origin: site.url } })).status()).toBe(200);
  const businesses = (await (await admin.get("/api/v1/businesses")).json()) as Array<{ id: string }>;
  const [first, second] = await Promise.all([member(site, admin, businesses[0]!.id), member(site, admin, businesses[1]!.id)]);
  return { adminEmail, admin, first, second };
}
