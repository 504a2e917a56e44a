import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { HELD_TYPE, holdModuleScript, holdModuleScriptStream, scriptsAfterPaint } from "./scripts-after-paint.ts";

// The shape React Router's <Scripts> takes in a rendered page: module preloads (React hoists them into the head),
// the hydration data, then the module script that imports the route modules and starts the client.
const MODULES = `import * as route0 from "/assets/root-a.js";\nwindow.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.client-b.js");`;
const page = (nonce: string) =>
  `<!DOCTYPE html><html lang="en"><head><link rel="stylesheet" href="/assets/root.css"/>` +
  `<link rel="modulepreload" href="/assets/entry.client-b.js" nonce="${nonce}"/><link rel="modulepreload" href="/assets/root-a.js" nonce="${nonce}"/>` +
  `</head><body><h1>Café Crème — 5 étoiles</h1><script nonce="${nonce}">window.__reactRouterContext = {};</script>` +
  `<script nonce="${nonce}" type="module" async="">${MODULES}</script>` +
  `<script nonce="${nonce}">window.__reactRouterContext.streamController.close();</script></body></html>`;

describe("holdModuleScript", () => {
  it("drops the module preloads and keeps the module script as inert text, run by a script with the same nonce", () => {
    const html = holdModuleScript(page("n0nce=="))!;
    expect(html).not.toContain("modulepreload");
    expect(html).not.toContain('type="module"');
    expect(html).toContain(`<script nonce="n0nce==" type="${HELD_TYPE}">${MODULES}</script><script nonce="n0nce==">`);
    // Everything else is as React wrote it, in the same order.
    expect(html).toContain('<link rel="stylesheet" href="/assets/root.css"/></head><body><h1>Café Crème — 5 étoiles</h1>');
    expect(html.endsWith(`<script nonce="n0nce==">window.__reactRouterContext.streamController.close();</script></body></html>`)).toBe(true);
    // Every script left carries the response's nonce (the CSP allows no other).
    for (const tag of html.match(/<script[^>]*>/g)!) expect(tag).toContain('nonce="n0nce=="');
  });

  it("waits for the whole module script, and leaves a page without one alone", () => {
    const whole = page("abc");
    const cut = whole.indexOf("</script>", whole.indexOf('type="module"'));
    expect(holdModuleScript(whole.slice(0, cut))).toBeNull();
    expect(holdModuleScript("<!DOCTYPE html><p>No scripts</p>")).toBeNull();
  });
});

describe("holdModuleScriptStream", () => {
  it("rewrites a page that comes in pieces cut anywhere, multi-byte characters included, and passes the rest as it comes", async () => {
    const bytes = Buffer.from(page("xyz") + "<p>streamed later: Émile</p>");
    // Pieces of 7 bytes cut tags, the module script and the accented letters in two.
    const pieces = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) => bytes.subarray(i * 7, i * 7 + 7));
    const out = await text(Readable.from(pieces).pipe(holdModuleScriptStream()));
    expect(out).toBe(holdModuleScript(page("xyz"))! + "<p>streamed later: Émile</p>");
  });

  it("sends a page without a module script unchanged", async () => {
    const html = "<!DOCTYPE html><p>Ça marche</p>";
    expect(await text(Readable.from([Buffer.from(html)]).pipe(holdModuleScriptStream()))).toBe(html);
  });
});

describe("scriptsAfterPaint", () => {
  it("holds a page's scripts when one of its routes asks for it", () => {
    expect(scriptsAfterPaint([undefined, { scripts: "after-paint" }])).toBe(true);
    expect(scriptsAfterPaint([undefined, { other: true }, null])).toBe(false);
  });
});
