// `npm run restore -- <backup>`: puts a backup made by `npm run backup` (or a scheduled one) back into the site that
// DATA_DIR and DATABASE_URL name. Stop the server first. Every file is checked against the backup's manifest before
// anything is changed.
import path from "node:path";
import { parseArgs } from "node:util";
import dotenv from "dotenv";
import { ConfigError, parseEnv } from "../env.ts";
import { BackupError } from "../backup/backup.ts";
import { restoreBackup } from "../backup/restore.ts";
import { s3OptionsFromEnv } from "../storage/storage-config.ts";

dotenv.config({ quiet: true });
try {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  if (positionals.length !== 1) {
    console.error("Usage: npm run restore -- <backup directory> (stop the server first)");
    process.exit(2);
  }
  const env = parseEnv();
  const backup = path.resolve(positionals[0]!);
  const dataDir = path.resolve(env.DATA_DIR);
  const manifest = await restoreBackup(backup, { dataDir, databaseUrl: env.DATABASE_URL, s3: s3OptionsFromEnv(env) !== null });
  console.log(`Restored the backup of ${manifest.createdAt} from ${backup} (${Object.keys(manifest.files).length} files checked). Start the server.`);
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof BackupError ? error.message : error instanceof Error ? error.message : error);
  process.exit(1);
}
