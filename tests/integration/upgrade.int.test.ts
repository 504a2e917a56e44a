// An upgrade from the latest release: its own code makes a site (migrations, demo content, an administrator made with
// its CLI), then today's migrations run on that database. Every row the release wrote must still be there, unchanged,
// and the site must still serve it and let the administrator sign in.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, type Database } from "#server/db/database.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { newId } from "#server/db/ids.ts";
import { createTestApp } from "../setup/app.ts";
import { freshServerEnv, ROOT, runNode } from "../setup/server-process.ts";

// v0.1.0, for clones that have its commit but not the tag.
const FIRST_RELEASE_COMMIT = "ee9ef93a8ccce1bc28526eb153523eac3c39a5fe";

function git(...args: string[]): string {
  return execFileSync("git", args, { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
}

/** The newest release tag, or the first release's commit when the clone has no tags. */
function latestRelease(): string {
  let release = FIRST_RELEASE_COMMIT;
  try {
    release = git("tag", "--list", "v*", "--sort=-v:refname").split("\n").find(Boolean) ?? release;
    git("cat-file", "-e", `${release}^{commit}`);
  } catch {
    throw new Error(`The upgrade test needs a git clone holding the release ${release}: run \`git fetch --tags\` (or clone without --depth).`);
  }
  return release;
}

type Rows = Record<string, unknown>[];
type Snapshot = Map<string, { columns: string[]; rows: Rows }>;

/** Every row of every table, in a stable order, keeping only the columns the release had. */
async function snapshot(database: Database, only?: Snapshot): Promise<Snapshot> {
  const tables = await database.db.introspection.getTables();
  const result: Snapshot = new Map();
  for (const table of tables) {
    // Records live in tables; a view's rows are computed (and PostgreSQL aggregates them in no fixed order).
    if (table.name.startsWith("kysely_migration") || table.isView) continue;
    const columns = only ? only.get(table.name)?.columns : table.columns.map((c) => c.name).sort();
    if (!columns) continue;
    const rows = (await database.db.selectFrom(table.name as never).select(columns as never).execute()) as Rows;
    rows.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
    result.set(table.name, { columns, rows });
  }
  return result;
}

let env: Record<string, string>;
let releaseDir: string;
let release: string;

beforeAll(async () => {
  release = latestRelease();
  releaseDir = path.join(inject("testDir"), `release-${newId(6)}`);
  fs.mkdirSync(releaseDir);
  // The release's server code, beside today's installed packages.
  execFileSync("sh", ["-c", `git archive --format=tar ${release} package.json src | tar -x -C "${releaseDir}"`], { cwd: ROOT });
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(releaseDir, "node_modules"), "dir");
  env = { ...(await freshServerEnv()), DEMO_CONTENT: "true" };
}, 60_000);
afterAll(() => fs.rmSync(releaseDir, { recursive: true, force: true }));

describe("upgrading from the latest release", () => {
  it("keeps every record, and the site and its accounts keep working", { timeout: 120_000 }, async () => {
    const admin = { email: `upgrade-${newId(6).toLowerCase()}@example.com`, password: "release-admin-password" };
    const made = runNode(path.join(releaseDir, "src/server/cli/user-create.ts"), ["--email", admin.email, "--password", admin.password, "--role", "admin"], {
      ...env,
      LOG_LEVEL: "silent",
    });
    expect(await made.exited, made.output()).toBe(0);

    const database = openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { sqlitePath: path.join(env.DATA_DIR!, "niche.sqlite") });
    const before = await snapshot(database);
    expect(before.get("business")!.rows).toHaveLength(40);
    expect(before.get("user")!.rows).toHaveLength(1);

    const applied = await migrateToLatest(database);
    const releaseMigrations = new Set(git("ls-tree", "--name-only", `${release}:src/server/db/migrations`).split("\n").map((f) => f.replace(/\.ts$/, "")));
    for (const name of applied) expect(releaseMigrations, `${name} ran again`).not.toContain(name);

    const after = await snapshot(database, before);
    for (const [table, { rows }] of before) expect(after.get(table)?.rows, `rows of ${table}`).toEqual(rows);
    expect(await migrateToLatest(database)).toEqual([]);

    // Today's code serves the release's content, and the release's administrator signs in with the same password.
    const t = await createTestApp({ database });
    try {
      const businesses = (await (await t.request("/api/v1/businesses")).json()) as unknown[];
      expect(businesses).toHaveLength(40);
      const signIn = await t.request("/api/auth/sign-in/email", { method: "POST", json: admin });
      expect(signIn.status).toBe(200);
      const cookie = signIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
      const me = (await (await t.request("/api/v1/me", { cookie })).json()) as { email?: string; role?: string };
      expect(me).toMatchObject({ email: admin.email, role: "admin" });
    } finally {
      await t.close();
    }
  });
});
