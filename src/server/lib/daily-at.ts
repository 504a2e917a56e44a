// The next moment a wall clock in a time zone reads a given time of day: daily jobs such as scheduled backups.
import { Temporal } from "temporal-polyfill";

/**
 * The first moment after `now` when the wall clock in `timeZone` reads `at` (HH:MM). On a day that skips that time
 * (clocks going forward) it is the moment just after the gap; on one that repeats it, its first occurrence.
 */
export function nextDailyAt(now: Date, at: string, timeZone: string): Date {
  const [hour, minute] = at.split(":").map(Number) as [number, number];
  const here = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(timeZone);
  let next = here.with({ hour, minute, second: 0, millisecond: 0, microsecond: 0, nanosecond: 0 }, { disambiguation: "compatible", offset: "ignore" });
  if (Temporal.ZonedDateTime.compare(next, here) <= 0) {
    next = here.toPlainDate().add({ days: 1 }).toZonedDateTime({ timeZone, plainTime: Temporal.PlainTime.from({ hour, minute }) });
  }
  return new Date(next.epochMilliseconds);
}

/** The time zone the server's clock is set to (TZ), for daily times given without one. */
export function serverTimeZone(): string {
  return Temporal.Now.timeZoneId();
}

/**
 * The last moment at or before `now` when the wall clock in `timeZone` read `at` (HH:MM) on `weekday` (1 = Monday ...
 * 7 = Sunday, as ISO 8601 numbers them): the weekly digest's latest scheduled time. A time the clocks skipped that
 * day counts as the moment just after the gap.
 */
export function lastWeeklyAt(now: Date, weekday: number, at: string, timeZone: string): Date {
  const [hour, minute] = at.split(":").map(Number) as [number, number];
  const plainTime = Temporal.PlainTime.from({ hour, minute });
  const here = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(timeZone);
  let day = here.toPlainDate().subtract({ days: (here.dayOfWeek - weekday + 7) % 7 });
  let moment = day.toZonedDateTime({ timeZone, plainTime });
  if (Temporal.ZonedDateTime.compare(moment, here) > 0) {
    day = day.subtract({ days: 7 });
    moment = day.toZonedDateTime({ timeZone, plainTime });
  }
  return new Date(moment.epochMilliseconds);
}
