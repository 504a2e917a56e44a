// A fresh, migrated database for one test file: a copy of the template on SQLite or PostgreSQL.
import fs from "node:fs";
import path from "node:path";
import { inject } from "vitest";
import { newId } from "#server/db/ids.ts";
import { openDatabase, type Database } from "#server/db/database.ts";
import { databaseUrl, withAdminClient } from "./postgres.ts";

/** The database this Vitest project runs its integration files on. */
export const testDialect: "sqlite" | "postgres" = process.env.TEST_DB === "postgres" ? "postgres" : "sqlite";

/** A test database, and a way to open a second connection to it (as a second instance of the app would). */
export type TestDatabase = Database & { reopen(): Database };

export async function createTestDatabase(): Promise<TestDatabase> {
  const suffix = `${process.env.VITEST_POOL_ID ?? "0"}_${newId(8).toLowerCase()}`;
  if (process.env.TEST_DB === "postgres") {
    const url = process.env.TEST_DATABASE_URL!;
    const prefix = inject("pgPrefix");
    const name = `${prefix}${suffix}`;
    await withAdminClient(url, async (client) => {
      // Two copies of one template at the same moment can collide; try again briefly.
      for (let attempt = 0; ; attempt++) {
        try {
          await client.query(`create database ${name} template ${prefix}template`);
          return;
        } catch (error) {
          if (attempt >= 20 || !String(error).includes("is being accessed by other users")) throw error;
          await new Promise((r) => setTimeout(r, 100 + attempt * 50));
        }
      }
    });
    const open = () => openDatabase({ url: databaseUrl(url, name), poolSize: 4 });
    return Object.assign(open(), { reopen: open });
  }
  const file = path.join(inject("testDir"), `w${suffix}.sqlite`);
  fs.copyFileSync(inject("sqliteTemplate"), file);
  const open = () => openDatabase({ sqlitePath: file });
  return Object.assign(open(), { reopen: open });
}
