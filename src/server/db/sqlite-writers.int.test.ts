// Another process writing to the same SQLite file (the `user:create` command, a backup, a second instance started by
// mistake) while a transaction of the server's reads and then writes: the transaction waits its turn to write instead
// of failing. A transaction that begins by reading takes no write lock; once another connection has written, SQLite
// refuses it the upgrade to a writer at once (SQLITE_BUSY, whatever busy_timeout says), and the request failed.
import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { openDatabase } from "./database.ts";
import { migrateToLatest } from "./migrate.ts";
import { newId } from "./ids.ts";
import { testDialect } from "#tests/setup/database.ts";

/** A process of its own that, once told, writes a tag and says so (waiting up to 10 s for the lock). */
function otherWriter(file: string, tagId: string) {
  const script = `
    const Database = require("better-sqlite3");
    const db = new Database(${JSON.stringify(file)});
    db.pragma("busy_timeout = 10000");
    process.stdout.write("ready\\n");
    process.stdin.once("data", () => {
      db.prepare("insert into tag (id, name, createdAt) values (?, ?, ?)").run(${JSON.stringify(tagId)}, "Written elsewhere", new Date().toISOString());
      process.stdout.write("written\\n");
      db.close();
      process.exit(0);
    });`;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["pipe", "pipe", "inherit"] });
  const lines: string[] = [];
  const waiters: Array<() => void> = [];
  child.stdout.on("data", (chunk: Buffer) => {
    lines.push(...chunk.toString().split("\n").filter(Boolean));
    for (const wake of waiters.splice(0)) wake();
  });
  const said = (line: string, withinMs: number) =>
    new Promise<boolean>((resolve) => {
      const check = () => (lines.includes(line) ? resolve(true) : waiters.push(check));
      setTimeout(() => resolve(lines.includes(line)), withinMs);
      check();
    });
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { go: () => child.stdin.write("go\n"), said, exited };
}

describe.runIf(testDialect === "sqlite")("a transaction beside another process's write", () => {
  it("reads, lets the other process write, then writes itself and commits; the other's write follows", async () => {
    const file = path.join(inject("testDir"), `writers-${newId(6)}.sqlite`);
    const database = openDatabase({ sqlitePath: file });
    await migrateToLatest(database);
    const other = otherWriter(file, `tag-${newId(8)}`);
    expect(await other.said("ready", 10_000)).toBe(true);

    const mine = `tag-${newId(8)}`;
    await database.transaction(async () => {
      await database.db.selectFrom("tag").select("id").execute();
      other.go();
      // The other process writes at once if it may; here it waits for this transaction.
      await other.said("written", 1_000);
      await database.db.insertInto("tag").values({ id: mine, name: "Written here", createdAt: new Date().toISOString() }).execute();
    });

    expect(await other.exited).toBe(0);
    const names = (await database.db.selectFrom("tag").select("name").execute()).map((t) => t.name).sort();
    expect(names).toEqual(["Written elsewhere", "Written here"]);
    await database.close();
  });
});
