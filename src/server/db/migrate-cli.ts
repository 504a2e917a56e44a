// `npm run db:migrate`: applies pending migrations to the configured database.
import dotenv from "dotenv";
import { ConfigError, parseEnv } from "../env.ts";
import { openRuntime } from "../runtime.ts";
import { migrateToLatest } from "./migrate.ts";

dotenv.config({ quiet: true });
try {
  const runtime = await openRuntime(parseEnv());
  const applied = await migrateToLatest(runtime.database);
  console.log(applied.length ? `Applied: ${applied.join(", ")}` : "The database is up to date.");
  await runtime.close();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
