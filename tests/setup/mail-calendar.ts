// The calendar entry a mail carries (its text/calendar part, as nodemailer writes an `icalEvent`), as mailparser
// decodes it, with the METHOD its part names: what a mail program hands to the calendar.
import type { ReceivedMail } from "./smtp-receiver.ts";

export interface MailCalendar {
  /** The part's `method` parameter (REQUEST, CANCEL). */
  method: string;
  /** The iCalendar text. */
  content: string;
}

/** The mail's first text/calendar part, or null when it has none. */
export function calendarIn(mail: ReceivedMail): MailCalendar | null {
  const part = mail.attachments.find((a) => a.contentType === "text/calendar");
  if (!part) return null;
  return { method: (part.params.method ?? "").toUpperCase(), content: part.content.toString("utf8") };
}
