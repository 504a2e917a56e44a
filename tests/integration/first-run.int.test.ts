// A fresh install as a newcomer meets it: PUBLIC_URL unset, no administrator, opened at whichever local address.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "#shared/messages.ts";
import { assertBuilt, freshServerEnv, startServer, stopServer, type ServerProcess } from "../setup/server-process.ts";

const admin = { email: "first@example.org", displayName: "First Admin", password: "a-Strong-pass-1" };

function setupLinks(output: string): string[] {
  return [...new Set([...output.matchAll(/(http:\/\/localhost:\d+\/setup\?token=[\w-]+)/g)].map((m) => m[1]!))];
}

/**
 * The setup links a started server has logged: the log line is written once it listens, and may reach its output a
 * moment after the health check that `startServer` waits for is answered.
 */
async function loggedSetupLinks(server: ServerProcess): Promise<string[]> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
    if (setupLinks(server.output()).length > 0) break;
  }
  return setupLinks(server.output());
}

/** A form post as the browser sends it without JavaScript. */
function post(url: string, fields: Record<string, string>) {
  return fetch(url, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });
}

/** Signs in as a browser at `origin` would (with a cookie, so better-auth checks the origin). */
function signIn(server: ServerProcess, origin: string) {
  return fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin, Cookie: "seen=1" },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
}

describe(`a first start on ${process.env.TEST_DB}`, () => {
  let env: Record<string, string>;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    assertBuilt();
    env = await freshServerEnv();
    server = await startServer(env);
  }, 60_000);
  afterAll(() => stopServer(server));

  it("logs a one-time setup link, and the page it opens creates the first administrator", async () => {
    const links = await loggedSetupLinks(server!);
    expect(links).toHaveLength(1);
    const link = links[0]!;
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Create administrator");

    const withoutToken = await fetch(`${server!.url}/setup`);
    expect(withoutToken.status).toBe(403);
    expect(await withoutToken.text()).toContain("This setup link is invalid or has expired.");

    const token = new URL(link).searchParams.get("token")!;
    const mismatch = await post(link, { token, ...admin, confirmPassword: "something-else-1" });
    expect(mismatch.status).toBe(400);
    const mismatchHtml = await mismatch.text();
    expect(mismatchHtml).toContain(messages.auth.passwordsDoNotMatch);
    expect(mismatchHtml).toContain(`value="${admin.email}"`);

    const created = await post(link, { token, ...admin, confirmPassword: admin.password });
    expect(created.status).toBe(302);
    const login = await fetch(new URL(created.headers.get("location")!, server!.url));
    expect(await login.text()).toContain(messages.setup.created);

    expect((await fetch(link)).status).toBe(404);
    expect((await post(link, { token, ...admin, confirmPassword: admin.password })).status).toBe(404);
  });

  it("signs in from every loopback address and port while PUBLIC_URL is unset", async () => {
    const port = new URL(server!.url).port;
    for (const origin of [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`, "http://127.0.0.1:5173"]) {
      const response = await signIn(server!, origin);
      expect(response.status, origin).toBe(200);
    }
  });

  it("refuses another origin with a code the page turns into advice, and warns once naming it", async () => {
    const origin = "http://downtown.example.org:8080";
    for (let i = 0; i < 2; i++) {
      const response = await signIn(server!, origin);
      expect(response.status).toBe(403);
      expect(((await response.json()) as { code: string }).code).toBe("INVALID_ORIGIN");
    }
    const warnings = server!.output().split("\n").filter((line) => line.includes(origin));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('"level":40');
    expect(warnings[0]).toContain(`this site is set up for ${server!.url}`);
  });

  it("logs no setup link at the next start once an administrator exists", async () => {
    await stopServer(server);
    server = await startServer(env);
    expect(server.output()).not.toContain("/setup?token=");
    expect((await fetch(`${server.url}/setup`)).status).toBe(404);
  }, 60_000);
});

describe(`a restart without an administrator on ${process.env.TEST_DB}`, () => {
  it("logs a new link and the earlier one stops working", async () => {
    assertBuilt();
    const env = await freshServerEnv();
    let server = await startServer(env);
    const [first] = await loggedSetupLinks(server);
    await stopServer(server);
    server = await startServer(env);
    try {
      const [second] = await loggedSetupLinks(server);
      expect(second).toBeDefined();
      expect(second).not.toBe(first);
      expect((await fetch(first!)).status).toBe(403);
      expect((await fetch(second!)).status).toBe(200);
    } finally {
      await stopServer(server);
    }
  }, 90_000);
});
