// Migrates one template database per engine; each test file then gets its own copy of it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../src/server/db/database.ts";
import { migrateToLatest } from "../../src/server/db/migrate.ts";
import { PG_TEMPLATE, PG_TEST_PREFIX, withAdminClient } from "./postgres.ts";

declare module "vitest" {
  export interface ProvidedContext {
    sqliteTemplate: string;
    testDir: string;
  }
}

export default async function setup(project: TestProject) {
  const testDir = fs.mkdtempSync(path.join(os.tmpdir(), "niche-test-"));
  project.provide("testDir", testDir);
  const kind = project.config.env?.TEST_DB;

  if (kind === "sqlite") {
    const template = path.join(testDir, "template.sqlite");
    const database = openDatabase({ sqlitePath: template });
    await migrateToLatest(database);
    await database.close();
    project.provide("sqliteTemplate", template);
  }

  if (kind === "postgres") {
    const url = process.env.TEST_DATABASE_URL!;
    await dropTestDatabases(url);
    await withAdminClient(url, (client) => client.query(`create database ${PG_TEMPLATE}`));
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${PG_TEMPLATE}`;
    const database = openDatabase({ url: templateUrl.href, poolSize: 1 });
    await migrateToLatest(database);
    await database.close();
  }

  return async () => {
    if (kind === "postgres") await dropTestDatabases(process.env.TEST_DATABASE_URL!);
    fs.rmSync(testDir, { recursive: true, force: true });
  };
}

async function dropTestDatabases(url: string) {
  await withAdminClient(url, async (client: pg.Client) => {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like $1",
      [`${PG_TEST_PREFIX}%`],
    );
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
  });
}
