// "Add to calendar" for one event: Google Calendar's event template link (the .ics file is served by the server).

const compactUtc = (iso: string) => new Date(iso).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
const compactDate = (date: string) => date.replaceAll("-", "");
const HOUR_MS = 60 * 60 * 1000;

function nextDay(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

export interface CalendarLinkInput {
  name: string;
  start: string;
  end: string | null;
  allDay: boolean;
  /** All-day events: their first and last day in the site's zone. */
  startDay: string;
  endDay: string | null;
  details: string;
  location: string;
  timeZone: string;
}

/** Timed events in UTC (an hour long when no end is known); all-day events as dates, the end day exclusive. */
export function googleCalendarUrl(event: CalendarLinkInput): string {
  const dates = event.allDay
    ? `${compactDate(event.startDay)}/${compactDate(nextDay(event.endDay ?? event.startDay))}`
    : `${compactUtc(event.start)}/${compactUtc(event.end ?? new Date(new Date(event.start).getTime() + HOUR_MS).toISOString())}`;
  const params = new URLSearchParams({ action: "TEMPLATE", text: event.name, dates, details: event.details, location: event.location, ctz: event.timeZone });
  return `https://calendar.google.com/calendar/render?${params}`;
}
