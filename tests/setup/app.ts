// The HTTP app on a fresh test database, called in-process through `app.request`.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { pino, type Logger } from "pino";
import { createApp, type RenderPage } from "#server/app.ts";
import { createAuth } from "#server/auth/auth.ts";
import { createOrUpdateUser } from "#server/auth/accounts.ts";
import { getCurrentUser, type CurrentUser } from "#server/auth/session.ts";
import type { Database } from "#server/db/database.ts";
import { newId } from "#server/db/ids.ts";
import { parseEnv } from "#server/env.ts";
import { createServices } from "#server/services.ts";
import type { Mailer, MailMessage } from "#server/mail/mailer.ts";
import { DiskStore, type ObjectStore } from "#server/storage/storage.ts";
import type { Role } from "#shared/constants.ts";
import { createTestDatabase } from "./database.ts";

export const ORIGIN = "http://localhost:3000";

export interface TestAppOptions {
  database?: Database;
  env?: Record<string, string>;
  mailer?: Mailer;
  renderPage?: RenderPage;
  logger?: Logger;
  /** Where file bytes go; a fresh folder on disk when left out. */
  store?: ObjectStore;
}

/**
 * `env` is the configuration the services get, as the server reads it from its environment (only the
 * given variables: the test runner's own environment does not leak in).
 */
export async function createTestApp(options: TestAppOptions = {}) {
  const database = options.database ?? (await createTestDatabase());
  const filesDir = path.join(inject("testDir"), `files-${newId(8)}`);
  const store = options.store ?? new DiskStore(filesDir);
  const services = createServices({ database, store, env: parseEnv(options.env ?? {}), mailer: options.mailer });
  const auth = createAuth({ database, secret: "test-secret-".padEnd(48, "x"), baseURL: ORIGIN, trustedOrigins: [ORIGIN], trustProxy: false });
  const logger = options.logger ?? pino({ level: "silent" });
  const app = createApp({ database, auth, services, logger, renderPage: options.renderPage });

  /** Sends a request as a browser on our origin would (better-auth refuses writes without an Origin). */
  function request(pathname: string, init: RequestInit & { json?: unknown; cookie?: string } = {}) {
    const headers = new Headers(init.headers);
    headers.set("Origin", ORIGIN);
    if (init.cookie) headers.set("Cookie", init.cookie);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(init.json);
    }
    return app.request(`${ORIGIN}${pathname}`, { ...init, headers, body });
  }

  /** Creates an account with the given role and signs it in; returns its session cookie and the account as the app sees it. */
  async function signIn(role: Role = "user", email = `${role}-${newId(6).toLowerCase()}@example.com`): Promise<SignedIn> {
    const password = "correct horse battery";
    await createOrUpdateUser({ auth }, { email, password, role });
    const response = await request("/api/auth/sign-in/email", { method: "POST", json: { email, password } });
    if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
    const cookie = response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const user = await getCurrentUser(auth, new Headers({ Cookie: cookie }));
    if (!user) throw new Error(`no session for ${email}`);
    return { email, password, cookie, user };
  }

  async function close() {
    await database.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  }

  return { app, database, auth, services, request, signIn, close };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** An account signed in on a test app: its session cookie, and the account as the app sees it. */
export interface SignedIn {
  email: string;
  password: string;
  cookie: string;
  user: CurrentUser;
}

/**
 * The app the tests of one file share: made before them and closed after them. Call it at the top of the file; the
 * answer is filled in once the file's first `beforeAll` has run, in time for its later hooks and its tests. Options
 * that need something made first (a fake server's address) are given as a function run then.
 */
export function setUpTestApp(options: TestAppOptions | (() => TestAppOptions | Promise<TestAppOptions>) = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(typeof options === "function" ? await options() : options));
  });
  // Left unset when making the app failed: that failure is the one to report.
  afterAll(() => t.close?.());
  return t;
}

/**
 * What `make` answers, made before the file's tests (after what is set up above it, the app included): call it at the
 * top of the file and read the answer in tests and hooks, like `setUpTestApp`'s.
 */
export function setUp<T extends object>(make: () => Promise<T>): T {
  const made = {} as T;
  beforeAll(async () => {
    Object.assign(made, await make());
  });
  return made;
}

/** An account with this role signed in on the file's app before its tests (see `setUp`). */
export function setUpSignIn(t: TestApp, role: Role): SignedIn {
  return setUp(() => t.signIn(role));
}

/** The error an API answer carries. */
export interface ApiError {
  code: string;
  message: string;
  fields?: Record<string, string>;
}

/** The error of an API answer. */
export async function errorOf(response: Response): Promise<ApiError> {
  return ((await response.json()) as { error: ApiError }).error;
}

/** The error of an answer refused as invalid (400), with the message of each field at fault. */
export async function invalidOf(response: Response): Promise<ApiError & { fields: Record<string, string> }> {
  expect(response.status).toBe(400);
  return (await errorOf(response)) as ApiError & { fields: Record<string, string> };
}

/** The audit log's entries for one item, newest first, as the administrator whose cookie is given reads them. */
export async function auditTrail(t: TestApp, cookie: string, entityType: string, entityId: string) {
  const { items } = (await (await t.request(`/api/v1/audit-log?entityType=${entityType}`, { cookie })).json()) as {
    items: Array<{ entityId: string; action: string; summary: string; actorEmail: string }>;
  };
  return items.filter((entry) => entry.entityId === entityId);
}

/** A mailer that keeps what it is asked to send. */
export function recordingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}
