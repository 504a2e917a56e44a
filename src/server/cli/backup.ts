// `npm run backup -- --out <directory>`: a consistent copy of the site while it keeps running (backup/backup.ts).
// `npm run backup` alone writes a new backup into BACKUP_DIR and keeps the newest BACKUP_KEEP there, as the
// scheduled backups do. SQLite is copied with SQLite's online backup, PostgreSQL with pg_dump; the uploaded files
// (local storage) are copied beside it, with a manifest of every file's SHA-256.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import dotenv from "dotenv";
import { ConfigError, parseEnv } from "../env.ts";
import { BackupError, writeBackup, writeBackupInto } from "../backup/backup.ts";
import { s3OptionsFromEnv } from "../storage/storage-config.ts";

dotenv.config({ quiet: true });
try {
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  const env = parseEnv();
  if (!values.out && !env.BACKUP_DIR) {
    console.error("Usage: npm run backup -- --out <directory> (or set BACKUP_DIR and run npm run backup)");
    process.exit(2);
  }
  const dataDir = path.resolve(env.DATA_DIR);
  // Nothing to back up: said before the backup's directory is made.
  if (!env.DATABASE_URL && !fs.existsSync(path.join(dataDir, "niche.sqlite"))) {
    console.error(`There is no site at ${dataDir}: set DATA_DIR to the site's data directory.`);
    process.exit(2);
  }
  const site = { dataDir, databaseUrl: env.DATABASE_URL, s3: s3OptionsFromEnv(env) !== null };
  if (site.s3) console.log("Uploads are in the S3 bucket: back the bucket up on its own. This backup holds the database.");
  if (values.out) {
    const out = path.resolve(values.out);
    if (fs.existsSync(out) && fs.readdirSync(out).length > 0) {
      console.error(`${out} is not empty: choose a new directory for the backup.`);
      process.exit(2);
    }
    await writeBackup(site, out);
    console.log(`Backup written to ${out}. To restore, stop the server and run npm run restore -- ${out} (or use that directory as DATA_DIR).`);
  } else {
    const out = await writeBackupInto(site, path.resolve(env.BACKUP_DIR!), env.BACKUP_KEEP);
    console.log(`Backup written to ${out}; the newest ${env.BACKUP_KEEP} in ${path.resolve(env.BACKUP_DIR!)} are kept.`);
  }
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof BackupError ? error.message : error instanceof Error ? error.message : error);
  process.exit(1);
}
