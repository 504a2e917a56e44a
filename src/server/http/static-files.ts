// The built client's files (scripts, styles, the icon) answered straight from Node's server, before the app: a page's
// first load asks for about thirty of them at once, and through the app each cost its middleware, a file-system
// check per encoding and a web stream. Here each is a lookup in the list made at start and one write of bytes kept
// in memory after their first request (the build's Brotli copies of all of them come to under 1 MB).
//
// Written here rather than taken from sirv: sirv's read streams carry no error handler, so a file removed under a
// running server (a build in progress) or certain Range headers end the process.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import path from "node:path";
import { getMimeType } from "hono/utils/mime";
import type { RequestLine } from "../logger.ts";

export const IMMUTABLE = "public, max-age=31536000, immutable";
/** The files outside /assets (the icon) keep their names from one release to the next. */
export const RENAMEABLE = "public, max-age=3600";

/** The copies the build writes beside a file (vite.config.ts), best first. */
const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

/** The content codings a request accepts (those not given `q=0`). */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const [name, ...parameters] = part.split(";").map((piece) => piece.trim().toLowerCase());
    if (name && !parameters.some((parameter) => /^q=0(?:\.0*)?$/.test(parameter))) accepted.add(name);
  }
  return accepted;
}

/** Every file under `dir`, as URL paths ("/assets/entry-abc.js"). */
function listFiles(dir: string, prefix = ""): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(path.join(dir, prefix), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) =>
    entry.isDirectory() ? listFiles(dir, `${prefix}/${entry.name}`) : entry.isFile() ? [`${prefix}/${entry.name}`] : [],
  );
}

/**
 * Answers a GET or HEAD for a file of the build and says so, or returns false at once (nothing written) for the app
 * to answer: other methods, Range requests, files not in the build, and module workers (.mjs, MapLibre's), which
 * take their Content-Security-Policy from their own response and get the pages' policy from the app.
 */
export function staticFiles(clientDir: string, log: (line: RequestLine) => void): (request: IncomingMessage, response: ServerResponse) => boolean {
  // The build does not change under a running server: a new build is served by a new start.
  const files = new Set(listFiles(clientDir));
  const bodies = new Map<string, Buffer | null>();
  const body = (file: string): Buffer | null => {
    let bytes = bodies.get(file);
    if (bytes === undefined) {
      try {
        bytes = fs.readFileSync(path.join(clientDir, file));
      } catch {
        // Gone since the start: the app's own static handler answers from the disk as it is now.
        bytes = null;
      }
      bodies.set(file, bytes);
    }
    return bytes;
  };

  return (request, response) => {
    const url = request.url ?? "";
    const query = url.indexOf("?");
    const file = query === -1 ? url : url.slice(0, query);
    // The build's file names first: for any other address, Node's header object is not made here.
    if (!files.has(file) || (request.method !== "GET" && request.method !== "HEAD") || request.headers.range || file.endsWith(".mjs")) return false;
    const started = performance.now();
    const accepted = acceptedEncodings(request.headers["accept-encoding"]);
    const encodings = ENCODINGS.filter(({ suffix }) => files.has(file + suffix));
    const encoding = encodings.find(({ name }) => accepted.has(name));
    const bytes = body(encoding ? file + encoding.suffix : file);
    if (!bytes) return false;
    const requestId = request.headers["x-request-id"]?.toString() ?? randomUUID();
    const headers: OutgoingHttpHeaders = {
      "content-type": getMimeType(file) ?? "application/octet-stream",
      "content-length": bytes.length,
      "cache-control": file.startsWith("/assets/") ? IMMUTABLE : RENAMEABLE,
      "x-content-type-options": "nosniff",
      "cross-origin-resource-policy": "same-origin",
      "x-request-id": requestId,
    };
    if (encoding) headers["content-encoding"] = encoding.name;
    if (encodings.length > 0) headers.vary = "Accept-Encoding";
    response.writeHead(200, headers);
    response.end(request.method === "HEAD" ? undefined : bytes);
    const ms = Math.round((performance.now() - started) * 10) / 10;
    log({ requestId, method: request.method, path: file, status: 200, ms });
    return true;
  };
}
