import zlib from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it, vi } from "vitest";
import { streamingCompress } from "./compress.ts";

function appStreaming(release: Promise<void>) {
  const app = new Hono();
  app.use(streamingCompress());
  app.get("/page", () => {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode(`<p>${"shell ".repeat(300)}</p>`));
        await release;
        controller.enqueue(encoder.encode("<p>late section</p>"));
        controller.close();
      },
    });
    return new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8" } });
  });
  return app;
}

describe("compression", () => {
  it("sends the first part of a streamed page, compressed, before the rest exists", async () => {
    let release!: () => void;
    const app = appStreaming(new Promise<void>((r) => (release = r)));
    const response = await app.request("/page", { headers: { "Accept-Encoding": "gzip, br" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("content-length")).toBeNull();

    const gunzip = zlib.createGunzip();
    let text = "";
    gunzip.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    const reader = response.body!.getReader();
    const first = await reader.read();
    gunzip.write(first.value);
    // gunzip hands on what it inflated from Node's thread pool: as late as a busy machine makes it.
    await vi.waitFor(() => expect(text).toContain("shell shell"), { timeout: 5_000 });
    expect(text).not.toContain("late section");

    release();
    for (let part = await reader.read(); !part.done; part = await reader.read()) gunzip.write(part.value);
    await new Promise((resolve) => gunzip.end(resolve));
    expect(text).toContain("<p>late section</p>");
  });

  it("leaves clients without gzip alone", async () => {
    const app = appStreaming(Promise.resolve());
    const plain = await app.request("/page");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toContain("late section");
  });
});
