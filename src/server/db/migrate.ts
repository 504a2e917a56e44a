// Applies the migrations in order; safe to run on every start.
import fs from "node:fs/promises";
import { Migrator, type Migration } from "kysely/migration";
import type { Database, DialectName } from "./database.ts";
import { watchWrites } from "./write-version.ts";

/**
 * A migration file (`migrations/NNNN-name.ts`, `.js` once built) default-exports one of these; its file name
 * without the extension is the name recorded in the database, so a file is never renamed once released.
 */
export type MigrationFactory = (dialect: DialectName) => Migration;

const folder = new URL("./migrations/", import.meta.url);
const MIGRATION_FILE = /^(\d{4}-[\w-]+)\.[jt]s$/;

/** Every migration in the folder, keyed by name; Kysely runs them in name order. */
export async function discoverMigrations(dialect: DialectName): Promise<Record<string, Migration>> {
  const files = (await fs.readdir(folder)).filter((file) => MIGRATION_FILE.test(file) && !file.endsWith(".test.ts"));
  const entries = await Promise.all(
    files.map(async (file) => {
      const module = (await import(new URL(file, folder).href)) as { default?: MigrationFactory };
      if (typeof module.default !== "function") throw new Error(`Migration ${file} has no default export`);
      return [MIGRATION_FILE.exec(file)![1]!, module.default(dialect)] as const;
    }),
  );
  return Object.fromEntries(entries);
}

export async function migrateToLatest(database: Database): Promise<string[]> {
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: () => discoverMigrations(database.dialect) },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  // Tables a migration added are watched by the write version (decision 0053).
  await watchWrites(database);
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
