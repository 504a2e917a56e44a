// Registration for events: settings per event and per date, taking places exactly under concurrency, the waiting
// list that moves by itself, cancelling, and the organizers' list. Mail goes after the transaction commits.
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { CurrentUser } from "#server/auth/session.ts";
import type { ChallengeCheck } from "#server/auth/sign-up-challenge.ts";
import { newId } from "#server/db/ids.ts";
import { AppError, Conflict, NotFound, Validation } from "#server/errors.ts";
import { invalidInput } from "#server/validation.ts";
import { toCsv } from "#server/features/import/index.ts";
import type { Event } from "#shared/schemas/event.ts";
import {
  RegistrantMessageSchema,
  RegistrationInputSchema,
  RegistrationSettingsInputSchema,
  registrationMessages,
  type AttendeeList,
  type RegistrationInfo,
  type RegistrationInput,
  type RegistrationSettingsInput,
  type RegistrationSettingsValues,
} from "#shared/schemas/registration.ts";
import { isEventOrganizer, requireEventOrganizer } from "./registration-access.ts";
import { WHOLE_EVENT, type OccurrenceKey, type RegistrationRepository, type StoredRegistration, type StoredSettings } from "./registration.repository.ts";

/** What is mailed, once the change that calls for it is committed. */
export interface RegistrationNotices {
  /** A place taken (`confirmed`) or a place on the waiting list (`waitlisted`). */
  registered(registration: StoredRegistration, event: Event): Promise<void>;
  /** Moved from the waiting list to a place. */
  promoted(registration: StoredRegistration, event: Event): Promise<void>;
  /** The organizers' message to everyone registered for a date. */
  message(registrations: StoredRegistration[], event: Event, content: { subject: string; message: string }): Promise<void>;
  /** The date (or the event) is cancelled. */
  cancelled(registrations: StoredRegistration[], event: Event): Promise<void>;
}

export interface RegistrationDeps {
  /** The event as stored (a series once). */
  findEvent: (id: string) => Promise<Event | undefined>;
  /** One date of a series, as an event (cancelled and moved dates as they are), or undefined. */
  findOccurrence: (id: string, date: string) => Promise<Event | undefined>;
  isOwner: (userId: string, businessId: string) => Promise<boolean>;
  transaction: <T>(work: () => Promise<T>) => Promise<T>;
  notices?: RegistrationNotices | undefined;
  /** Reported when a mail could not go; the change stands. */
  onMailError?: ((error: unknown) => void) | undefined;
  now?: () => Date;
  /** Registrations an address, and a client, may send in an hour. */
  limits?: { perAddress: number; perClient: number };
}

/** The proof of work anonymous visitors send, checked and spent by the caller's challenge (SignUpChallenge). */
export type ProofOfWork = (payload: unknown) => Promise<ChallengeCheck>;

const HOUR_MS = 60 * 60 * 1000;
const DEFAULT_LIMITS = { perAddress: 5, perClient: 30 };

const token = () => randomBytes(24).toString("base64url");

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The settings that apply to a date: its own when it has them, else the event's, else registration is off. */
function effective(event: StoredSettings | undefined, date: StoredSettings | undefined): StoredSettings | undefined {
  if (!date) return event;
  // A cancelled event closes every date, whatever the date's own settings say.
  return event?.cancelledAt && !date.cancelledAt ? { ...date, cancelledAt: event.cancelledAt } : date;
}

export class RegistrationService {
  private readonly repository: RegistrationRepository;
  private readonly deps: RegistrationDeps;
  constructor(repository: RegistrationRepository, deps: RegistrationDeps) {
    this.repository = repository;
    this.deps = deps;
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** The event's organizer check (administrators and the host's owners); 401, 403 or 404 otherwise. */
  requireOrganizer(viewer: CurrentUser | null, eventId: string): Promise<Event> {
    return requireEventOrganizer(this.deps, viewer, eventId);
  }

  isOrganizer(viewer: CurrentUser | null, event: Pick<Event, "location">): Promise<boolean> {
    return isEventOrganizer(this.deps, viewer, event);
  }

