// The door's page, made for a phone held in one hand: counts, a search by name with a button per person, and a
// camera that reads the registrations' QR codes. Every check-in is said in one live region.
import { useCallback, useId, useMemo, useState } from "react";
import { ui } from "#web/components/ui/field.tsx";
import { checkInMessages } from "#shared/schemas/check-in.ts";
import type { Attendee } from "#shared/schemas/registration.ts";
import { formatTime } from "#shared/zoned-time.ts";
import { useCheckIns, type Announcement } from "./use-check-ins.ts";
import { useQrScanner } from "./use-qr-scanner.ts";
import { scannedCode } from "./scanned-code.ts";

export interface CheckInPageData {
  eventId: string;
  date: string | null;
  title: string;
  when: string;
  timeZone: string;
  items: Attendee[];
}

/** Names match from any word's start, ignoring case and accents: "jo" finds "Jo Smith" and "Anna Jóhannsdóttir". */
function normalized(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}
function matches(name: string, query: string): boolean {
  const words = normalized(name).split(/\s+/);
  const wanted = normalized(query.trim()).split(/\s+/).filter(Boolean);
  return wanted.every((part) => words.some((word) => word.startsWith(part)));
}

const STATUS_TEXT: Record<Attendee["status"], string> = {
  confirmed: "",
  waitlisted: "On the waiting list",
  "pending-confirmation": "E-mail address not confirmed",
  cancelled: "Cancelled",
};

const TONE: Record<Announcement["tone"], string> = {
  ok: "border-green-300 bg-green-50 text-green-900",
  waiting: "border-amber-300 bg-amber-50 text-amber-900",
  refused: "border-red-300 bg-red-50 text-red-800",
};

export function CheckInPage({ data }: { data: CheckInPageData }) {
  const time = useCallback((iso: string) => formatTime(iso, data.timeZone), [data.timeZone]);
  const { items, byId, waiting, counts, announcement, setAnnouncement, checkIn, undo } = useCheckIns({ eventId: data.eventId, date: data.date, initial: data.items, formatTime: time });
  const [query, setQuery] = useState("");
  const searchId = useId();
  const resultsId = useId();

  const onCode = useCallback(
    (text: string) => {
      const scanned = scannedCode(text, byId);
      if ("refusal" in scanned) setAnnouncement({ text: scanned.refusal, tone: "refused" });
      else void checkIn(scanned.attendee, scanned.code);
    },
    [byId, checkIn, setAnnouncement],
  );
  const { videoRef, state: scanning, error: cameraError, start, stop } = useQrScanner(onCode);

  const shown = useMemo(() => {
    const found = query.trim() ? items.filter((item) => matches(item.name, query)) : items;
    // Those still to come first, then by name: the door's list shortens as people arrive.
    return [...found].sort((a, b) => Number(Boolean(a.checkedInAt)) - Number(Boolean(b.checkedInAt)) || a.name.localeCompare(b.name));
  }, [items, query]);

  return (
    <section className="mx-auto grid max-w-xl gap-4" aria-labelledby="check-in-heading">
      <header>
        <p className="text-sm font-semibold tracking-wide text-stone-600 uppercase">Check-in</p>
        <h1 id="check-in-heading" className="page-heading">
          {data.title}
        </h1>
        <p className="text-stone-700">{data.when}</p>
      </header>

      <p className="text-2xl font-semibold text-brand-800" data-testid="check-in-counts">
        {checkInMessages.counts(counts.checkedIn, counts.confirmed)}
      </p>

      <div role="status" aria-live="polite" className="min-h-6">
        {announcement && <p className={`rounded-md border px-3 py-2 text-base font-medium ${TONE[announcement.tone]}`}>{announcement.text}</p>}
      </div>

      <div className="grid gap-2">
        {scanning === "off" ? (
          <button type="button" className={`${ui.primary} py-3 text-base`} onClick={() => void start()}>
            Scan a code
          </button>
        ) : (
          <button type="button" className={`${ui.secondary} py-3 text-base`} onClick={stop}>
            Stop scanning
          </button>
        )}
        {cameraError && <p className={ui.error}>{cameraError}</p>}
        {/* A camera's picture has no words to caption: the live region says what each code was. */}
        <video ref={videoRef} className={scanning === "off" ? "hidden" : "aspect-[4/3] w-full rounded-md bg-stone-900 object-cover"} muted playsInline aria-label="Camera" />
      </div>

      <div>
        <label htmlFor={searchId} className={ui.label}>
          Search by name
        </label>
        <input
          id={searchId}
          type="search"
          className={ui.input}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
          enterKeyHint="search"
          aria-controls={resultsId}
        />
      </div>

      <p className="sr-only" aria-live="polite">
        {query.trim() ? (shown.length === 1 ? "1 person found" : `${shown.length} people found`) : ""}
      </p>
      <ul id={resultsId} className="divide-y divide-stone-200 rounded-md border border-stone-200 bg-white" aria-label="Registrations">
        {shown.length === 0 && <li className="px-3 py-3 text-stone-700">{query.trim() ? "No one by that name." : "No registrations yet."}</li>}
        {shown.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-3">
            <div className="min-w-0">
              <p className="font-semibold break-words text-stone-900">{item.name}</p>
              <p className="text-sm text-stone-700">
                {item.partySize > 1 ? `Party of ${item.partySize}` : "1 person"}
                {STATUS_TEXT[item.status] && ` · ${STATUS_TEXT[item.status]}`}
                {item.checkedInAt && ` · ${waiting.has(item.id) ? "Waiting to be sent" : `Checked in at ${time(item.checkedInAt)}`}`}
              </p>
            </div>
            {item.status === "confirmed" && !item.checkedInAt ? (
              <button type="button" className={`${ui.primary} min-h-11 px-4`} onClick={() => void checkIn(item)}>
                Check in<span className="sr-only"> {item.name}</span>
              </button>
            ) : item.checkedInAt && !waiting.has(item.id) ? (
              <button type="button" className={`${ui.secondary} min-h-11`} onClick={() => void undo(item)}>
                Undo<span className="sr-only"> check-in of {item.name}</span>
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
