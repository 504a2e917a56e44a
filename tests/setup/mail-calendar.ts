// The calendar entry a mail carries (its text/calendar part, as nodemailer writes an `icalEvent`), decoded, with the
// METHOD its part names: what a mail program hands to the calendar.
import type { ReceivedMail } from "./smtp-receiver.ts";

export interface MailCalendar {
  /** The part's `method` parameter (REQUEST, CANCEL). */
  method: string;
  /** The iCalendar text. */
  content: string;
}

/** The mail's first text/calendar part, or null when it has none. */
export function calendarIn(mail: ReceivedMail): MailCalendar | null {
  const start = mail.raw.search(/^Content-Type: text\/calendar/im);
  if (start < 0) return null;
  const rest = mail.raw.slice(start);
  const blank = rest.search(/\r?\n\r?\n/);
  const headers = rest.slice(0, blank).replace(/\r?\n[ \t]+/g, " ");
  const body = rest.slice(blank).replace(/^\r?\n\r?\n/, "");
  const end = body.search(/^--/m);
  const encoded = (end < 0 ? body : body.slice(0, end)).trim();
  const encoding = /Content-Transfer-Encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase() ?? "7bit";
  const content =
    encoding === "base64"
      ? Buffer.from(encoded.replace(/\s+/g, ""), "base64").toString("utf8")
      : encoding === "quoted-printable"
        ? Buffer.from(encoded.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1").toString("utf8")
        : encoded;
  return { method: (/method=["']?([A-Za-z]+)/i.exec(headers)?.[1] ?? "").toUpperCase(), content };
}
