import fs from "node:fs";
import path from "node:path";
import { createSiteDir } from "#tests/setup/backup-site.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listBackups, readManifest, sha256, writeBackupInto } from "./backup.ts";
import { restoreBackup } from "./restore.ts";
import { runScheduledBackup } from "./schedule.ts";
import { nextRun } from "#server/jobs/jobs.ts";

let root: string;
let dataDir: string;

beforeEach(() => {
  ({ root, dataDir } = createSiteDir("niche-backup-"));
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

const at = (iso: string) => new Date(iso);

describe("scheduled backups", () => {
  it("keeps the newest BACKUP_KEEP backups and removes the oldest", async () => {
    const dir = path.join(root, "backups");
    const schedule = { dir, at: "03:30", keep: 2 };
    for (const day of ["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04"]) {
      await runScheduledBackup(at(`${day}T08:30:00Z`), { dataDir }, schedule);
    }
    expect(listBackups(dir).map((backup) => path.basename(backup))).toEqual(["niche-20261103T083000Z", "niche-20261104T083000Z"]);
    expect(fs.readdirSync(dir).sort()).toEqual(["niche-20261103T083000Z", "niche-20261104T083000Z"]);
    // What is not a complete backup of ours is left alone, and not counted.
    fs.mkdirSync(path.join(dir, "operator-notes"));
    fs.mkdirSync(path.join(dir, "niche-20261105T083000Z"));
    await writeBackupInto({ dataDir }, dir, 2, at("2026-11-06T08:30:00Z"));
    expect(fs.readdirSync(dir).sort()).toEqual(["niche-20261104T083000Z", "niche-20261105T083000Z", "niche-20261106T083000Z", "operator-notes"]);
  });

  it("writes a manifest with the hash of every file it holds", async () => {
    const backup = await runScheduledBackup(at("2026-11-01T08:30:00Z"), { dataDir }, { dir: path.join(root, "backups"), at: "03:30", keep: 7 });
    const manifest = readManifest(backup);
    expect(manifest).toMatchObject({ format: 1, createdAt: "2026-11-01T08:30:00.000Z", database: "sqlite", uploads: "local" });
    expect(Object.keys(manifest.files).sort()).toEqual(["files/logos/a.webp", "niche.sqlite"]);
    expect(manifest.files["files/logos/a.webp"]).toBe(await sha256(path.join(dataDir, "files", "logos", "a.webp")));
  });

  it("refuses to restore a damaged backup and changes nothing", async () => {
    const backup = await runScheduledBackup(at("2026-11-01T08:30:00Z"), { dataDir }, { dir: path.join(root, "backups"), at: "03:30", keep: 7 });
    fs.writeFileSync(path.join(backup, "files", "logos", "a.webp"), "other bytes");
    fs.writeFileSync(path.join(dataDir, "files", "logos", "a.webp"), "changed since");
    await expect(restoreBackup(backup, { dataDir })).rejects.toThrow("The backup is damaged: files/logos/a.webp does not match its hash in manifest.json.");
    expect(fs.readFileSync(path.join(dataDir, "files", "logos", "a.webp"), "utf8")).toBe("changed since");

    fs.rmSync(path.join(backup, "manifest.json"));
    await expect(restoreBackup(backup, { dataDir })).rejects.toThrow(`${backup} is not a complete backup: it has no manifest.json.`);
  });

  it("is due at BACKUP_AT on the site's wall clock, across changes of the clocks", () => {
    const zone = "America/Toronto";
    // 03:30 in Toronto is 08:30 UTC in winter (EST), 07:30 in summer (EDT).
    expect(new Date(nextRun({ at: "03:30", timeZone: () => zone }, Date.parse("2026-11-27T12:00:00Z"))).toISOString()).toBe("2026-11-28T08:30:00.000Z");
    expect(new Date(nextRun({ at: "03:30", timeZone: () => zone }, Date.parse("2026-11-28T08:29:00Z"))).toISOString()).toBe("2026-11-28T08:30:00.000Z");
    expect(new Date(nextRun({ at: "03:30", timeZone: () => zone }, Date.parse("2026-11-28T08:30:00Z"))).toISOString()).toBe("2026-11-29T08:30:00.000Z");
    expect(new Date(nextRun({ at: "03:30", timeZone: () => zone }, Date.parse("2026-07-01T12:00:00Z"))).toISOString()).toBe("2026-07-02T07:30:00.000Z");
    // The night the clocks go back (1 November 2026): the day before is in summer time, the backup in winter time.
    expect(new Date(nextRun({ at: "03:30", timeZone: () => zone }, Date.parse("2026-10-31T12:00:00Z"))).toISOString()).toBe("2026-11-01T08:30:00.000Z");
    // 02:30 does not exist on 8 March 2026 (02:00 jumps to 03:00): the backup runs just after the jump.
    expect(new Date(nextRun({ at: "02:30", timeZone: () => zone }, Date.parse("2026-03-07T12:00:00Z"))).toISOString()).toBe("2026-03-08T07:30:00.000Z");
    expect(new Date(nextRun({ at: "00:00", timeZone: () => "Asia/Tokyo" }, Date.parse("2026-11-27T12:00:00Z"))).toISOString()).toBe("2026-11-27T15:00:00.000Z");
  });

});
