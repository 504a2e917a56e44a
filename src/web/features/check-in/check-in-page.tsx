// The door's page, made for a phone held in one hand: counts, a search by name with a button per person, and a
// camera that reads the registrations' QR codes. Every check-in is said in one live region.
import { useCallback, useId, useMemo, useState } from "react";
import { ui } from "#web/components/ui/classes.ts";
import type { Attendee } from "#shared/schemas/registration.ts";
import { formatTime } from "#shared/i18n/format.ts";
import { useManageText } from "#web/lib/manage-text.ts";
import { useCheckIns, type Announcement, type CheckInWords } from "./use-check-ins.ts";
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

/** The door's words in the page's language; the English ones are `checkInMessages` (#shared/schemas/check-in.ts). */
function useDoorWords() {
  const { t, lang } = useManageText();
  return useMemo(() => {
    const words: CheckInWords & { notNiche: string; otherEvent: string } = {
      cancelled: (name) => t("checkIn.cancelled", { name }),
      waitlisted: (name) => t("checkIn.waitlisted", { name }),
      unconfirmed: (name) => t("checkIn.unconfirmed", { name }),
      checkedIn: (name, partySize) => (partySize > 1 ? t("checkIn.checkedInParty", { name, count: partySize }) : t("checkIn.checkedIn", { name })),
      alreadyCheckedIn: (name, time) => t("checkIn.alreadyCheckedIn", { name, time }),
      waiting: (name) => t("checkIn.waiting", { name }),
      undone: (name) => t("checkIn.undone", { name }),
      notNiche: t("checkIn.notNiche"),
      otherEvent: t("checkIn.otherEvent"),
    };
    return { t, lang, words };
  }, [t, lang]);
}

const TONE: Record<Announcement["tone"], string> = {
  ok: "border-green-300 bg-green-50 text-green-900",
  waiting: "border-amber-300 bg-amber-50 text-amber-900",
  refused: "border-red-300 bg-red-50 text-red-800",
};

export function CheckInPage({ data }: { data: CheckInPageData }) {
  const { t, lang, words } = useDoorWords();
  const time = useCallback((iso: string) => formatTime(iso, lang, data.timeZone), [lang, data.timeZone]);
  const { items, byId, waiting, counts, announcement, setAnnouncement, checkIn, undo } = useCheckIns({ eventId: data.eventId, date: data.date, initial: data.items, formatTime: time, words });
  const [query, setQuery] = useState("");
  const searchId = useId();
  const resultsId = useId();

  const onCode = useCallback(
    (text: string) => {
      const scanned = scannedCode(text, byId, words);
      if ("refusal" in scanned) setAnnouncement({ text: scanned.refusal, tone: "refused" });
      else void checkIn(scanned.attendee, scanned.code);
    },
    [byId, checkIn, setAnnouncement, words],
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
        <p className="text-sm font-semibold tracking-wide text-stone-600 uppercase">{t("checkIn.kicker")}</p>
        <h1 id="check-in-heading" className="page-heading">
          {data.title}
        </h1>
        <p className="text-stone-700">{data.when}</p>
      </header>

      <p className="text-2xl font-semibold text-brand-800" data-testid="check-in-counts">
        {t("checkIn.counts", { checkedIn: counts.checkedIn, confirmed: counts.confirmed })}
      </p>

      <div role="status" aria-live="polite" className="min-h-6">
        {announcement && <p className={`rounded-md border px-3 py-2 text-base font-medium ${TONE[announcement.tone]}`}>{announcement.text}</p>}
      </div>

      <div className="grid gap-2">
        {scanning === "off" ? (
          <button type="button" className={`${ui.primary} py-3 text-base`} onClick={() => void start()}>
            {t("checkIn.scan")}
          </button>
        ) : (
          <button type="button" className={`${ui.secondary} py-3 text-base`} onClick={stop}>
            {t("checkIn.stopScanning")}
          </button>
        )}
        {cameraError && <p className={ui.error}>{cameraError}</p>}
        {/* A camera's picture has no words to caption: the live region says what each code was. */}
        <video ref={videoRef} className={scanning === "off" ? "hidden" : "aspect-[4/3] w-full rounded-md bg-stone-900 object-cover"} muted playsInline aria-label={t("checkIn.camera")} />
      </div>

      <div>
        <label htmlFor={searchId} className={ui.label}>
          {t("checkIn.searchByName")}
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
        {query.trim() ? t("checkIn.found", { count: shown.length }) : ""}
      </p>
      <ul id={resultsId} className="divide-y divide-stone-200 rounded-md border border-stone-200 bg-white" aria-label={t("checkIn.registrations")}>
        {shown.length === 0 && <li className="px-3 py-3 text-stone-700">{query.trim() ? t("checkIn.noOne") : t("checkIn.none")}</li>}
        {shown.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-3">
            <div className="min-w-0">
              <p className="font-semibold break-words text-stone-900">{item.name}</p>
              <p className="text-sm text-stone-700">
                {item.partySize > 1 ? t("checkIn.party", { count: item.partySize }) : t("checkIn.onePerson")}
                {item.status !== "confirmed" && ` · ${t(`checkIn.statuses.${item.status}`)}`}
                {item.checkedInAt && ` · ${waiting.has(item.id) ? t("checkIn.waitingToBeSent") : t("checkIn.checkedInAt", { time: time(item.checkedInAt) })}`}
              </p>
            </div>
            {item.status === "confirmed" && !item.checkedInAt ? (
              <button type="button" className={`${ui.primary} min-h-11 px-4`} onClick={() => void checkIn(item)}>
                {t("checkIn.checkIn")}
                <span className="sr-only"> {item.name}</span>
              </button>
            ) : item.checkedInAt && !waiting.has(item.id) ? (
              <button type="button" className={`${ui.secondary} min-h-11`} onClick={() => void undo(item)}>
                {t("checkIn.undo")}
                <span className="sr-only"> {t("checkIn.undoOf", { name: item.name })}</span>
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
