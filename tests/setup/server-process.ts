// Runs the real server (`node src/server/index.ts`) as a child process for tests of start-up, durability and backups.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterEach, expect, inject } from "vitest";
import { newId } from "#server/db/ids.ts";
import { databaseUrl, withAdminClient } from "./postgres.ts";

export const ROOT = path.resolve(import.meta.dirname, "../..");

export interface ServerProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
  url: string;
}

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export function assertBuilt() {
  if (!fs.existsSync(path.resolve(ROOT, process.env.BUILD_DIR ?? "build", "server/index.js"))) {
    throw new Error("run `npm run build` before this test");
  }
}

export function runNode(script: string, args: string[], env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      LOG_LEVEL: "warn",
      ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
      // CI keeps compiled modules between processes (.ci/run): each of the many servers these tests start loads faster.
      ...(process.env.NODE_COMPILE_CACHE ? { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output, url: `http://localhost:${env.PORT ?? ""}` };
}

/** Starts the server and waits until /healthz answers. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const server = runNode("src/server/index.ts", [], env);
  const deadline = Date.now() + 30_000;
  let stopped = false;
  void server.exited.then(() => (stopped = true));
  while (Date.now() < deadline && !stopped) {
    try {
      if ((await fetch(`${server.url}/healthz`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  server.child.kill("SIGKILL");
  throw new Error(`the server did not become healthy:\n${server.output()}`);
}

export async function stopServer(server: ServerProcess | undefined, signal: NodeJS.Signals = "SIGTERM") {
  if (!server || server.child.exitCode !== null) return;
  server.child.kill(signal);
  await server.exited;
}

/**
 * A `start` for the servers a file's tests run: each is killed after its test (SIGKILL, so that a failed test leaves
 * no server behind). Call it at the top of the file.
 */
export function startedPerTest(): (env: Record<string, string>) => Promise<ServerProcess> {
  let running: ServerProcess[] = [];
  afterEach(async () => {
    await Promise.all(running.map((s) => stopServer(s, "SIGKILL")));
    running = [];
  });
  return async (env) => {
    const server = await startServer(env);
    running.push(server);
    return server;
  };
}

/** Environment for a server on a fresh, empty database of this suite's engine. */
export async function freshServerEnv(): Promise<Record<string, string>> {
  const env: Record<string, string> = {
    PORT: String(await freePort()),
    DATA_DIR: path.join(inject("testDir"), `server-${newId(6)}`),
    AUTH_SECRET: "server-start-test-secret-long-enough-xx",
  };
  if (process.env.TEST_DB === "postgres") {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `${inject("pgPrefix")}server_${newId(6).toLowerCase()}`;
    await withAdminClient(adminUrl, (client) => client.query(`create database ${name}`));
    env.DATABASE_URL = databaseUrl(adminUrl, name);
  }
  return env;
}

/** Creates an account with `npm run user:create` (which migrates a fresh database first). */
export async function createAccount(env: Record<string, string>, email: string, password: string, role: string) {
  const cli = runNode("src/server/cli/user-create.ts", ["--email", email, "--password", password, "--role", role], env);
  expect(await cli.exited, cli.output()).toBe(0);
}

/** Signs in by email at `url` (a server, or a load balancer in front of several); returns the session cookie. */
export async function signInAt(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: url },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}
