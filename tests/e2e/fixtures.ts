// Journeys fail on any console error or uncaught exception (a CSP violation shows up as one), and can sign in directly.
import { test as base, expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import type { Role } from "#shared/constants.ts";
import { createOrUpdateUser } from "#server/auth/accounts.ts";
import { parseEnv } from "#server/env.ts";
import { openRuntime, type Runtime } from "#server/runtime.ts";
import { E2E_DATA_DIR } from "./env.ts";

export interface Account {
  email: string;
  password: string;
  role: Role;
}

let counter = 0;

const ALLOWED_CONSOLE_ERROR = "allowed-console-error";

/** Lets the current test's page log console errors containing `text` (for journeys that break the server on purpose). */
export function allowConsoleError(text: string) {
  base.info().annotations.push({ type: ALLOWED_CONSOLE_ERROR, description: text });
}

/**
 * Pages come whole from the server, and their scripts make them respond afterwards (a visitor's content page even asks
 * for them only once it has painted: src/web/lib/scripts-after-paint.ts): after a page is loaded, journeys wait for
 * them to have run, as a person waits for a page to respond, before acting on it.
 */
export async function untilScriptsRun(page: Page) {
  await page
    .waitForFunction(
      () => !document.querySelector('script[type="text/x-after-paint"], script[type="module"]') || document.documentElement.hasAttribute("data-hydrated"),
    )
    .catch((error: Error) => {
      // A page that navigated away meanwhile (a redirect) is waited for by whatever the journey does next.
      if (error.name === "TimeoutError" || !/context was destroyed|navigat/i.test(error.message)) throw error;
    });
}

const waitsForScripts = new WeakSet<Page>();
const contextsWait = new WeakSet<Browser>();

/**
 * Loading a document in `page` (goto, reload, goBack) waits for the page's scripts to have run, as `untilScriptsRun`.
 * A journey that takes the page as soon as it is committed (`waitUntil: "commit"`) does its own waiting.
 */
function waitForScriptsOnLoad(page: Page): Page {
  if (waitsForScripts.has(page)) return page;
  waitsForScripts.add(page);
  const waiting =
    <A extends unknown[], R>(load: (...args: A) => Promise<R>, takenAtCommit = (..._args: A) => false) =>
    async (...args: A) => {
      const response = await load(...args);
      if (!takenAtCommit(...args)) await untilScriptsRun(page);
      return response;
    };
  page.goto = waiting(page.goto.bind(page), (_url, options) => options?.waitUntil === "commit");
  page.reload = waiting(page.reload.bind(page));
  page.goBack = waiting(page.goBack.bind(page));
  return page;
}

/** Every page of `context` waits for its scripts after a load, as the journey's own page does. */
function waitingContext(context: BrowserContext): BrowserContext {
  context.on("page", waitForScriptsOnLoad);
  return context;
}

export const test = base.extend<{ consoleErrors: string[]; signIn: (role: Role) => Promise<Account> }, { accountsRuntime: Runtime }>({
  page: async ({ page }, use) => {
    await use(waitForScriptsOnLoad(page));
  },

  /** Pages a journey opens in browser contexts of its own (a second visitor, an administrator) wait the same way. */
  browser: [
    async ({ browser }, use) => {
      if (!contextsWait.has(browser)) {
        contextsWait.add(browser);
        const newContext = browser.newContext.bind(browser);
        browser.newContext = async (...args) => waitingContext(await newContext(...args));
      }
      await use(browser);
    },
    { scope: "worker" },
  ],

  /** The journeys' server's database, opened once per worker with the code of `npm run user:create`. */
  accountsRuntime: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none.
    async ({}, use) => {
      const runtime = await openRuntime(parseEnv({ ...process.env, DATA_DIR: E2E_DATA_DIR, DEMO_CONTENT: "true", LOG_LEVEL: "silent" }));
      await use(runtime);
      await runtime.close();
    },
    { scope: "worker" },
  ],

  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        // A page answered with an error status (the 404 page) is reported as a failed load of the document itself.
        const ownDocument = message.text().startsWith("Failed to load resource") && message.location().url === page.url();
        // A journey that breaks the server on purpose names the failures it expects (see allowConsoleError).
        const expected = base.info().annotations.some(
          (a) => a.type === ALLOWED_CONSOLE_ERROR && a.description !== undefined && message.text().includes(a.description),
        );
        if (!ownDocument && !expected) errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "console errors on the page").toEqual([]);
    },
    { auto: true },
  ],

  /** Creates an account as the command-line tool does and signs the browser in through the auth API. */
  signIn: async ({ page, baseURL, accountsRuntime }, use) => {
    await use(async (role) => {
      const account = {
        email: `${role}-${process.pid}-${Date.now()}-${counter++}@example.com`,
        password: "e2e-Password-1",
        role,
      };
      await createOrUpdateUser(accountsRuntime, { email: account.email, password: account.password, role });
      const response = await page.request.post("/api/auth/sign-in/email", {
        data: { email: account.email, password: account.password },
        headers: { Origin: baseURL! },
      });
      expect(response.status()).toBe(200);
      return account;
    });
  },
});

export { expect };

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(summary).toEqual([]);
}