  /**
   * The event (a one-off) or the date of a series the registration is for; a series needs a date of its own and a
   * one-off none. Refused beside `date` otherwise.
   */
  private async target(eventId: string, date: string | null | undefined): Promise<{ event: Event; key: OccurrenceKey }> {
    const stored = await this.deps.findEvent(eventId);
    if (!stored) throw NotFound(registrationMessages.eventNotFound);
    if (!stored.recurrenceRule) {
      if (date && date !== stored.eventDate.slice(0, 10) && date !== stored.occurrenceDate) throw Validation(registrationMessages.notInSeries, { date: registrationMessages.notInSeries });
      return { event: stored, key: null };
    }
    if (!date) return { event: stored, key: null };
    const occurrence = await this.deps.findOccurrence(eventId, date);
    if (!occurrence) throw Validation(registrationMessages.notInSeries, { date: registrationMessages.notInSeries });
    return { event: occurrence, key: date };
  }

  private async settingsFor(eventId: string, key: OccurrenceKey) {
    const rows = await this.repository.getSettings(eventId, key);
    return { rows, settings: effective(rows.event, rows.date) };
  }

  private describe(event: Event, key: OccurrenceKey, rows: { date: StoredSettings | undefined }, settings: StoredSettings | undefined, counts: { confirmedPlaces: number; waitlisted: number }): RegistrationInfo {
    const now = this.now().toISOString();
    const enabled = settings?.enabled ?? false;
    const capacity = settings?.capacity ?? null;
    const remaining = capacity === null ? null : Math.max(0, capacity - counts.confirmedPlaces);
    const cancelled = Boolean(settings?.cancelledAt) || event.cancelled;
    // A series without a date is described as a whole: its dates have their own places.
    const started = key === null && event.recurrenceRule ? false : event.eventDate <= now;
    const open = enabled && !cancelled && !started && (!settings?.opensAt || settings.opensAt <= now) && (!settings?.closesAt || now < settings.closesAt);
    const waitlist = settings?.waitlist ?? true;
    const availability: RegistrationInfo["availability"] = !enabled ? "off" : !open ? "closed" : remaining === 0 ? (waitlist ? "full-waitlist" : "full") : "open";
    return {
      eventId: event.id,
      date: key,
      ownSettings: Boolean(rows.date),
      enabled,
      capacity,
      maxPartySize: settings?.maxPartySize ?? 1,
      opensAt: settings?.opensAt ?? null,
      closesAt: settings?.closesAt ?? null,
      questions: settings?.questions ?? [],
      waitlist,
      cancelled,
      confirmedPlaces: counts.confirmedPlaces,
      remainingPlaces: remaining,
      waitlisted: counts.waitlisted,
      availability,
    };
  }

  /** Settings and availability of an event or of one date of a series (anyone may read them). */
  async info(eventId: string, date?: string | null): Promise<RegistrationInfo> {
    const { event, key } = await this.target(eventId, date);
    const [{ rows, settings }, counts] = await Promise.all([this.settingsFor(eventId, key), this.repository.counts(eventId, key)]);
    return this.describe(event, key, rows, settings, counts);
  }

