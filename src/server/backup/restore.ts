// Puts a backup (backup.ts) back: checked whole against its manifest first, so that a damaged backup changes nothing.
import fs from "node:fs";
import path from "node:path";
import { BackupError, FILES_DIR, POSTGRES_DUMP, postgresTool, SECRET_FILE, SQLITE_FILE, verifyBackup, type Manifest, type Site } from "./backup.ts";

const SQLITE_COMPANIONS = ["-wal", "-shm", "-journal"];

/**
 * Restores `backup` into the site. SQLite's file and the uploads are replaced (the server must be stopped);
 * PostgreSQL's database gets the dump's tables and rows back with pg_restore, replacing those it has.
 */
export async function restoreBackup(backup: string, site: Site): Promise<Manifest> {
  const manifest = await verifyBackup(backup);
  if (manifest.database === "postgres" && !site.databaseUrl) {
    throw new BackupError("This backup is of a PostgreSQL database: set DATABASE_URL to the database to restore it into.");
  }
  if (manifest.database === "sqlite" && site.databaseUrl) {
    throw new BackupError("This backup is of a SQLite database: unset DATABASE_URL to restore it into DATA_DIR.");
  }
  fs.mkdirSync(site.dataDir, { recursive: true });

  if (site.databaseUrl) {
    await postgresTool("pg_restore", site.databaseUrl, ["--clean", "--if-exists", "--no-owner", "--no-privileges", "--single-transaction", path.join(backup, POSTGRES_DUMP)]);
  } else {
    const target = path.join(site.dataDir, SQLITE_FILE);
    for (const suffix of ["", ...SQLITE_COMPANIONS]) fs.rmSync(`${target}${suffix}`, { force: true });
    fs.copyFileSync(path.join(backup, SQLITE_FILE), target);
  }

  // With S3 storage the uploads were not in the backup, and those in the bucket stay.
  if (manifest.uploads === "local") {
    const files = path.join(site.dataDir, FILES_DIR);
    fs.rmSync(files, { recursive: true, force: true });
    if (fs.existsSync(path.join(backup, FILES_DIR))) fs.cpSync(path.join(backup, FILES_DIR), files, { recursive: true });
  }
  const secret = path.join(backup, SECRET_FILE);
  if (fs.existsSync(secret)) fs.copyFileSync(secret, path.join(site.dataDir, SECRET_FILE));
  return manifest;
}
