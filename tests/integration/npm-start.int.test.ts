// `npm start` twice at once from one checkout: the sources are built once into a release folder of their own (the
// second start waits for the first's build), and both instances come up and serve the site and its scripts.
// Slow (one production build, about a minute on 2 cores), so it runs once, in the SQLite project; the build leaves out
// the compressed copies of the assets (BUILD_COMPRESS=false), which the build of CI itself makes and checks.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, inject, it } from "vitest";
import { newId } from "#server/db/ids.ts";
import type { MemorySearchIndex } from "#server/features/search/search-memory.ts";
import { freePort, ROOT } from "../setup/server-process.ts";

let started: ChildProcess[] = [];
let releasesRoot: string | undefined;
afterEach(() => {
  // Each start is its own process group: npm, the start script and the server stop together.
  for (const child of started) if (child.exitCode === null && child.pid) process.kill(-child.pid, "SIGKILL");
  started = [];
  if (releasesRoot) fs.rmSync(releasesRoot, { recursive: true, force: true });
  releasesRoot = undefined;
});

function npmStart(env: Record<string, string>) {
  const child = spawn("npm", ["start"], { cwd: ROOT, detached: true, stdio: ["ignore", "pipe", "pipe"], env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", LOG_LEVEL: "warn", ...env } });
  started.push(child);
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  return { child, output: () => output, url: `http://127.0.0.1:${env.PORT}` };
}

async function healthy(start: ReturnType<typeof npmStart>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && start.child.exitCode === null) {
    if ((await fetch(`${start.url}/healthz`).catch(() => null))?.ok) return true;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`npm start did not come up:\n${start.output()}`);
}

describe.runIf(process.env.TEST_DB === "sqlite")("npm start", () => {
  it("started twice at once builds once and both instances come up", { timeout: 360_000 }, async () => {
    const dir = path.join(inject("testDir"), `start-${newId(6)}`);
    // Inside the checkout, as build/releases is (the built server finds its packages in node_modules from there).
    releasesRoot = path.join(ROOT, `build-start-test-${newId(6)}`);
    const releases = path.join(releasesRoot, "releases");
    const env = async (n: number) => ({ PORT: String(await freePort()), DATA_DIR: path.join(dir, `data-${n}`), RELEASES_DIR: releases, BUILD_COMPRESS: "false", DEMO_CONTENT: "false", AUTH_SECRET: "npm-start-test-secret-long-enough-xxxx" });
    const starts = [npmStart(await env(1)), npmStart(await env(2))];
    await Promise.all(starts.map((s) => healthy(s, 300_000)));

    const built = fs.readdirSync(releases);
    expect(built, "one release, no partial build or lock left").toHaveLength(1);
    expect(fs.readlinkSync(path.join(releasesRoot, "current"))).toBe(path.join("releases", built[0]!));
    const output = starts.map((s) => s.output()).join("\n");
    expect(output.match(/Building release/g), output).toHaveLength(1);
    for (const start of starts) {
      const home = await fetch(`${start.url}/`);
      expect(home.status).toBe(200);
      const script = /(\/assets\/[\w.-]+\.js)/.exec(await home.text());
      expect(script, "the page names its scripts").not.toBeNull();
      expect((await fetch(`${start.url}${script![1]}`)).status).toBe(200);
    }

    // The release's search index built by its worker thread (decision 0066), as a large site's server does.
    const release = (await import(path.join(releases, built[0]!, "node/server/features/search/search-memory.js"))) as { MemorySearchIndex: typeof MemorySearchIndex };
    const documents = [
      { id: 1, kind: "business", ref: "b1", name: "Maple Bakery", extra: "Bakeries", body: "Bread and pies." },
      { id: 2, kind: "business", ref: "b2", name: "Cedar Books", extra: "", body: "Maps and prints." },
    ];
    const index = await release.MemorySearchIndex.inWorker(1, documents, 0, async () => {});
    expect(index.find({ match: [{ prefix: "map", words: [] }], types: ["business"], limit: 8 }).map((row) => row.name)).toEqual(["Maple Bakery", "Cedar Books"]);
  });
});
