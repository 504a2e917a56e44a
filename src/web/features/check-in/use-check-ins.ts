// The door's list and its check-ins: each one shows at once, waits in the browser's queue until the server has it, and
// is sent again when the connection comes back; the list is read again then too.
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { apiFetch, ApiError } from "#web/lib/api-client.ts";
import { checkInMessages, type CheckIn } from "#shared/schemas/check-in.ts";
import type { Attendee, AttendeeList } from "#shared/schemas/registration.ts";
import { enqueue, flushQueue, queueKey, queueSnapshot, subscribeToQueues, type PendingCheckIn, type SendOutcome } from "./check-in-queue.ts";

/** While check-ins wait, they are tried again this often, besides when the browser says it is back online. */
const RETRY_MS = 15_000;
const NOTHING_PENDING: PendingCheckIn[] = [];

/** What the door says of a check-in, in the page's language (`checkInMessages`' English). */
export type CheckInWords = Pick<typeof checkInMessages, "cancelled" | "waitlisted" | "unconfirmed" | "checkedIn" | "alreadyCheckedIn" | "waiting" | "undone">;

export interface Announcement {
  text: string;
  tone: "ok" | "waiting" | "refused";
}

async function send(entry: PendingCheckIn): Promise<SendOutcome> {
  try {
    const body = await apiFetch<CheckIn>(`/registrations/${encodeURIComponent(entry.registrationId)}/check-in`, {
      method: "POST",
      json: { at: entry.at, ...(entry.code ? { code: entry.code } : {}) },
    });
    return { kind: "sent", checkedInAt: body.checkedInAt ?? entry.at };
  } catch (error) {
    // No answer, or the server or its limits said "later": the check-in stays queued.
    if (error instanceof ApiError && error.status !== 0 && error.status < 500 && error.status !== 429) return { kind: "refused", message: error.detail };
    return { kind: "retry" };
  }
}

export function useCheckIns({
  eventId,
  date,
  initial,
  formatTime,
  words = checkInMessages,
}: {
  eventId: string;
  date: string | null;
  initial: Attendee[];
  formatTime: (iso: string) => string;
  words?: CheckInWords;
}) {
  const key = queueKey(eventId, date);
  const [stored, setStored] = useState(initial);
  // The queue is the browser's: the server renders the page with nothing waiting.
  const pending = useSyncExternalStore(subscribeToQueues, () => queueSnapshot(key), () => NOTHING_PENDING);
  const [announcement, setAnnouncement] = useState<Announcement | null>(null);

  const waiting = useMemo(() => new Map(pending.map((entry) => [entry.registrationId, entry.at])), [pending]);
  // A check-in waiting to be sent shows as made.
  const items = useMemo(() => stored.map((item) => (!item.checkedInAt && waiting.has(item.id) ? { ...item, checkedInAt: waiting.get(item.id)! } : item)), [stored, waiting]);
  const byId = useMemo(() => new Map(items.map((item) => [item.id, item])), [items]);

  // The latest list, for names in callbacks made before it changed.
  const byIdRef = useRef(byId);
  useEffect(() => {
    byIdRef.current = byId;
  }, [byId]);

  const flushing = useRef(false);
  const again = useRef(false);
  /** Sends the queue; one run at a time, and once more when a check-in was queued while it ran. */
  const flush = useCallback(async () => {
    if (flushing.current) {
      again.current = true;
      return;
    }
    flushing.current = true;
    try {
      do {
        again.current = false;
        await flushQueue(key, send, (entry, outcome) => {
          const attendee = byIdRef.current.get(entry.registrationId);
          const name = attendee?.name ?? "";
          if (outcome.kind === "sent") {
            setStored((list) => list.map((item) => (item.id === entry.registrationId ? { ...item, checkedInAt: outcome.checkedInAt } : item)));
            setAnnouncement({ text: words.checkedIn(name, attendee?.partySize ?? 1), tone: "ok" });
          } else if (outcome.kind === "refused") {
            setAnnouncement({ text: name ? `${name}: ${outcome.message}` : outcome.message, tone: "refused" });
          }
        });
      } while (again.current);
    } finally {
      flushing.current = false;
    }
  }, [key, words]);

  const refresh = useCallback(async () => {
    try {
      setStored((await apiFetch<AttendeeList>(`/events/${encodeURIComponent(eventId)}/registrations${date ? `?date=${date}` : ""}`)).items);
    } catch {
      // Still offline, or the server is busy: the list the page has stays.
    }
  }, [eventId, date]);

  // A queue left from before a reload is sent now; the queue and the list follow the connection.
  useEffect(() => {
    if (queueSnapshot(key).length > 0) void flush();
    const online = () => void flush().then(refresh);
    window.addEventListener("online", online);
    return () => window.removeEventListener("online", online);
  }, [key, flush, refresh]);

  const somethingWaits = pending.length > 0;
  useEffect(() => {
    if (!somethingWaits) return;
    const timer = window.setInterval(() => void flush(), RETRY_MS);
    return () => window.clearInterval(timer);
  }, [somethingWaits, flush]);

  const checkIn = useCallback(
    async (attendee: Attendee, code?: string) => {
      if (attendee.status !== "confirmed") {
        const text = attendee.status === "cancelled" ? words.cancelled(attendee.name) : attendee.status === "waitlisted" ? words.waitlisted(attendee.name) : words.unconfirmed(attendee.name);
        setAnnouncement({ text, tone: "refused" });
        return;
      }
      if (attendee.checkedInAt) {
        setAnnouncement({ text: words.alreadyCheckedIn(attendee.name, formatTime(attendee.checkedInAt)), tone: "ok" });
        return;
      }
      enqueue(key, { registrationId: attendee.id, at: new Date().toISOString(), ...(code ? { code } : {}) });
      // Said now, and replaced by "checked in" (or the server's refusal) as soon as the server answers.
      setAnnouncement({ text: words.waiting(attendee.name), tone: "waiting" });
      await flush();
    },
    [key, flush, formatTime, words],
  );

  const undo = useCallback(async (attendee: Attendee) => {
    try {
      await apiFetch<CheckIn>(`/registrations/${encodeURIComponent(attendee.id)}/check-in`, { method: "DELETE" });
      setStored((list) => list.map((item) => (item.id === attendee.id ? { ...item, checkedInAt: null } : item)));
      setAnnouncement({ text: words.undone(attendee.name), tone: "ok" });
    } catch (error) {
      setAnnouncement({ text: error instanceof ApiError ? error.detail : String(error), tone: "refused" });
    }
  }, [words]);

  const counts = useMemo(() => {
    const confirmed = items.filter((item) => item.status === "confirmed");
    return {
      confirmed: confirmed.reduce((sum, item) => sum + item.partySize, 0),
      checkedIn: confirmed.filter((item) => item.checkedInAt).reduce((sum, item) => sum + item.partySize, 0),
    };
  }, [items]);

  return { items, byId, waiting, counts, announcement, setAnnouncement, checkIn, undo };
}
