// Lighthouse (mobile defaults: simulated slow 4G, 4x CPU slowdown) on the public pages of the demo association:
// performance, accessibility, SEO and best-practices scores, LCP / TBT / CLS and the JavaScript each page loads.
// Medians over several runs, in headless Chromium.
//   npm run build && node bench/lighthouse/lighthouse.bench.ts      (BENCH_ROUNDS=3, BENCH_PAGES=home,map,contact,search, BENCH_LCP_DETAILS=1)
// Never run as a test: scores on a shared machine vary from run to run; compare within one run.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { demoPages } from "../demo-pages.ts";
import { serveArgs } from "../serve-command.ts";
import { freePort } from "../bench-helpers.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CATEGORIES = ["performance", "accessibility", "seo", "best-practices"] as const;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "niche-lighthouse-"));
const port = await freePort();
const server = spawn(process.execPath, serveArgs(), {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO_CONTENT: "true", LOG_LEVEL: "warn", MAP_STYLE_URL: "offline" },
  stdio: ["ignore", "ignore", "inherit"],
});
const base = `http://localhost:${port}`;
for (let i = 0; i < 150 && !(await fetch(`${base}/healthz`).then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 200));

// The demo content's pages, read from the server's own database, the map, the contact page and a page of search
// results for a word of the demo content.
const pages: Record<string, string> = { ...(await demoPages(dataDir)), map: "/map", contact: "/contact", search: "/search?q=jazz" };
// The home page, the map and a business in French (/fr/...), measured beside the English ones.
for (const name of ["home", "map", "business"]) pages[`${name} fr`] = `/fr${pages[name] === "/" ? "" : pages[name]}`;
// BENCH_PAGES: a comma list of page names, to run only those.
const only = process.env.BENCH_PAGES?.split(",").map((name) => name.trim());
if (only) for (const name of Object.keys(pages)) if (!only.includes(name)) delete pages[name];

// A fresh browser for every run, as the Lighthouse CLI does (a reused one loses page-load traces here).
const CHROME = {
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
};
const results: Record<string, Record<string, number[]>> = {};
/** Errors of a run that say nothing of the page (the browser lost the navigation's trace): the run is made again. */
const RETRIED = new Set(["NO_NAVSTART", "NO_FCP", "NO_TRACING_STARTED"]);

async function audit(name: string, url: string, attempt = 1) {
  const chrome = await launch(CHROME);
  const run = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] }).finally(() => chrome.kill());
  const lhr = run?.lhr;
  if (lhr?.runtimeError && RETRIED.has(lhr.runtimeError.code) && attempt < 4) {
    console.error(`${name}: ${lhr.runtimeError.code}, running it again`);
    return audit(name, url, attempt + 1);
  }
  if (!lhr || lhr.runtimeError) throw new Error(`${name}: ${lhr?.runtimeError?.message ?? "no result"}`);
  return lhr;
}
const seoMisses: Record<string, Set<string>> = {};
const record = (page: string, key: string, value: number) => ((results[page] ??= {})[key] ??= []).push(value);
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, pathname] of Object.entries(pages)) {
      const lhr = await audit(name, `${base}${pathname}`);
      for (const category of CATEGORIES) record(name, category, Math.round((lhr.categories[category]?.score ?? 0) * 100));
      record(name, "lcp", lhr.audits["largest-contentful-paint"]!.numericValue ?? 0);
      record(name, "tbt", lhr.audits["total-blocking-time"]!.numericValue ?? 0);
      record(name, "cls", lhr.audits["cumulative-layout-shift"]!.numericValue ?? 0);
      // Which audits an SEO score under 100 lost, said once per page.
      for (const ref of lhr.categories.seo?.auditRefs ?? []) {
        if (ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1) (seoMisses[name] ??= new Set()).add(ref.id);
      }
      if (process.env.BENCH_LCP_DETAILS) console.error(name, JSON.stringify(lhr.audits["largest-contentful-paint-element"]?.details).slice(0, 1500));
      const requests = (lhr.audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
      record(name, "jsKiB", requests.filter((r) => r.resourceType === "Script").reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024);
    }
  }
} finally {
  server.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

console.log(`Lighthouse ${ROUNDS} runs per page, medians (mobile: simulated slow 4G, 4x CPU slowdown)\n`);
console.log("| page | performance | accessibility | SEO | best practices | LCP | TBT | CLS | JS (compressed) |");
console.log("|---|---|---|---|---|---|---|---|---|");
for (const [name, r] of Object.entries(results)) {
  const m = (key: string) => median(r[key]!);
  console.log(
    `| ${name} | ${m("performance")} | ${m("accessibility")} | ${m("seo")} | ${m("best-practices")} | ${(m("lcp") / 1000).toFixed(1)} s | ${Math.round(m("tbt"))} ms | ${m("cls").toFixed(3)} | ${Math.round(m("jsKiB"))} KiB |`,
  );
}
for (const [name, audits] of Object.entries(seoMisses)) console.log(`\n${name}: SEO audits not passed in some run: ${[...audits].join(", ")}`);
