// Starts the real server process (`node src/server/index.ts`) on this suite's database engine.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { newId } from "../../src/server/db/ids.ts";
import { databaseUrl, withAdminClient } from "../setup/postgres.ts";

const root = path.resolve(import.meta.dirname, "../..");

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ["src/server/index.ts"], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "warn", ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(url: string, exited: Promise<unknown>) {
  const deadline = Date.now() + 30_000;
  let stopped = false;
  void exited.then(() => (stopped = true));
  while (Date.now() < deadline && !stopped) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("the server did not become healthy");
}

describe("starting the server", () => {
  it("refuses a bad setting and names the variable", async () => {
    const { exited, output } = start({ PORT: "abc", DATA_DIR: path.join(inject("testDir"), "unused") });
    expect(await exited).toBe(1);
    expect(output()).toContain("PORT");
    expect(output()).toContain("expected a port number");
  });

  describe(`on ${process.env.TEST_DB}`, () => {
    let server: { child: ChildProcess; exited: Promise<number | null>; output: () => string };
    let databaseName: string | undefined;
    let PORT: number;

    beforeAll(async () => {
      if (!fs.existsSync(path.resolve(root, process.env.BUILD_DIR ?? "build", "server/index.js"))) {
        throw new Error("run `npm run build` before this test");
      }
      PORT = await freePort();
      const env: Record<string, string> = {
        PORT: String(PORT),
        DATA_DIR: path.join(inject("testDir"), `server-${newId(6)}`),
        AUTH_SECRET: "server-start-test-secret-long-enough-xx",
      };
      if (process.env.TEST_DB === "postgres") {
        const adminUrl = process.env.TEST_DATABASE_URL!;
        databaseName = `${inject("pgPrefix")}server_${newId(6).toLowerCase()}`;
        await withAdminClient(adminUrl, (client) => client.query(`create database ${databaseName}`));
        env.DATABASE_URL = databaseUrl(adminUrl, databaseName);
      }
      server = start(env);
      await waitForHealth(`http://localhost:${PORT}/healthz`, server.exited).catch((error) => {
        throw new Error(`${error.message}\n${server.output()}`);
      });
    }, 60_000);

    afterAll(async () => {
      server?.child.kill("SIGTERM");
      await server?.exited;
    });

    it("migrates an empty database, loads the demo content and serves the home page", async () => {
      const response = await fetch(`http://localhost:${PORT}/`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("Find Your Niche");
      expect(html).toContain("Downtown Niagara Business Association");
      const csp = response.headers.get("content-security-policy")!;
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      // Every script the page carries has the nonce: the CSP allows no inline script without it.
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    });

    it("serves hashed assets with long-lived caching and compression, and stored images", async () => {
      const html = await (await fetch(`http://localhost:${PORT}/`)).text();
      const asset = /\/assets\/[\w.-]+\.js/.exec(html)![0];
      const response = await fetch(`http://localhost:${PORT}${asset}`, { headers: { "Accept-Encoding": "gzip" } });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("content-encoding")).toBe("gzip");

      const image = /\/files\/[^"]+\.webp/.exec(html)![0];
      const file = await fetch(`http://localhost:${PORT}${image}`);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("image/webp");
      expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    });

    it("answers an unknown page with the spec's text and status 404", async () => {
      const response = await fetch(`http://localhost:${PORT}/no/such/page`);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("Sorry, that page could not be found here.");
    });
  });
});
