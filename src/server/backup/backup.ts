// A backup is a directory that can serve as DATA_DIR: the database (SQLite's file, copied with SQLite's online
// backup while the site runs; or PostgreSQL's, as pg_dump's custom-format archive), the uploaded files of local
// storage, the generated auth secret, and manifest.json with the SHA-256 of each of them, written last: a directory
// without a manifest is not a backup (it was cut short), and a file that no longer matches it is damaged.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type SQLiteDatabase from "better-sqlite3";
import { lazyRequire } from "../lib/lazy-require.ts";

const run = promisify(execFile);
// A site on PostgreSQL never loads SQLite's driver.
const loadSQLite = lazyRequire<typeof SQLiteDatabase>("better-sqlite3");

export const MANIFEST = "manifest.json";
export const SQLITE_FILE = "niche.sqlite";
export const POSTGRES_DUMP = "database.dump";
export const SECRET_FILE = "auth-secret";
export const FILES_DIR = "files";
/** The name of a scheduled backup: `niche-` and the moment it was taken (UTC), so that names sort by age. */
const SCHEDULED = /^niche-\d{8}T\d{6}Z$/;

export interface Manifest {
  format: 1;
  createdAt: string;
  database: "sqlite" | "postgres";
  /** Whether uploads are in the backup: not with S3 storage, whose bucket is backed up on its own. */
  uploads: "local" | "s3";
  /** Each file of the backup but the manifest, by its path in the backup (with `/`), with its SHA-256 in hex. */
  files: Record<string, string>;
}

export interface Site {
  dataDir: string;
  /** PostgreSQL's URL; absent for SQLite. */
  databaseUrl?: string | undefined;
  /** Uploads live in an S3 bucket, not under DATA_DIR/files. */
  s3?: boolean;
}

export class BackupError extends Error {
  override name = "BackupError";
}

/**
 * Runs one of PostgreSQL's client tools on the database at `url`, saying plainly when it is not installed. The
 * password goes in PGPASSWORD, not on the command line, where every user of the machine could read it (`ps`).
 */
export async function postgresTool(tool: "pg_dump" | "pg_restore", url: string, args: string[]): Promise<void> {
  const address = new URL(url);
  const password = decodeURIComponent(address.password);
  address.password = "";
  try {
    // eslint-disable-next-line no-restricted-properties -- no configuration is read: the tool inherits the environment, as it would without `env`
    const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
    await run(tool, [...args, `--dbname=${address.href}`], { maxBuffer: 16 * 1024 * 1024, env });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === "ENOENT") {
      throw new BackupError(`${tool} was not found on PATH: install PostgreSQL's client tools (the server's major version or newer).`);
    }
    throw new BackupError(`${tool} failed: ${(failure.stderr ?? failure.message).trim()}`);
  }
}

export async function sha256(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Every file under `dir`, by its path relative to it (with `/`). */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

/** The SHA-256 of each file under `dir` but the manifest. */
export async function hashFiles(dir: string): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const file of filesUnder(dir)) if (file !== MANIFEST) hashes[file] = await sha256(path.join(dir, file));
  return hashes;
}

/** Writes a backup of the site into `out`, which must not exist yet or be empty. */
export async function writeBackup(site: Site, out: string, now = new Date()): Promise<Manifest> {
  if (fs.existsSync(out) && fs.readdirSync(out).length > 0) throw new BackupError(`${out} is not empty: choose a new directory for the backup.`);
  fs.mkdirSync(out, { recursive: true });
  if (site.databaseUrl) {
    await postgresTool("pg_dump", site.databaseUrl, ["--format=custom", "--no-owner", "--no-privileges", `--file=${path.join(out, POSTGRES_DUMP)}`]);
  } else {
    const source = new (loadSQLite())(path.join(site.dataDir, SQLITE_FILE), { fileMustExist: true });
    try {
      await source.backup(path.join(out, SQLITE_FILE));
    } finally {
      source.close();
    }
  }
  const files = path.join(site.dataDir, FILES_DIR);
  if (!site.s3 && fs.existsSync(files)) fs.cpSync(files, path.join(out, FILES_DIR), { recursive: true });
  const secret = path.join(site.dataDir, SECRET_FILE);
  if (fs.existsSync(secret)) fs.copyFileSync(secret, path.join(out, SECRET_FILE));
  const manifest: Manifest = {
    format: 1,
    createdAt: now.toISOString(),
    database: site.databaseUrl ? "postgres" : "sqlite",
    uploads: site.s3 ? "s3" : "local",
    files: await hashFiles(out),
  };
  fs.writeFileSync(path.join(out, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** The name a backup taken at `now` gets in BACKUP_DIR. */
export function backupName(now: Date): string {
  return `niche-${now.toISOString().replace(/[-:]|\.\d+/g, "")}`;
}

/**
 * Writes a backup into BACKUP_DIR under the name of its moment (written under a hidden name and renamed once whole),
 * then removes the oldest beyond `keep`. Answers the new backup's path.
 */
export async function writeBackupInto(site: Site, backupDir: string, keep: number, now = new Date()): Promise<string> {
  fs.mkdirSync(backupDir, { recursive: true });
  const name = backupName(now);
  const final = path.join(backupDir, name);
  if (fs.existsSync(final)) throw new BackupError(`${final} exists already.`);
  const partial = path.join(backupDir, `.${name}.partial`);
  fs.rmSync(partial, { recursive: true, force: true });
  try {
    await writeBackup(site, partial, now);
    fs.renameSync(partial, final);
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  }
  pruneBackups(backupDir, keep);
  return final;
}

/** The complete backups in BACKUP_DIR, oldest first. */
export function listBackups(backupDir: string): string[] {
  if (!fs.existsSync(backupDir)) return [];
  return fs
    .readdirSync(backupDir)
    .filter((name) => SCHEDULED.test(name) && fs.existsSync(path.join(backupDir, name, MANIFEST)))
    .sort()
    .map((name) => path.join(backupDir, name));
}

/** Removes the oldest complete backups beyond `keep`; answers those removed. */
export function pruneBackups(backupDir: string, keep: number): string[] {
  const backups = listBackups(backupDir);
  const removed = backups.slice(0, Math.max(0, backups.length - keep));
  for (const dir of removed) fs.rmSync(dir, { recursive: true, force: true });
  return removed;
}

export function readManifest(backup: string): Manifest {
  const file = path.join(backup, MANIFEST);
  if (!fs.existsSync(file)) throw new BackupError(`${backup} is not a complete backup: it has no ${MANIFEST}.`);
  const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as Manifest;
  if (manifest.format !== 1) throw new BackupError(`${file} is of a format this version does not know.`);
  return manifest;
}

/** Checks every file the manifest lists against its hash; throws naming the first that differs or is missing. */
export async function verifyBackup(backup: string, manifest = readManifest(backup)): Promise<Manifest> {
  for (const [file, hash] of Object.entries(manifest.files)) {
    const at = path.join(backup, ...file.split("/"));
    if (!fs.existsSync(at)) throw new BackupError(`The backup is damaged: ${file} is missing.`);
    if ((await sha256(at)) !== hash) throw new BackupError(`The backup is damaged: ${file} does not match its hash in ${MANIFEST}.`);
  }
  return manifest;
}
