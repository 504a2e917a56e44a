// Applies the migrations in order; safe to run on every start.
import { Migrator, type Migration } from "kysely/migration";
import type { Database } from "./database.ts";
import { initial } from "./migrations/0001-initial.ts";
import { search } from "./migrations/0002-search.ts";
import { uploads } from "./migrations/0003-uploads.ts";
import { accounts } from "./migrations/0004-accounts.ts";
import { geo } from "./migrations/0006-geo.ts";
import { admin } from "./migrations/0007-admin.ts";
import { setup } from "./migrations/0008-setup.ts";

function migrations(dialect: Database["dialect"]): Record<string, Migration> {
  return {
    "0001-initial": initial(dialect),
    "0002-search": search(dialect),
    "0003-uploads": uploads(dialect),
    "0004-accounts": accounts(dialect),
    "0006-geo": geo(dialect),
    "0007-admin": admin(dialect),
    "0008-setup": setup(dialect),
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
