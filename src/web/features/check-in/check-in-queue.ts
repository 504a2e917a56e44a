// Check-ins made at the door wait here (the browser's localStorage) until the server has them: a phone in a
// basement loses its connection, and a check-in must neither be lost nor made twice when it comes back.

/** One check-in the server has not confirmed yet, with the time it was made (the server records that time). */
export interface PendingCheckIn {
  registrationId: string;
  /** The code read from the registration's QR code, when it was scanned. */
  code?: string;
  at: string;
}

const PREFIX = "niche:check-ins:";

/** The queue of one event's date: a door's list is one date, and two tabs for two dates keep apart. */
export function queueKey(eventId: string, date: string | null): string {
  return `${PREFIX}${eventId}${date ? `:${date}` : ""}`;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    // Storage refused (a private window's settings): the queue lives as long as the page.
    return null;
  }
}

function isPending(value: unknown): value is PendingCheckIn {
  if (typeof value !== "object" || value === null) return false;
  const entry = value as Record<string, unknown>;
  return typeof entry.registrationId === "string" && typeof entry.at === "string" && (entry.code === undefined || typeof entry.code === "string");
}

export function readQueue(key: string): PendingCheckIn[] {
  const raw = storage()?.getItem(key);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isPending) : [];
  } catch {
    return [];
  }
}

const listeners = new Set<() => void>();

function writeQueue(key: string, queue: PendingCheckIn[]) {
  const store = storage();
  if (!store) return;
  if (queue.length === 0) store.removeItem(key);
  else store.setItem(key, JSON.stringify(queue));
  for (const listener of listeners) listener();
}

/** Tells `listener` of every change of a queue, this page's or another tab's (for useSyncExternalStore). */
export function subscribeToQueues(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

const snapshots = new Map<string, { raw: string | null; queue: PendingCheckIn[] }>();
/** The queue as one array that stays the same object until the queue changes (for useSyncExternalStore). */
export function queueSnapshot(key: string): PendingCheckIn[] {
  const raw = storage()?.getItem(key) ?? null;
  const cached = snapshots.get(key);
  if (cached && cached.raw === raw) return cached.queue;
  const queue = readQueue(key);
  snapshots.set(key, { raw, queue });
  return queue;
}

/** Adds a check-in unless that registration already waits (the first time it was made is the one kept). */
export function enqueue(key: string, entry: PendingCheckIn): PendingCheckIn[] {
  const queue = readQueue(key);
  if (queue.some((pending) => pending.registrationId === entry.registrationId)) return queue;
  const next = [...queue, entry];
  writeQueue(key, next);
  return next;
}

export function dequeue(key: string, registrationId: string): PendingCheckIn[] {
  const next = readQueue(key).filter((pending) => pending.registrationId !== registrationId);
  writeQueue(key, next);
  return next;
}

/** What sending one check-in came to: done (or refused for good, with why), or to be tried again later. */
export type SendOutcome = { kind: "sent"; checkedInAt: string } | { kind: "refused"; message: string } | { kind: "retry" };

/**
 * Sends every waiting check-in, oldest first, and keeps those that could not reach the server. Stops at the first that
 * must be retried: the connection is gone again, and the rest would fail the same way.
 */
export async function flushQueue(
  key: string,
  send: (entry: PendingCheckIn) => Promise<SendOutcome>,
  onOutcome: (entry: PendingCheckIn, outcome: SendOutcome) => void,
): Promise<PendingCheckIn[]> {
  for (const entry of readQueue(key)) {
    const outcome = await send(entry);
    if (outcome.kind === "retry") break;
    dequeue(key, entry.registrationId);
    onOutcome(entry, outcome);
  }
  return readQueue(key);
}
