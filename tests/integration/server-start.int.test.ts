// Starts the real server process (`node src/server/index.ts`) on this suite's database engine.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { assertBuilt, freshServerEnv, runNode, startServer, stopServer, type ServerProcess } from "../setup/server-process.ts";

describe("starting the server", () => {
  it("refuses a bad setting and names the variable", async () => {
    const { exited, output } = runNode("src/server/index.ts", [], { PORT: "abc", DATA_DIR: path.join(inject("testDir"), "unused") });
    expect(await exited).toBe(1);
    expect(output()).toContain("PORT");
    expect(output()).toContain("expected a port number");
  });

  describe(`on ${process.env.TEST_DB}`, () => {
    let server: ServerProcess;

    beforeAll(async () => {
      assertBuilt();
      server = await startServer(await freshServerEnv());
    }, 60_000);

    afterAll(() => stopServer(server));

    it("migrates an empty database, loads the demo content and serves the home page", async () => {
      const response = await fetch(`${server.url}/`);
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
      const html = await (await fetch(`${server.url}/`)).text();
      const asset = /\/assets\/[\w.-]+\.js/.exec(html)![0];
      const response = await fetch(`${server.url}${asset}`, { headers: { "Accept-Encoding": "gzip" } });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("content-encoding")).toBe("gzip");
      // Brotli where the browser takes it (every current one): the build's .br file, the same script once decoded.
      const plain = await (await fetch(`${server.url}${asset}`, { headers: { "Accept-Encoding": "identity" } })).text();
      const brotli = await fetch(`${server.url}${asset}`, { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } });
      expect(brotli.headers.get("content-encoding")).toBe("br");
      expect(brotli.headers.get("content-type")).toMatch(/^text\/javascript/);
      expect(brotli.headers.get("vary")).toContain("Accept-Encoding");
      expect(await brotli.text()).toBe(plain);
      expect(await response.text()).toBe(plain);
      expect(plain).toMatch(/\bimport\b|\bexport\b/);

      const image = /\/files\/[^"]+\.webp/.exec(html)![0];
      const file = await fetch(`${server.url}${image}`);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("image/webp");
      expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    });

    it("answers an unknown page with the spec's text and status 404", async () => {
      const response = await fetch(`${server.url}/no/such/page`);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("Sorry, that page could not be found here.");
    });
  });
});
