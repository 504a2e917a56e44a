// The job mechanism on this suite's engine: of several instances on one database one runs a job, a failing job is
// retried with back-off and recorded, a job whose instance died is taken up once its lease has run out, and a job
// given back by a stopping instance is due at once, and one held by a process of this host that is gone is taken back
// without waiting for its lease.
import { spawnSync } from "node:child_process";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/database.ts";
import { createTestDatabase, type TestDatabase } from "#tests/setup/database.ts";
import { JobRepository } from "./job.repository.ts";
import { Jobs, nextRun, retryDelay } from "./jobs.ts";

let database: TestDatabase;
const opened: Database[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(opened.map((d) => d.close()));
  await database.close();
});

/** An instance of the app as far as jobs go: its own connection to the shared database. */
function instance(name: string, options: { leaseMs?: number; pollMs?: number } = {}) {
  const connection = database.reopen();
  opened.push(connection);
  return new Jobs(new JobRepository(connection.db), { instance: name, leaseMs: options.leaseMs ?? 5_000, pollMs: options.pollMs ?? 50 });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function statsOf(jobs: Jobs, name: string) {
  return (await jobs.stats()).find((s) => s.name === name)!;
}

describe("jobs", () => {
  it("run on one of three instances asked at the same moment, and once more after for those who asked meanwhile", async () => {
    let runs = 0;
    const instances = ["a", "b", "c"].map((name) => {
      const jobs = instance(name);
      jobs.schedule("once", "on-request", async () => {
        runs++;
        await sleep(200);
      });
      return jobs;
    });
    const outcomes = await Promise.all(instances.map((jobs) => jobs.runNow("once")));
    expect(outcomes.filter((o) => o === "ran")).toHaveLength(1);
    expect(runs).toBe(1);
    const stats = await statsOf(instances[0]!, "once");
    expect(stats).toMatchObject({ state: "due", runs: 1, failures: 0, lockedBy: null });
    // The two that asked while it ran leave it due: the next instance that looks runs it again.
    instances[1]!.start();
    await expect.poll(() => runs).toBe(2);
    await Promise.all(instances.map((jobs) => jobs.stop()));
    expect(await statsOf(instances[0]!, "once")).toMatchObject({ state: "scheduled", runs: 2, runAt: null });
  });

  it("retry a failing run with back-off a bounded number of times, each failure recorded", async () => {
    const jobs = instance("d");
    let tries = 0;
    jobs.schedule(
      "flaky",
      "on-request",
      async () => {
        tries++;
        throw new Error(`mail server down (${tries})`);
      },
      { maxAttempts: 2 },
    );
    const before = Date.now();
    await jobs.runNow("flaky");
    const first = await statsOf(jobs, "flaky");
    expect(first).toMatchObject({ state: "scheduled", attempts: 1, failures: 1, lastError: "mail server down (1)" });
    expect(first.runAt).toBeGreaterThanOrEqual(before + retryDelay(1));
    await jobs.runNow("flaky");
    // Given up after its second try: not due again until asked (or its next time).
    expect(await statsOf(jobs, "flaky")).toMatchObject({ state: "scheduled", attempts: 0, failures: 2, lastError: "mail server down (2)", runAt: null });
    expect(retryDelay(2)).toBe(2 * retryDelay(1));
  });

  it("are taken up by another instance once the lease of one that died has run out", async () => {
    const repository = new JobRepository(database.db);
    await repository.ensure(["orphaned"], Date.now());
    // An instance claimed it with a short lease, then died without a word.
    const now = Date.now();
    expect(await repository.claim({ name: "orphaned", token: "dead", lockedBy: "dead:1", now, leaseUntil: now + 1_500, nextRunAt: now + 60_000, force: true })).toBeTruthy();
    const survivor = instance("e");
    let ranBy = "";
    survivor.schedule("orphaned", { every: 60_000 }, async () => {
      ranBy = survivor.instance;
    });
    expect((await statsOf(survivor, "orphaned")).lockedBy).toBe("dead:1");
    survivor.start();
    await sleep(150);
    expect(ranBy).toBe("");
    await expect.poll(() => ranBy, { timeout: 5_000 }).toBe("e");
    await survivor.stop();
    expect(await statsOf(survivor, "orphaned")).toMatchObject({ state: "scheduled", runs: 1, attempts: 0 });
    // The dead instance's claim no longer counts: what it might still record is ignored.
    await repository.succeeded("orphaned", "dead", Date.now());
    expect((await statsOf(survivor, "orphaned")).runs).toBe(1);
  });

  it("held by a process of this host that is gone are taken back at once by the next instance started there", async () => {
    const gone = spawnSync(process.execPath, ["-e", ""]).pid;
    const repository = new JobRepository(database.db);
    await repository.ensure(["left-by-a-crash"], Date.now());
    const now = Date.now();
    await repository.claim({ name: "left-by-a-crash", token: "crashed", lockedBy: `${os.hostname()}:${gone}`, now, leaseUntil: now + 60_000, nextRunAt: now + 60_000, force: true });
    const connection = database.reopen();
    opened.push(connection);
    const restarted = new Jobs(new JobRepository(connection.db));
    let ran = false;
    restarted.schedule("left-by-a-crash", { every: 60_000 }, async () => {
      ran = true;
    });
    expect(await restarted.runNow("left-by-a-crash")).toBe("ran");
    expect(ran).toBe(true);
  });

  it("are given back by an instance that stops in the middle of one, due at once for another", async () => {
    const stopping = instance("f");
    stopping.schedule("long", "on-request", async ({ signal }) => {
      await new Promise((resolve) => signal.addEventListener("abort", resolve));
      return "unfinished";
    });
    const run = stopping.runNow("long");
    await expect.poll(async () => (await statsOf(stopping, "long")).state).toBe("running");
    await stopping.stop(1_000);
    await run;
    expect(await statsOf(stopping, "long")).toMatchObject({ state: "due", runs: 0, lockedBy: null });
  });

  it("know when they are due next", () => {
    const now = new Date(2026, 5, 1, 10, 30).getTime();
    expect(nextRun({ every: 60_000 }, now)).toBe(now + 60_000);
    expect(new Date(nextRun({ at: "03:00" }, now)).getDate()).toBe(2);
    expect(new Date(nextRun({ at: "11:15" }, now)).getHours()).toBe(11);
  });
});
