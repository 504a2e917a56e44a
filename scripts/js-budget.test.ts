// The build's check of the JavaScript a content page loads at first: counted from React Router's manifest, each
// chunk once, at the size of its .br file, and a route over its budget named.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CONTENT_BUDGET_KIB, firstLoadFiles, routeWeights, type BrowserManifest } from "./js-budget.ts";

const manifest: BrowserManifest = {
  url: "/assets/manifest-1.js",
  entry: { module: "/assets/entry.js", imports: ["/assets/react.js"] },
  routes: {
    root: { module: "/assets/root.js", imports: ["/assets/react.js", "/assets/header.js"] },
    "routes/groups/public-pages": { module: "/assets/public-pages.js", parentId: "root" },
    "routes/home": { module: "/assets/home.js", imports: ["/assets/header.js", "/assets/card.js"], parentId: "routes/groups/public-pages" },
    "routes/contact": { module: "/assets/contact.js", parentId: "routes/groups/public-pages" },
  },
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "js-budget-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(file: string, brotliBytes: number) {
  const full = path.join(dir, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, "x");
  fs.writeFileSync(`${full}.br`, Buffer.alloc(brotliBytes));
}

describe("a content page's first JavaScript", () => {
  it("is the manifest, the entry and the route's chain from the root, each file once", () => {
    expect(firstLoadFiles(manifest, "routes/home").sort()).toEqual(
      ["/assets/manifest-1.js", "/assets/entry.js", "/assets/react.js", "/assets/root.js", "/assets/header.js", "/assets/public-pages.js", "/assets/home.js", "/assets/card.js"].sort(),
    );
    expect(firstLoadFiles(manifest, "routes/contact")).not.toContain("/assets/card.js");
  });

  it("weighs the compressed files and names the route over its budget", () => {
    fs.mkdirSync(path.join(dir, "assets"), { recursive: true });
    fs.writeFileSync(path.join(dir, "assets/manifest-1.js"), `window.__reactRouterManifest=${JSON.stringify(manifest)};`);
    fs.writeFileSync(path.join(dir, "assets/manifest-1.js.br"), Buffer.alloc(1024));
    for (const file of ["entry.js", "root.js", "header.js", "public-pages.js", "contact.js", "card.js"]) write(`assets/${file}`, 1024);
    write("assets/react.js", 100 * 1024);
    write("assets/home.js", 60 * 1024);
    const weights = routeWeights(dir, ["routes/home", "routes/contact"]);
    expect(weights).toEqual([
      { route: "routes/home", kib: 166, budgetKib: CONTENT_BUDGET_KIB },
      { route: "routes/contact", kib: 106, budgetKib: CONTENT_BUDGET_KIB },
    ]);
    expect(weights.filter(({ kib, budgetKib }) => kib > budgetKib).map(({ route }) => route)).toEqual(["routes/home"]);
  });
});
