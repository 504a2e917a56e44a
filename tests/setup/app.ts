// The HTTP app on a fresh test database, called in-process through `app.request`.
import fs from "node:fs";
import path from "node:path";
import { inject } from "vitest";
import { pino, type Logger } from "pino";
import { createApp, type RenderPage } from "#server/app.ts";
import { createAuth } from "#server/auth/auth.ts";
import { createOrUpdateUser } from "#server/auth/accounts.ts";
import type { Database } from "#server/db/database.ts";
import { newId } from "#server/db/ids.ts";
import { parseEnv } from "#server/env.ts";
import { createServices } from "#server/services.ts";
import type { Mailer, MailMessage } from "#server/mail/mailer.ts";
import { DiskStore } from "#server/storage/storage.ts";
import type { Role } from "#shared/constants.ts";
import { createTestDatabase } from "./database.ts";

export const ORIGIN = "http://localhost:3000";

/**
 * `env` is the configuration the services get, as the server reads it from its environment (only the
 * given variables: the test runner's own environment does not leak in).
 */
export async function createTestApp(
  options: { database?: Database; env?: Record<string, string>; mailer?: Mailer; renderPage?: RenderPage; logger?: Logger } = {},
) {
  const database = options.database ?? (await createTestDatabase());
  const filesDir = path.join(inject("testDir"), `files-${newId(8)}`);
  const store = new DiskStore(filesDir);
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

  /** Creates an account with the given role and signs it in; returns its session cookie. */
  async function signIn(role: Role = "user", email = `${role}-${newId(6).toLowerCase()}@example.com`) {
    const password = "correct horse battery";
    await createOrUpdateUser({ auth }, { email, password, role });
    const response = await request("/api/auth/sign-in/email", { method: "POST", json: { email, password } });
    if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
    const cookie = response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    return { email, password, cookie };
  }

  async function close() {
    await database.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  }

  return { app, database, auth, services, request, signIn, close };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

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
