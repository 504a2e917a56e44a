// gzip for text responses that also keeps streams streaming: each chunk is flushed as it is compressed,
// so a page's shell and a slow section's loading text reach the browser before the rest of the page.
// (Hono's compress middleware, on CompressionStream, holds everything back until its buffer fills.)
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import zlib from "node:zlib";
import type { MiddlewareHandler } from "hono";

export const COMPRESSIBLE = /^(text\/(?!event-stream)|application\/(json|geo\+json|javascript|xml|manifest\+json|x-ndjson)|image\/svg\+xml)/;
export const MIN_COMPRESSED_BYTES = 1024;

export function streamingCompress(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.method === "HEAD" || !/\bgzip\b/.test(c.req.header("accept-encoding") ?? "")) return;
    const res = c.res;
    if (res.headers.has("content-encoding") || !COMPRESSIBLE.test(res.headers.get("content-type") ?? "")) return;
    const length = res.headers.get("content-length");
    if ((length !== null && Number(length) < MIN_COMPRESSED_BYTES) || !res.body) return;

    const gzip = zlib.createGzip({ flush: zlib.constants.Z_SYNC_FLUSH });
    const body = Readable.toWeb(Readable.fromWeb(res.body as NodeReadableStream).pipe(gzip)) as ReadableStream;
    c.res = new Response(body, res);
    c.res.headers.delete("content-length");
    c.res.headers.set("content-encoding", "gzip");
    c.res.headers.append("vary", "Accept-Encoding");
  };
}
