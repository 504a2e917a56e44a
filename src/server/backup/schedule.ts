// Scheduled backups: one a day at BACKUP_AT in the site's time zone into BACKUP_DIR, keeping the newest BACKUP_KEEP,
// run by the "backup" job (runtime.ts) on one instance at a time.
import { writeBackupInto, type Site } from "./backup.ts";

export interface BackupSchedule {
  /** BACKUP_DIR */
  dir: string;
  /** BACKUP_AT: HH:MM in the site's time zone. */
  at: string;
  /** BACKUP_KEEP */
  keep: number;
}

/** Takes one scheduled backup (named by `now`) and removes the oldest beyond the number kept; answers its path. */
export function runScheduledBackup(now: Date, site: Site, schedule: BackupSchedule): Promise<string> {
  return writeBackupInto(site, schedule.dir, schedule.keep, now);
}
