// Applies the migrations in order; safe to run on every start.
import { Migrator, type Migration } from "kysely/migration";
import type { Database } from "./database.ts";
import { initial } from "./migrations/0001-initial.ts";

function migrations(dialect: Database["dialect"]): Record<string, Migration> {
  return {
    "0001-initial": initial(dialect),
  };
}

export async function migrateToLatest(database: Database): Promise<string[]> {
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations(database.dialect) },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
