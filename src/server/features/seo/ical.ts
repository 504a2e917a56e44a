// iCalendar (RFC 5545) documents for events: one per event ("Add to calendar") and a feed of upcoming ones.
import type { EventWithLocation } from "../../../shared/event-location.ts";

const CRLF = "\r\n";

/** TEXT values escape backslash, semicolon, comma and newlines (RFC 5545 3.3.11). */
function text(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** 20260122T150000Z */
function utc(iso: string): string {
  return new Date(iso).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

/** Lines longer than 75 octets are folded: CRLF and a space, never inside a UTF-8 character. */
function fold(line: string): string {
  const bytes = Buffer.from(line, "utf8");
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const length = Buffer.byteLength(char, "utf8");
    const limit = parts.length === 0 ? 75 : 74;
    if (size + length > limit) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += length;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

export interface CalendarOptions {
  /** The site's address, for event URLs and unique ids. */
  siteUrl: string;
  calendarName: string;
  now?: Date;
}

function vevent(event: EventWithLocation, { siteUrl, now = new Date() }: CalendarOptions): string[] {
  const host = new URL(siteUrl).host;
  const lines = [
    "BEGIN:VEVENT",
    `UID:${event.id}@${host}`,
    `DTSTAMP:${utc(now.toISOString())}`,
    `DTSTART:${utc(event.eventDate)}`,
    `SUMMARY:${text(event.name)}`,
    `LOCATION:${text(event.locationText)}`,
    `LAST-MODIFIED:${utc(event.lastUpdatedAt)}`,
    `URL:${siteUrl}/events#event-${event.id}`,
  ];
  const description = [event.description, event.ticketsLink ? `Tickets: ${event.ticketsLink}` : null].filter(Boolean).join("\n\n");
  if (description) lines.push(`DESCRIPTION:${text(description)}`);
  lines.push("END:VEVENT");
  return lines;
}

export function calendar(events: EventWithLocation[], options: CalendarOptions): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Niche//Events//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${text(options.calendarName)}`,
    ...events.flatMap((event) => vevent(event, options)),
    "END:VCALENDAR",
  ];
  return lines.map(fold).join(CRLF) + CRLF;
}