  /**
   * Organizers set registration for the event, or for one date of a series (`date`). Raising the capacity (or
   * removing it) gives places to as many waiting as now fit, who are mailed.
   */
  async saveSettings(viewer: CurrentUser | null, eventId: string, date: string | null | undefined, input: RegistrationSettingsInput): Promise<RegistrationInfo> {
    await this.requireOrganizer(viewer, eventId);
    const parsed = RegistrationSettingsInputSchema.safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error.issues, registrationMessages.capacityInvalid);
    const { event, key } = await this.target(eventId, date);
    const values: RegistrationSettingsValues = parsed.data;
    // A series as a whole has dates on many days; a date, or a one-off event, has one start to open before.
    const start = key === null && event.recurrenceRule ? null : new Date(event.eventDate).toISOString();
    if (values.opensAt && start && values.opensAt >= start) throw Validation(registrationMessages.opensAfterStart, { opensAt: registrationMessages.opensAfterStart });
    const promoted = await this.deps.transaction(async () => {
      await this.repository.lockEvent(eventId);
      await this.repository.saveSettings(eventId, key ?? WHOLE_EVENT, values);
      // The event's settings apply to each date without its own: each such date's waiting list may move.
      const keys = key === null && event.recurrenceRule ? await this.datesWithoutOwnSettings(eventId) : [key];
      const moved: StoredRegistration[] = [];
      for (const k of keys) moved.push(...(await this.promote(eventId, k)));
      return moved;
    });
    await this.mailPromoted(promoted);
    return this.info(eventId, key);
  }

  private async datesWithoutOwnSettings(eventId: string): Promise<OccurrenceKey[]> {
    const [dates, settings] = await Promise.all([this.repository.registeredDates(), this.repository.settingsOf([eventId])]);
    const own = new Set(settings.map((s) => s.date));
    return dates.filter((d) => d.eventId === eventId && !(d.occurrenceDate && own.has(d.occurrenceDate))).map((d) => d.occurrenceDate);
  }

  /**
   * Gives places to the waiting list of a date, first come first: each party whose whole size fits the places left
   * is confirmed; a party too big for them keeps its turn and those behind it may pass (decision 0035). Runs inside
   * the caller's transaction, with the event locked.
   */
  private async promote(eventId: string, key: OccurrenceKey): Promise<StoredRegistration[]> {
    const { settings } = await this.settingsFor(eventId, key);
    if (!settings?.enabled || settings.cancelledAt) return [];
    const waiting = await this.repository.waiting(eventId, key);
    if (waiting.length === 0) return [];
    let left = settings.capacity === null ? Number.POSITIVE_INFINITY : settings.capacity - (await this.repository.counts(eventId, key)).confirmedPlaces;
    const promoted: StoredRegistration[] = [];
    for (const registration of waiting) {
      if (left <= 0) break;
      if (registration.partySize > left) continue;
      await this.repository.setStatus(registration.id, "confirmed");
      left -= registration.partySize;
      promoted.push({ ...registration, status: "confirmed" });
    }
    return promoted;
  }

  private async mailPromoted(promoted: StoredRegistration[]): Promise<void> {
    for (const registration of promoted) {
      await this.notify(async (notices) => notices.promoted(registration, (await this.target(registration.eventId, registration.occurrenceDate)).event));
    }
  }

  private async notify(send: (notices: RegistrationNotices) => Promise<void>): Promise<void> {
    if (!this.deps.notices) return;
    try {
      await send(this.deps.notices);
    } catch (error) {
      this.deps.onMailError?.(error);
    }
  }

  /**
   * Takes a place (or a place on the waiting list) for the person. Signed-in people are who they are; anonymous
   * visitors send a solved proof-of-work challenge (decision 0035). The answer is the same whether or not the address
   * has registered before, so it tells nothing about who comes.
   */
  async register(
    viewer: CurrentUser | null,
    eventId: string,
    input: RegistrationInput,
    { proofOfWork, client }: { proofOfWork?: ProofOfWork | undefined; client?: string | null | undefined } = {},
  ): Promise<{ id: string; status: "confirmed" | "waitlisted" }> {
    const parsed = RegistrationInputSchema.safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error.issues, registrationMessages.required);
    const values = parsed.data;
    const { event, key } = await this.target(eventId, values.date);
    if (event.recurrenceRule && key === null) throw Validation(registrationMessages.notInSeries, { date: registrationMessages.notInSeries });
    const { rows, settings } = await this.settingsFor(eventId, key);
    const before = this.describe(event, key, rows, settings, { confirmedPlaces: 0, waitlisted: 0 });
    if (!settings || before.availability === "off" || before.availability === "closed") throw Conflict(registrationMessages.closedNow);
    const fields: Record<string, string> = {};
    if (values.partySize > settings.maxPartySize) fields.partySize = registrationMessages.partySizeInvalid(settings.maxPartySize);
    const answers: Record<string, string> = {};
    for (const question of settings.questions) {
      const answer = values.answers[question.id]?.trim() ?? "";
      if (!answer) {
        if (question.required) fields[`answers.${question.id}`] = registrationMessages.answerRequired;
        continue;
      }
      if (question.kind === "choice" && !question.options.includes(answer)) fields[`answers.${question.id}`] = registrationMessages.choiceInvalid;
      answers[question.id] = answer;
    }
    if (Object.keys(fields).length > 0) throw Validation(Object.values(fields)[0]!, fields);
    if (!viewer) {
      const check = proofOfWork ? await proofOfWork(values.altcha) : "missing";
      if (check !== "ok") throw Validation(registrationMessages.proofOfWork, { altcha: registrationMessages.proofOfWork });
    }
    await this.limit(values.email, client);
    const now = this.now().toISOString();
    const { registration, promoted } = await this.deps.transaction(async () => {
      await this.repository.lockEvent(eventId);
      const counts = await this.repository.counts(eventId, key);
      const left = settings.capacity === null ? Number.POSITIVE_INFINITY : settings.capacity - counts.confirmedPlaces;
      const fits = values.partySize <= left;
      if (!fits && !settings.waitlist) {
        throw Conflict(registrationMessages.fullNow, left > 0 ? { partySize: registrationMessages.partySizeInvalid(Math.min(left, settings.maxPartySize)) } : undefined);
      }
      const stored: StoredRegistration = {
        id: newId(),
        eventId,
        occurrenceDate: key,
        name: values.name,
        email: values.email.toLowerCase(),
        userId: viewer?.id ?? null,
        partySize: values.partySize,
        answers,
        // Those waiting keep their turn: a newcomer joins the list behind them, and the list moves as its rule says.
        status: fits && counts.waitlisted === 0 ? "confirmed" : "waitlisted",
        checkInCode: token(),
        checkedInAt: null,
        cancelToken: token(),
        reminderSentAt: null,
        createdAt: now,
        lastUpdatedAt: now,
        language: values.language ?? null,
      };
      await this.repository.insert(stored);
      const moved = stored.status === "waitlisted" && fits ? await this.promote(eventId, key) : [];
      const self = moved.find((r) => r.id === stored.id);
      return { registration: self ?? stored, promoted: moved.filter((r) => r.id !== stored.id) };
    });
    await this.notify((notices) => notices.registered(registration, event));
    await this.mailPromoted(promoted);
    return { id: registration.id, status: registration.status as "confirmed" | "waitlisted" };
  }

  /** Rate limits per address and per client, counted over the last hour in the database (every instance sees them). */
  private async limit(email: string, client: string | null | undefined): Promise<void> {
    const limits = this.deps.limits ?? DEFAULT_LIMITS;
    const now = this.now();
    const keys = [`email:${email.toLowerCase()}`, ...(client ? [`client:${client}`] : [])];
    const counts = await this.repository.countAttempt(keys, new Date(now.getTime() - HOUR_MS).toISOString(), now.toISOString());
    if (counts[0]! > limits.perAddress || (counts[1] ?? 0) > limits.perClient) throw new AppError(429, "rate_limited", registrationMessages.tooMany);
  }

  /**
   * Cancels a registration: with the secret of the mailed link, or as the signed-in person who registered (or an
   * organizer). The place goes to the waiting list in the same transaction.
   */
  async cancel(viewer: CurrentUser | null, id: string, secret: string | null | undefined): Promise<{ id: string; status: "cancelled" }> {
    const registration = await this.repository.get(id);
    if (!registration) throw NotFound(registrationMessages.notFound);
    const allowed =
      (secret && sameSecret(secret, registration.cancelToken)) ||
      (viewer && registration.userId === viewer.id) ||
      (viewer && (await this.deps.findEvent(registration.eventId).then((event) => event && this.isOrganizer(viewer, event))));
    // A wrong secret and an unknown registration read alike.
    if (!allowed) throw secret ? NotFound(registrationMessages.badToken) : viewer ? NotFound(registrationMessages.notFound) : NotFound(registrationMessages.badToken);
    if (registration.status === "cancelled") return { id, status: "cancelled" };
    const promoted = await this.deps.transaction(async () => {
      await this.repository.lockEvent(registration.eventId);
      const current = await this.repository.get(id);
      if (!current || current.status === "cancelled") return [];
      await this.repository.setStatus(id, "cancelled");
      return current.status === "confirmed" ? this.promote(registration.eventId, registration.occurrenceDate) : [];
    });
    await this.mailPromoted(promoted);
    return { id, status: "cancelled" };
  }

  /** What the cancel page shows of a registration to whoever holds its mailed link. */
  async forLink(id: string, secret: string): Promise<{ registration: StoredRegistration; event: Event }> {
    const registration = await this.repository.get(id);
    if (!registration || !sameSecret(secret, registration.cancelToken)) throw NotFound(registrationMessages.badToken);
    return { registration, event: (await this.target(registration.eventId, registration.occurrenceDate)).event };
  }

  /**
   * The organizers' list of an event: every date's registrations, or one date's (`date`), oldest first, with the
   * counts (places confirmed, waiting, cancelled, checked in).
   */
  async list(viewer: CurrentUser | null, eventId: string, date?: string | null): Promise<AttendeeList> {
    await this.requireOrganizer(viewer, eventId);
    const key = date ? (await this.target(eventId, date)).key : undefined;
    const [registrations, { settings }] = await Promise.all([this.repository.list(eventId, key), this.settingsFor(eventId, key ?? null)]);
    const count = (status: string) => registrations.filter((r) => r.status === status).reduce((sum, r) => sum + r.partySize, 0);
    return {
      eventId,
      date: key ?? null,
      counts: {
        confirmed: count("confirmed"),
        waitlisted: count("waitlisted"),
        cancelled: count("cancelled"),
        checkedIn: registrations.filter((r) => r.checkedInAt && r.status === "confirmed").reduce((sum, r) => sum + r.partySize, 0),
        registrations: registrations.length,
      },
      questions: settings?.questions ?? [],
      items: registrations.map((r) => ({
        id: r.id,
        date: r.occurrenceDate,
        name: r.name,
        email: r.email,
        partySize: r.partySize,
        status: r.status,
        answers: r.answers,
        checkedInAt: r.checkedInAt,
        createdAt: r.createdAt,
      })),
    };
  }

  /** The organizers' list as CSV (text a spreadsheet would read as a formula is neutralised), a column per question. */
  async csv(viewer: CurrentUser | null, eventId: string, date?: string | null): Promise<string> {
    const list = await this.list(viewer, eventId, date);
    const questions = list.questions;
    return toCsv(
      ["date", "name", "email", "party size", "status", "checked in at", "registered at", ...questions.map((q) => q.label)],
      list.items.map((r) => [r.date ?? "", r.name, r.email, r.partySize, r.status, r.checkedInAt ?? "", r.createdAt, ...questions.map((q) => r.answers[q.id] ?? "")]),
    );
  }

  /** The organizers' message to everyone with a place or on the waiting list of a date (or of a one-off event). */
  async message(viewer: CurrentUser | null, eventId: string, date: string | null | undefined, input: { subject?: unknown; message?: unknown }): Promise<{ sent: number }> {
    await this.requireOrganizer(viewer, eventId);
    const parsed = RegistrantMessageSchema.safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error.issues, registrationMessages.messageRequired);
    const { event, key } = await this.target(eventId, date);
    const recipients = (await this.repository.list(eventId, key)).filter((r) => r.status === "confirmed" || r.status === "waitlisted");
    await this.notify((notices) => notices.message(recipients, event, parsed.data));
    return { sent: recipients.length };
  }

  /**
   * Cancels a date (or a one-off event, or with no date every date of a series): registration closes and everyone
   * registered is told.
   */
  async cancelDate(viewer: CurrentUser | null, eventId: string, date: string | null | undefined): Promise<RegistrationInfo> {
    await this.requireOrganizer(viewer, eventId);
    const { event, key } = await this.target(eventId, date);
    const recipients = await this.deps.transaction(async () => {
      await this.repository.lockEvent(eventId);
      await this.repository.markCancelled(eventId, key ?? WHOLE_EVENT, this.now().toISOString());
      // Their places end with the date: reopening it later does not give them back unasked.
      return this.repository.cancelAll(eventId, key ?? (event.recurrenceRule ? undefined : null));
    });
    await this.notify((notices) => notices.cancelled(recipients, event));
    return this.info(eventId, key);
  }

  /**
   * Reopens registration for a cancelled date (or a one-off event, or with no date the series): it takes registrations
   * again under its settings. Registrations cancelled with it stay cancelled (their people were told). A date still
   * cancelled in the calendar is refused: it is restored there first.
   */
  async restoreDate(viewer: CurrentUser | null, eventId: string, date: string | null | undefined): Promise<RegistrationInfo> {
    await this.requireOrganizer(viewer, eventId);
    const { event, key } = await this.target(eventId, date);
    if (event.cancelled) throw Conflict(registrationMessages.dateCancelled);
    await this.deps.transaction(async () => {
      await this.repository.lockEvent(eventId);
      await this.repository.clearCancelled(eventId, key ?? WHOLE_EVENT, this.now().toISOString());
    });
    return this.info(eventId, key);
  }

  /** The registration a check-in is for, once the person is known to organize its event. */
  async forOrganizer(viewer: CurrentUser | null, id: string): Promise<StoredRegistration> {
    const registration = await this.repository.get(id);
    if (!registration) throw NotFound(registrationMessages.notFound);
    await this.requireOrganizer(viewer, registration.eventId);
    return registration;
  }
}
