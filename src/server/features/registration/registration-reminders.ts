// The registrations' daily work: the reminder mailed the day before an event, at the time the association sets (once
// per registration: it is marked before it goes, so a second instance or a repeated run never mails it twice), and
// deleting the registrations of events past the retention the association sets.
import { Temporal } from "temporal-polyfill";
import type { Event } from "#shared/schemas/event.ts";
import { localDate } from "#shared/zoned-time.ts";
import type { RegistrationRepository } from "./registration.repository.ts";
import type { RegistrationMail } from "./registration-mail.ts";

export const REGISTRATION_REMINDERS_JOB = "registration-reminders";
export const REGISTRATION_RETENTION_JOB = "registration-retention";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RegistrationRemindersDeps {
  repository: RegistrationRepository;
  mail: Pick<RegistrationMail, "reminder">;
  /** A one-off event, or one date of a series, as an event. */
  eventOf: (eventId: string, date: string | null) => Promise<Event | undefined>;
  settings: () => Promise<{ timeZone: string; registrationReminderAt: string; registrationRetentionDays: number }>;
  onError?: (error: unknown) => void;
}

export class RegistrationReminders {
  private readonly deps: RegistrationRemindersDeps;
  constructor(deps: RegistrationRemindersDeps) {
    this.deps = deps;
  }

  /** Mails the reminders due at `now`: events of tomorrow (the site's clock), once the reminder time of today has come. */
  async sendDue(now: Date = new Date()): Promise<number> {
    const { timeZone, registrationReminderAt } = await this.deps.settings();
    const here = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(timeZone);
    const [hour, minute] = registrationReminderAt.split(":").map(Number) as [number, number];
    if (here.hour * 60 + here.minute < hour * 60 + minute) return 0;
    const tomorrow = here.toPlainDate().add({ days: 1 });
    const from = new Date(tomorrow.toZonedDateTime({ timeZone }).epochMilliseconds);
    const to = new Date(tomorrow.add({ days: 1 }).toZonedDateTime({ timeZone }).epochMilliseconds);
    const due = await this.deps.repository.unreminded(tomorrow.toString(), from.toISOString(), to.toISOString());
    let sent = 0;
    for (const registration of due) {
      const event = await this.deps.eventOf(registration.eventId, registration.occurrenceDate);
      // A moved or cancelled date is not tomorrow's any more.
      if (!event || event.cancelled || localDate(event.eventDate, timeZone) !== tomorrow.toString()) continue;
      if (!(await this.deps.repository.claimReminder(registration.id, now.toISOString()))) continue;
      try {
        await this.deps.mail.reminder(registration, event);
        sent++;
      } catch (error) {
        this.deps.onError?.(error);
      }
    }
    return sent;
  }

  /** Deletes the registrations of events that happened more than the retention ago. */
  async purge(now: Date = new Date()): Promise<number> {
    const { timeZone, registrationRetentionDays } = await this.deps.settings();
    const cutoff = new Date(now.getTime() - registrationRetentionDays * DAY_MS);
    return this.deps.repository.deleteBefore(localDate(cutoff.toISOString(), timeZone), cutoff.toISOString());
  }
}
