// Scheduled backups: one a day at BACKUP_AT in the site's time zone into BACKUP_DIR, keeping the newest BACKUP_KEEP.
// For now a timer of this process runs them; `runScheduledBackup` and `nextBackupAt` are what a job mechanism that
// runs each scheduled job once across instances calls instead.
import { Temporal } from "temporal-polyfill";
import type { Logger } from "../logger.ts";
import { writeBackupInto, type Site } from "./backup.ts";

export interface BackupSchedule {
  /** BACKUP_DIR */
  dir: string;
  /** BACKUP_AT: HH:MM in the site's time zone. */
  at: string;
  /** BACKUP_KEEP */
  keep: number;
}

/**
 * The first moment after `now` when the wall clock in `timeZone` reads `at` (HH:MM). On a day that skips that time
 * (clocks going forward) it is the moment just after the gap; on one that repeats it, its first occurrence.
 */
export function nextBackupAt(now: Date, at: string, timeZone: string): Date {
  const [hour, minute] = at.split(":").map(Number) as [number, number];
  const here = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(timeZone);
  let next = here.with({ hour, minute, second: 0, millisecond: 0, microsecond: 0, nanosecond: 0 }, { disambiguation: "compatible", offset: "ignore" });
  if (Temporal.ZonedDateTime.compare(next, here) <= 0) {
    next = here.toPlainDate().add({ days: 1 }).toZonedDateTime({ timeZone, plainTime: Temporal.PlainTime.from({ hour, minute }) });
  }
  return new Date(next.epochMilliseconds);
}

/** Takes one scheduled backup (named by `now`) and removes the oldest beyond the number kept; answers its path. */
export function runScheduledBackup(now: Date, site: Site, schedule: BackupSchedule): Promise<string> {
  return writeBackupInto(site, schedule.dir, schedule.keep, now);
}

/** The longest a Node timer waits; a later moment is waited for in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** Runs `runScheduledBackup` at each next BACKUP_AT (the site's time zone read anew each time) until stopped. */
export function backupTimer(site: Site, schedule: BackupSchedule | undefined, timeZone: () => Promise<string>, logger: Logger) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let started = false;
  let stopped = false;

  const wait = (until: Date) => {
    if (stopped) return;
    const ms = until.getTime() - Date.now();
    timer = setTimeout(() => (ms > LONGEST_TIMER_MS ? wait(until) : fire()), Math.min(Math.max(ms, 0), LONGEST_TIMER_MS));
    timer.unref();
  };
  const planNext = () =>
    timeZone()
      .then((zone) => wait(nextBackupAt(new Date(), schedule!.at, zone)))
      .catch((err: unknown) => logger.error({ err }, "the next scheduled backup could not be planned"));
  const fire = () => {
    const started = performance.now();
    running = runScheduledBackup(new Date(), site, schedule!)
      .then((backup) => logger.info({ backup, ms: Math.round(performance.now() - started) }, "scheduled backup written"))
      .catch((err: unknown) => logger.error({ err }, "scheduled backup failed"))
      .finally(() => {
        running = undefined;
        void planNext();
      });
  };

  return {
    start(): void {
      if (!schedule || started || stopped) return;
      started = true;
      void planNext();
    },
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
