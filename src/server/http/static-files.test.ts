import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RequestLine } from "../logger.ts";
import { acceptedEncodings, staticFiles } from "./static-files.ts";

// A build's client folder in miniature, served as the server serves it: the files first, the app (here a stand-in
// that answers 404 "from the app") for everything else.
const SCRIPT = `export const greeting = "${"hello ".repeat(400)}";\n`;
let base = "";
let server: http.Server;
const logged: RequestLine[] = [];

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "niche-static-"));
  fs.mkdirSync(path.join(dir, "assets"));
  fs.writeFileSync(path.join(dir, "assets", "page-abc123.js"), SCRIPT);
  fs.writeFileSync(path.join(dir, "assets", "page-abc123.js.br"), zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(path.join(dir, "assets", "page-abc123.js.gz"), zlib.gzipSync(SCRIPT));
  fs.writeFileSync(path.join(dir, "assets", "worker-abc123.mjs"), "self.onmessage = () => {};\n");
  fs.writeFileSync(path.join(dir, "favicon.svg"), `<svg xmlns="http://www.w3.org/2000/svg"/>`);
  const serveFile = staticFiles(dir, (line) => logged.push(line));
  server = http.createServer((request, response) => {
    if (serveFile(request, response)) return;
    response.writeHead(404, { "content-type": "text/plain", "x-from": "app" }).end("not a file");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the build's files", () => {
  it("go out as the build compressed them, Brotli first, each the same script once decoded", async () => {
    const brotli = await fetch(`${base}/assets/page-abc123.js`, { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } });
    expect(brotli.status).toBe(200);
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(brotli.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(brotli.headers.get("vary")).toContain("Accept-Encoding");
    expect(brotli.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(brotli.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await brotli.text()).toBe(SCRIPT);

    const gzip = await fetch(`${base}/assets/page-abc123.js`, { headers: { "Accept-Encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(await gzip.text()).toBe(SCRIPT);

    // A coding refused with q=0 is not sent.
    const refused = await fetch(`${base}/assets/page-abc123.js`, { headers: { "Accept-Encoding": "br;q=0, gzip" } });
    expect(refused.headers.get("content-encoding")).toBe("gzip");
    expect(await refused.text()).toBe(SCRIPT);

    const head = await fetch(`${base}/assets/page-abc123.js`, { method: "HEAD", headers: { "Accept-Encoding": "br" } });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(zlib.brotliCompressSync(SCRIPT).length));

    const plain = await fetch(`${base}/assets/page-abc123.js`, { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("content-length")).toBe(String(Buffer.byteLength(SCRIPT)));
    expect(await plain.text()).toBe(SCRIPT);
  });

  it("keeps files outside /assets, whose names do not change, for an hour only", async () => {
    const icon = await fetch(`${base}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(icon.headers.get("cache-control")).toBe("public, max-age=3600");
  });

  it("leaves to the app what is not a file of the build, other methods, and module workers", async () => {
    for (const [url, init] of [
      [`${base}/assets/missing.js`, {}],
      [`${base}/`, {}],
      [`${base}/map`, {}],
      [`${base}/assets/page-abc123.js`, { method: "POST", body: "x" }],
      // Ranges of all kinds, those that make no sense included, are the app's to answer (or refuse).
      [`${base}/assets/page-abc123.js`, { headers: { Range: "bytes=100-50" } }],
      [`${base}/assets/page-abc123.js`, { headers: { Range: "bytes=0-18446744073709551615" } }],
      [`${base}/assets/..%2f..%2fpackage.json`, {}],
      [`${base}/assets/worker-abc123.mjs`, {}],
    ] as const) {
      const response = await fetch(url, init);
      expect(response.status, url).toBe(404);
      expect(response.headers.get("x-from"), url).toBe("app");
      // No header of the file answer leaks into the app's.
      expect(response.headers.get("x-request-id"), url).toBeNull();
    }
  });

  it("answers from memory what it read once, even after the file is gone", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "niche-static-"));
    fs.writeFileSync(path.join(dir, "kept.css"), "body{color:red}");
    fs.writeFileSync(path.join(dir, "never-read.css"), "body{color:blue}");
    const serveFile = staticFiles(dir, () => undefined);
    const local = http.createServer((request, response) => {
      if (!serveFile(request, response)) response.writeHead(404, { "x-from": "app" }).end();
    });
    await new Promise<void>((resolve) => local.listen(0, "127.0.0.1", resolve));
    const at = `http://127.0.0.1:${(local.address() as AddressInfo).port}`;
    try {
      expect(await (await fetch(`${at}/kept.css`)).text()).toBe("body{color:red}");
      fs.rmSync(path.join(dir, "kept.css"));
      fs.rmSync(path.join(dir, "never-read.css"));
      expect(await (await fetch(`${at}/kept.css`)).text()).toBe("body{color:red}");
      // A file removed before it was ever asked for is left to the app, and the server keeps serving.
      const gone = await fetch(`${at}/never-read.css`);
      expect(gone.headers.get("x-from")).toBe("app");
      expect((await fetch(`${at}/kept.css`)).status).toBe(200);
    } finally {
      await new Promise<void>((resolve) => local.close(() => resolve()));
    }
  });

  it("reads which codings a request accepts", () => {
    expect([...acceptedEncodings("gzip, deflate, br, zstd")]).toEqual(["gzip", "deflate", "br", "zstd"]);
    expect([...acceptedEncodings("br;q=0, gzip;q=0.5, identity;q=0.0")]).toEqual(["gzip"]);
    expect([...acceptedEncodings(undefined)]).toEqual([]);
  });

  it("logs a request line for each file it sends", async () => {
    logged.length = 0;
    await (await fetch(`${base}/assets/page-abc123.js?v=1`, { headers: { "x-request-id": "req-static-1" } })).text();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(logged).toEqual([expect.objectContaining({ requestId: "req-static-1", method: "GET", path: "/assets/page-abc123.js", status: 200 })]);
  });
});
