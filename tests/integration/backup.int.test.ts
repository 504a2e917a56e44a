// Backups you can trust: a backup of a running site, the site wiped, `npm run restore`, and the same content back:
// every row of every table and every stored file's hash. On PostgreSQL through pg_dump and pg_restore.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { describe, expect, inject, it } from "vitest";
import { hashFiles } from "#server/backup/backup.ts";
import { newId } from "#server/db/ids.ts";
import { withAdminClient } from "../setup/postgres.ts";
import { signUpProof } from "../setup/sign-up-challenge.ts";
import { assertBuilt, freshServerEnv, runNode, startedPerTest, stopServer, type ServerProcess } from "../setup/server-process.ts";

const postgres = process.env.TEST_DB === "postgres";

/** Whether pg_dump and pg_restore can be run here. */
function postgresToolsInstalled(): boolean {
  try {
    execFileSync("pg_dump", ["--version"], { stdio: "ignore" });
    execFileSync("pg_restore", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}
const tools = !postgres || postgresToolsInstalled();

const start = startedPerTest();

function post(server: ServerProcess, pathname: string, body: unknown) {
  return fetch(`${server.url}${pathname}`, { method: "POST", headers: { "Content-Type": "application/json", Origin: server.url }, body: JSON.stringify(body) });
}

/** Every row of every table, each table's rows in one order whatever order the engine returns them in. */
async function rowsOfEveryTable(env: Record<string, string>): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  if (env.DATABASE_URL) {
    await withAdminClient(env.DATABASE_URL, async (client) => {
      const { rows } = await client.query<{ tablename: string }>("select tablename from pg_tables where schemaname = 'public' order by tablename");
      for (const { tablename } of rows) tables[tablename] = (await client.query(`select * from "${tablename}"`)).rows.map((row) => JSON.stringify(row)).sort();
    });
  } else {
    const db = new SQLite(path.join(env.DATA_DIR!, "niche.sqlite"), { readonly: true, fileMustExist: true });
    const names = db.prepare<[], string>("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").pluck().all();
    for (const name of names) tables[name] = db.prepare(`select * from "${name}"`).all().map((row) => JSON.stringify(row)).sort();
    db.close();
  }
  return tables;
}

async function wipe(env: Record<string, string>) {
  if (env.DATABASE_URL) {
    await withAdminClient(env.DATABASE_URL, (client) => client.query("drop schema public cascade; create schema public"));
  }
  fs.rmSync(env.DATA_DIR!, { recursive: true, force: true });
}

describe(`backups on ${process.env.TEST_DB}`, () => {
  const roundTrip = "backs up a running site, and after a wipe `npm run restore` brings back every row and every file";
  it.skipIf(!tools)(tools ? roundTrip : `${roundTrip} (skipped: pg_dump and pg_restore are not on PATH)`, { timeout: 120_000 }, async () => {
    assertBuilt();
    const env = await freshServerEnv();
    const live = await start(env);
    const email = `restored-${newId(4).toLowerCase()}@example.com`;
    const altcha = await signUpProof((p) => fetch(`${live.url}${p}`));
    expect((await post(live, "/api/auth/sign-up/email", { email, password: "in-the-backup-1", name: "", altcha })).status).toBe(200);

    const backup = path.join(inject("testDir"), `backup-${newId(6)}`);
    const made = runNode("src/server/cli/backup.ts", ["--out", backup], env);
    expect(await made.exited, made.output()).toBe(0);
    expect(made.output()).toContain(`Backup written to ${backup}`);
    expect(fs.existsSync(path.join(backup, postgres ? "database.dump" : "niche.sqlite"))).toBe(true);
    expect((await fetch(`${live.url}/healthz`)).status).toBe(200);
    await stopServer(live);

    const rows = await rowsOfEveryTable(env);
    const files = await hashFiles(path.join(env.DATA_DIR!, "files"));
    // The demo site: businesses with their logos, and the account made above.
    expect(rows.business!.length).toBeGreaterThan(10);
    expect(rows.user!.some((row) => row.includes(email))).toBe(true);
    expect(Object.keys(files).length).toBeGreaterThan(10);

    // Over the site as it stands (its database and files still there): the same.
    const over = runNode("src/server/cli/restore.ts", [backup], env);
    expect(await over.exited, over.output()).toBe(0);
    expect(await rowsOfEveryTable(env)).toEqual(rows);

    await wipe(env);
    const restore = runNode("src/server/cli/restore.ts", [backup], env);
    expect(await restore.exited, restore.output()).toBe(0);
    expect(restore.output()).toContain(`Restored the backup of`);

    expect(await rowsOfEveryTable(env)).toEqual(rows);
    expect(await hashFiles(path.join(env.DATA_DIR!, "files"))).toEqual(files);
    // And it is a working site again, with the account.
    const restored = await start(env);
    expect((await post(restored, "/api/auth/sign-in/email", { email, password: "in-the-backup-1" })).status).toBe(200);
  });

  it("says what is wrong with a restore that names no backup, or a directory that is not one", async () => {
    const dataDir = path.join(inject("testDir"), `restore-${newId(6)}`);
    const usage = runNode("src/server/cli/restore.ts", [], { DATA_DIR: dataDir });
    expect(await usage.exited).toBe(2);
    expect(usage.output()).toContain("Usage: npm run restore -- <backup directory>");
    const notOne = path.join(inject("testDir"), `not-a-backup-${newId(6)}`);
    fs.mkdirSync(notOne);
    const refused = runNode("src/server/cli/restore.ts", [notOne], { DATA_DIR: dataDir });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain(`${notOne} is not a complete backup: it has no manifest.json.`);
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});
