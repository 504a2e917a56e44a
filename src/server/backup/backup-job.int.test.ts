// The "backup" job: a run writes a whole backup into BACKUP_DIR and keeps the newest BACKUP_KEEP, and the job is next
// due at BACKUP_AT on the site's clock.
import fs from "node:fs";
import path from "node:path";
import { pino } from "pino";
import { createSiteDir } from "#tests/setup/backup-site.ts";
import { afterEach, beforeEach, expect, it } from "vitest";
import { BACKUP_JOB, scheduleBackups } from "#server/background-jobs.ts";
import { JobRepository } from "#server/jobs/job.repository.ts";
import { Jobs } from "#server/jobs/jobs.ts";
import { createTestDatabase, type TestDatabase } from "#tests/setup/database.ts";
import { listBackups, readManifest } from "./backup.ts";

let root: string;
let dataDir: string;
let database: TestDatabase;

beforeEach(async () => {
  ({ root, dataDir } = createSiteDir("niche-backup-job-"));
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.close();
  fs.rmSync(root, { recursive: true, force: true });
});

it("is written by the backup job into BACKUP_DIR, keeping the newest BACKUP_KEEP", async () => {
  const jobs = new Jobs(new JobRepository(database.db), { instance: "test" });
  const dir = path.join(root, "backups");
  scheduleBackups(jobs, { site: { dataDir }, schedule: { dir, at: "03:30", keep: 2 }, timeZone: () => "America/Toronto", logger: pino({ level: "silent" }) });
  for (let run = 0; run < 3; run++) {
    expect(await jobs.runNow(BACKUP_JOB)).toBe("ran");
    // Backups are named by the second they are taken.
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const kept = listBackups(dir);
  expect(kept).toHaveLength(2);
  expect(Object.keys(readManifest(kept[1]!).files).some((file) => file.endsWith("logos/a.webp"))).toBe(true);
  const next = (await jobs.stats()).find((job) => job.name === BACKUP_JOB)!.runAt!;
  // The next run is at 03:30 in Toronto, 08:30 or 07:30 UTC.
  expect(new Date(next).toISOString()).toMatch(/T0[78]:30:00\.000Z$/);
});
