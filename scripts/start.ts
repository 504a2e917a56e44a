// `npm start`: builds the sources into a release folder of their own (build/releases/<hash of the sources>) and serves
// it, so a running instance keeps the files it serves while another starts: a build never writes where a server
// reads. A release already built for the same sources is served as it is; two starts at once build it once (the
// second waits for the first's build). build/current points at the release started last, for operators.
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const releasesDir = path.resolve(root, process.env.RELEASES_DIR ?? "build/releases");
/** Releases kept besides the one starting: an instance still serving one of them keeps its files. */
const KEEP = 3;
/** What the build reads; a change to any of these makes a new release. */
const INPUTS = ["src", "public", "scripts", "package.json", "package-lock.json", "react-router.config.ts", "vite.config.ts", "tsconfig.json", "tsconfig.server.json"];

function filesUnder(entry: string): string[] {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [entry];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && !/\.test\.tsx?$/.test(d.name))
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)));
}

function sourcesHash(): string {
  const hash = crypto.createHash("sha256");
  for (const file of INPUTS.flatMap(filesUnder).sort()) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
  }
  return hash.digest("hex").slice(0, 16);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isComplete = (release: string) => fs.existsSync(path.join(release, "node/server/index.js"));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Builds the release unless it is built; of starts at once, one builds (holding `<release>.lock`) and the others wait. */
async function ensureRelease(release: string): Promise<void> {
  const lock = `${release}.lock`;
  fs.mkdirSync(releasesDir, { recursive: true });
  while (!isComplete(release)) {
    try {
      fs.mkdirSync(lock);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      // A lock left by a start that died is taken over.
      const owner = Number(fs.readFileSync(path.join(lock, "pid"), { encoding: "utf8", flag: "a+" }) || 0);
      if (owner && !alive(owner)) fs.rmSync(lock, { recursive: true, force: true });
      else await sleep(500);
      continue;
    }
    try {
      fs.writeFileSync(path.join(lock, "pid"), String(process.pid));
      if (isComplete(release)) return;
      const partial = `${release}.partial-${process.pid}`;
      fs.rmSync(partial, { recursive: true, force: true });
      process.stdout.write(`Building release ${path.basename(release)}\n`);
      const built = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit", env: { ...process.env, BUILD_DIR: path.relative(root, partial) } });
      if (built.status !== 0) {
        fs.rmSync(partial, { recursive: true, force: true });
        throw new Error("The build failed: the release that was running (if any) is unchanged");
      }
      // Whole or not at all: a folder is renamed in one step.
      fs.renameSync(partial, release);
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** Points build/current at the release, in one step (a new link renamed over the old). */
function pointCurrent(release: string): void {
  const current = path.join(path.dirname(releasesDir), "current");
  const link = `${current}.${process.pid}`;
  fs.rmSync(link, { force: true });
  fs.symlinkSync(path.relative(path.dirname(current), release), link);
  fs.renameSync(link, current);
}

/** Removes all but the newest KEEP releases (never `keep`). */
function prune(keep: string): void {
  const releases = fs
    .readdirSync(releasesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && /^[0-9a-f]{16}$/.test(d.name))
    .map((d) => path.join(releasesDir, d.name))
    .filter((r) => r !== keep)
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  for (const old of releases.slice(KEEP)) fs.rmSync(old, { recursive: true, force: true });
}

const check = spawnSync(process.execPath, [path.join(root, "src/server/check-node.js")], { stdio: "inherit" });
if (check.status !== 0) process.exit(check.status ?? 1);
const release = path.join(releasesDir, sourcesHash());
try {
  await ensureRelease(release);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
// Marks it the newest, for pruning.
const now = new Date();
fs.utimesSync(release, now, now);
pointCurrent(release);
prune(release);

const server = spawn(process.execPath, ["--optimize-for-size", path.join(release, "node/server/index.js")], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, BUILD_DIR: release },
});
// The server decides how to stop (src/server/index.ts): signals go to it, and its exit code is this one's.
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
