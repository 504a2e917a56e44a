// The JavaScript a content page loads at first, from the built files, held to a budget (quality.md: at most 150 KiB
// compressed): the entry, the route's module, its parents' (root, the public pages' layout) and every chunk they
// import, each counted once at its brotli size (the .br file the build writes beside it). What a page loads later
// (React.lazy, a widget's code once it is opened) is not counted; neither are the page's catalogs (a few KiB,
// fetched before hydration by language). `node scripts/js-budget.ts [build dir]` fails the build over budget.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const KIB = 1024;

/** The budget of every content route (`handle` of src/web/routes.ts's public pages), in KiB. */
export const CONTENT_BUDGET_KIB = 150;

/**
 * Routes not yet within the content budget, each held where it stands so that it does not grow. The business page and
 * /map no longer load the validation library (the business's fields as views apart from their rules,
 * src/shared/business-fields.ts; the map's rules for the API in src/shared/schemas/map.ts): what is left over 150 is
 * the business page's sign-in sentence (react-i18next's Trans) and its map, and /map's explorer and canvas.
 */
export const ROUTE_BUDGETS_KIB: Record<string, number> = { "routes/business": 160, "routes/map": 165 };

/** The public content routes checked, by React Router route id. */
export const CONTENT_ROUTES = [
  "routes/home",
  "routes/map",
  "routes/events",
  "routes/event",
  "routes/offers",
  "routes/offer",
  "routes/contact",
  "routes/news",
  "routes/post",
  "routes/business",
  "routes/tag",
  "routes/category",
  "routes/resources",
  "routes/page",
  "routes/search",
] as const;

interface RouteEntry {
  module: string;
  imports?: string[];
  parentId?: string;
}
export interface BrowserManifest {
  url?: string;
  entry: { module: string; imports: string[] };
  routes: Record<string, RouteEntry>;
}

/** React Router's browser manifest of a build (`<client>/assets/manifest-<hash>.js`). */
export function readManifest(clientDir: string): BrowserManifest {
  const assets = path.join(clientDir, "assets");
  const file = fs.readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`${assets} has no manifest-*.js: build first`);
  const text = fs.readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, "")) as BrowserManifest;
}

/** The files a route's page loads at first, each once: the manifest, the entry and the route's chain from the root. */
export function firstLoadFiles(manifest: BrowserManifest, routeId: string): string[] {
  const files = new Set<string>([...(manifest.url ? [manifest.url] : []), manifest.entry.module, ...manifest.entry.imports]);
  const chain: RouteEntry[] = [];
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`the build has no route ${id}`);
    chain.unshift(route);
  }
  for (const route of chain) for (const file of [route.module, ...(route.imports ?? [])]) files.add(file);
  return [...files];
}

/** A built file's compressed size: its .br beside it, else compressed here (once per file: routes share most chunks). */
function compressedSize(clientDir: string, file: string, weighed: Map<string, number>): number {
  const full = path.join(clientDir, file);
  let size = weighed.get(full);
  if (size === undefined) {
    size = fs.existsSync(`${full}.br`) ? fs.statSync(`${full}.br`).size : zlib.brotliCompressSync(fs.readFileSync(full)).length;
    weighed.set(full, size);
  }
  return size;
}

export interface RouteWeight {
  route: string;
  kib: number;
  budgetKib: number;
}

export function routeWeights(clientDir: string, routes: readonly string[] = CONTENT_ROUTES): RouteWeight[] {
  const manifest = readManifest(clientDir);
  const weighed = new Map<string, number>();
  return routes.map((route) => {
    const bytes = firstLoadFiles(manifest, route).reduce((sum, file) => sum + compressedSize(clientDir, file, weighed), 0);
    return { route, kib: Math.round((bytes / KIB) * 10) / 10, budgetKib: ROUTE_BUDGETS_KIB[route] ?? CONTENT_BUDGET_KIB };
  });
}

if (import.meta.main) {
  const clientDir = path.join(process.argv[2] ?? "build", "client");
  const weights = routeWeights(clientDir);
  const over = weights.filter(({ kib, budgetKib }) => kib > budgetKib);
  for (const { route, kib, budgetKib } of weights) process.stdout.write(`${kib > budgetKib ? "OVER" : "ok  "} ${route.padEnd(18)} ${kib.toFixed(1).padStart(6)} KiB (budget ${budgetKib})\n`);
  if (over.length > 0) {
    console.error(`JavaScript budget exceeded at first load: ${over.map(({ route, kib, budgetKib }) => `${route} ${kib} KiB > ${budgetKib} KiB`).join(", ")}`);
    process.exit(1);
  }
}
