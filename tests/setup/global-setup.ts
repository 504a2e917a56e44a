// Migrates one template database per engine; each test file then gets its own copy of it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#server/db/database.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { newId } from "#server/db/ids.ts";
import { databaseUrl, PG_TEST_PREFIX, withAdminClient } from "./postgres.ts";

declare module "vitest" {
  export interface ProvidedContext {
    sqliteTemplate: string;
    testDir: string;
    /** Name prefix of this run's PostgreSQL databases; the template is `<prefix>template`. */
    pgPrefix: string;
  }
}

export default async function setup(project: TestProject) {
  const testDir = fs.mkdtempSync(path.join(os.tmpdir(), "niche-test-"));
  project.provide("testDir", testDir);
  const kind = project.config.env?.TEST_DB;
  let pgPrefix = "";

  if (kind === "sqlite") {
    const template = path.join(testDir, "template.sqlite");
    const database = openDatabase({ sqlitePath: template });
    await migrateToLatest(database);
    await database.close();
    project.provide("sqliteTemplate", template);
  }

  if (kind === "postgres") {
    const url = process.env.TEST_DATABASE_URL!;
    pgPrefix = `${PG_TEST_PREFIX}${newId(6).toLowerCase()}_`;
    project.provide("pgPrefix", pgPrefix);
    await withAdminClient(url, (client) => client.query(`create database ${pgPrefix}template`));
    const database = openDatabase({ url: databaseUrl(url, `${pgPrefix}template`), poolSize: 1 });
    await migrateToLatest(database);
    await database.close();
  }

  return async () => {
    if (kind === "postgres") await dropTestDatabases(process.env.TEST_DATABASE_URL!, pgPrefix);
    fs.rmSync(testDir, { recursive: true, force: true });
  };
}

/**
 * Connections dropping this run's databases at once: a drop mostly waits on the disk (60 drops on a busy machine:
 * 117 s one at a time, 60 s four at once).
 */
const DROPPING_CONNECTIONS = 4;

async function dropTestDatabases(url: string, prefix: string) {
  if (!prefix.startsWith(PG_TEST_PREFIX)) return;
  const { rows } = await withAdminClient(url, (client) =>
    client.query<{ datname: string }>("select datname from pg_database where starts_with(datname, $1)", [prefix]),
  );
  const names = rows.map((row) => row.datname);
  await Promise.all(
    Array.from({ length: DROPPING_CONNECTIONS }, () =>
      withAdminClient(url, async (client: pg.Client) => {
        for (let name = names.shift(); name !== undefined; name = names.shift()) await dropDatabase(client, name);
      }),
    ),
  );
}

/**
 * Drops a test database, ending its connections. An autovacuum worker busy in it belongs to the server's own
 * superuser, which the tests' role may not end: the drop is tried again once it is done, and a database still
 * held after that is left (its name is this run's own) with a warning, rather than failing the run.
 */
async function dropDatabase(client: pg.Client, name: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      await client.query(`drop database if exists "${name}" with (force)`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== "42501") throw error;
      if (attempt === 20) {
        console.warn(`test database ${name} left: ${(error as Error).message}`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
