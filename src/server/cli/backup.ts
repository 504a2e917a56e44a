// `npm run backup -- --out <directory>`: a consistent copy of the site while it keeps running.
// SQLite is copied with SQLite's online backup; uploaded files are copied beside it.
// With PostgreSQL, back the database up with pg_dump; this command then copies the files only.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import SQLite from "better-sqlite3";
import dotenv from "dotenv";
import { ConfigError, parseEnv } from "../env.ts";

dotenv.config({ quiet: true });
try {
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  if (!values.out) {
    console.error("Usage: npm run backup -- --out <directory>");
    process.exit(2);
  }
  const env = parseEnv();
  const dataDir = path.resolve(env.DATA_DIR);
  const out = path.resolve(values.out);
  // Nothing to back up: said before the backup's directory is made.
  if (!env.DATABASE_URL && !fs.existsSync(path.join(dataDir, "niche.sqlite"))) {
    console.error(`There is no site at ${dataDir}: set DATA_DIR to the site's data directory.`);
    process.exit(2);
  }
  if (fs.existsSync(out) && fs.readdirSync(out).length > 0) {
    console.error(`${out} is not empty: choose a new directory for the backup.`);
    process.exit(2);
  }
  fs.mkdirSync(out, { recursive: true });

  if (env.DATABASE_URL) {
    console.log("The database is PostgreSQL: back it up with pg_dump. Copying uploaded files only.");
  } else {
    const source = new SQLite(path.join(dataDir, "niche.sqlite"), { fileMustExist: true });
    await source.backup(path.join(out, "niche.sqlite"));
    source.close();
  }
  const files = path.join(dataDir, "files");
  if (fs.existsSync(files)) fs.cpSync(files, path.join(out, "files"), { recursive: true });
  const secret = path.join(dataDir, "auth-secret");
  if (fs.existsSync(secret)) fs.copyFileSync(secret, path.join(out, "auth-secret"));
  console.log(`Backup written to ${out}. To restore, stop the server and use that directory as DATA_DIR.`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error instanceof Error ? error.message : error);
  process.exit(1);
}
