// Meetings: administrators arrange, change, cancel and delete them and add the minutes; members (the announcements'
// rule: administrators, and `business` accounts that own a business) see them, answer yes, no or maybe, see who is
// coming by name, and take them into their calendar, one at a time or all at a private address they can reset.
import { randomBytes } from "node:crypto";
import { requireAdmin, requireUser, type CurrentUser } from "#server/auth/session.ts";
import { newId } from "#server/db/ids.ts";
import { Conflict, Forbidden, NotFound, Validation } from "#server/errors.ts";
import { invalidInput } from "#server/validation.ts";
import type { Paginated, PaginationQuery } from "#shared/schemas/pagination.ts";
import {
  MeetingInputSchema,
  meetingMessages as m,
  MeetingCalendarResetSchema,
  RsvpInputSchema,
  type MeetingCalendarReset,
  type AdminMeeting,
  type Meeting,
  type MeetingCalendar,
  type MeetingDetail,
  type MeetingInput,
  type MeetingList,
  type MeetingSummary,
  type RsvpInput,
  type RsvpResponse,
} from "#shared/schemas/meeting.ts";
import type { AuditRecorder } from "#server/features/audit/index.ts";
import { contentText, sanitizeHtml } from "#server/features/page/index.ts";
import { mailT } from "#server/mail/recipient-language.ts";
import type { Language } from "#shared/i18n/languages.ts";
import { meetingCalendar } from "./meeting-calendar.ts";
import type { MeetingRepository, MeetingWrite, StoredMeeting, StoredRsvp } from "./meeting.repository.ts";

export interface MeetingDeps {
  audit: AuditRecorder;
  /** The members' rule, the announcements' own. */
  isMember: (viewer: CurrentUser | null) => Promise<boolean>;
  /** Asks the meeting mail job to run (a meeting was saved or answered). */
  mailJob: () => Promise<unknown>;
  /** The meeting's files, library documents attached to it: those the reader may see, and all of them gone with it. */
  attachments: {
    of: (viewer: CurrentUser, meetingId: string) => Promise<MeetingDetail["attachments"]>;
    deleteAll: (meetingId: string) => Promise<void>;
  };
  siteUrl: string;
  /** The association's name in a language (its translation, else the original), and its time zone. */
  site: (language?: Language) => Promise<{ name: string; timeZone: string }>;
  /** A member's language (their account's, else the site's default), for the private feed they read; English without it. */
  languageOf?: (userId: string) => Promise<Language>;
  now?: () => Date;
}

/** What changes a meeting's calendar entry for those who have it: its time, its place, its cancellation. */
const SCHEDULE_FIELDS = ["startsAt", "endsAt", "place", "videoLink", "cancelled"] as const;

export class MeetingService {
  private readonly repository: MeetingRepository;
  private readonly deps: MeetingDeps;
  constructor(repository: MeetingRepository, deps: MeetingDeps) {
    this.repository = repository;
    this.deps = deps;
  }

  private now(): string {
    return (this.deps.now?.() ?? new Date()).toISOString();
  }

  private async requireMember(viewer: CurrentUser | null): Promise<CurrentUser> {
    const user = requireUser(viewer);
    if (!(await this.deps.isMember(user))) throw Forbidden(m.notMember);
    return user;
  }

  /** Upcoming ones (not over yet) soonest first, then past ones latest first, each with the member's answer and the counts. */
  async list(viewer: CurrentUser | null): Promise<MeetingList> {
    const user = await this.requireMember(viewer);
    const now = this.now();
    const rows = await this.repository.list();
    const summaries = await this.summaries(rows, user.id, now);
    return { upcoming: summaries.filter((s) => !s.past), past: summaries.filter((s) => s.past).reverse() };
  }

  /** The dashboard's: the next meetings not cancelled, soonest first, with the person's answer. */
  async nextMeetingsFor(personId: string, limit: number): Promise<MeetingSummary[]> {
    const now = this.now();
    return this.summaries(await this.repository.upcoming(now, limit), personId, now);
  }

  /** The dashboard's tasks: every meeting not cancelled nor over that the person has not answered, soonest first. */
  async unansweredBy(personId: string) {
    return this.repository.upcomingUnanswered(this.now(), personId);
  }

  /** The Meetings tab: every one, a page at a time. */
  async listForAdmin(viewer: CurrentUser | null, query: PaginationQuery): Promise<Paginated<AdminMeeting>> {
    requireAdmin(viewer, m.mustBeLoggedIn);
    const { items, total } = await this.repository.getPage((query.page - 1) * query.pageSize, query.pageSize, query.sort);
    const rsvps = await this.repository.rsvps(items.map((i) => i.id));
    const now = this.now();
    return { items: items.map((row) => this.adminView(row, rsvps, viewer!.id, now)), total, page: query.page, pageSize: query.pageSize };
  }

  /** One meeting with its files; administrators also get its editor. */
  async get(viewer: CurrentUser | null, id: string): Promise<MeetingDetail> {
    const user = await this.requireMember(viewer);
    const row = await this.repository.get(id);
    if (!row) throw NotFound(m.notFound);
    const [rsvps, attachments] = await Promise.all([this.repository.rsvps([id]), this.deps.attachments.of(user, id)]);
    const view = { ...this.view(row, rsvps, user.id, this.now()), attachments };
    return user.role === "admin" ? { ...view, editorUid: row.editorUid } : view;
  }

  /** Sets the member's answer; a meeting that is over or cancelled takes none. */
  async rsvp(viewer: CurrentUser | null, id: string, input: RsvpInput): Promise<Meeting> {
    const user = await this.requireMember(viewer);
    const parsed = RsvpInputSchema.safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error.issues, m.responseInvalid);
    const row = await this.repository.get(id);
    if (!row) throw NotFound(m.notFound);
    if (row.cancelled) throw Conflict(m.rsvpCancelled, { response: m.rsvpCancelled });
    if (row.endsAt <= this.now()) throw Conflict(m.rsvpPast, { response: m.rsvpPast });
    await this.repository.answer(id, user.id, parsed.data.response);
    await this.deps.mailJob();
    return this.view(row, await this.repository.rsvps([id]), user.id, this.now());
  }

  async create(viewer: CurrentUser | null, input: MeetingInput): Promise<AdminMeeting> {
    const admin = requireAdmin(viewer, m.mustBeLoggedIn);
    const values = this.validate(input);
    const saved = await this.repository.create(newId(), { ...values, sequence: 0, editorUid: admin.id });
    await this.deps.audit.record(admin, { action: "create", entityType: "meeting", entityId: saved.id, summary: saved.title });
    await this.deps.mailJob();
    return this.adminView(saved, [], admin.id, this.now());
  }

  /** Replaces a meeting; a change of time, place or cancellation raises its sequence, which mails those coming. */
  async update(viewer: CurrentUser | null, id: string, input: MeetingInput): Promise<AdminMeeting> {
    const admin = requireAdmin(viewer, m.mustBeLoggedIn);
    const values = this.validate(input);
    const existing = await this.repository.get(id);
    if (!existing) throw NotFound(m.notFound);
    const rescheduled = SCHEDULE_FIELDS.some((field) => existing[field] !== values[field]);
    const saved = await this.repository.update(id, { ...values, sequence: existing.sequence + (rescheduled ? 1 : 0), editorUid: admin.id });
    if (!saved) throw NotFound(m.notFound);
    await this.deps.audit.record(admin, { action: "update", entityType: "meeting", entityId: id, summary: saved.title });
    await this.deps.mailJob();
    return this.adminView(saved, await this.repository.rsvps([id]), admin.id, this.now());
  }

  async delete(viewer: CurrentUser | null, id: string): Promise<void> {
    const admin = requireAdmin(viewer, m.mustBeLoggedIn);
    const existing = await this.repository.get(id);
    if (!existing) throw NotFound(m.notFound);
    await this.deps.attachments.deleteAll(id);
    if (!(await this.repository.delete(id))) throw NotFound(m.notFound);
    await this.deps.audit.record(admin, { action: "delete", entityType: "meeting", entityId: id, summary: existing.title });
  }

  /** One meeting as a calendar file, for a member. */
  async icsOf(viewer: CurrentUser | null, id: string): Promise<{ title: string; ics: string }> {
    await this.requireMember(viewer);
    const row = await this.repository.get(id);
    if (!row) throw NotFound(m.notFound);
    const language = viewer?.language ?? (viewer && (await this.deps.languageOf?.(viewer.id))) ?? "en";
    const [site, t] = await Promise.all([this.deps.site(language), mailT(language)]);
    return { title: row.title, ics: meetingCalendar([row], { name: site.name, siteName: site.name, siteUrl: this.deps.siteUrl, timeZone: site.timeZone, t }) };
  }

  /** The member's private calendar address, made on first asking. */
  async calendarOf(viewer: CurrentUser | null): Promise<MeetingCalendar> {
    const user = await this.requireMember(viewer);
    let token = await this.repository.calendarToken(user.id);
    if (!token) {
      token = newToken();
      await this.repository.setCalendarToken(user.id, token);
    }
    return { url: this.feedUrl(token) };
  }

  /** A new private address; the old one stops working. */
  async resetCalendar(viewer: CurrentUser | null, input: MeetingCalendarReset): Promise<MeetingCalendar> {
    const user = await this.requireMember(viewer);
    const parsed = MeetingCalendarResetSchema.safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error.issues, m.resetUnconfirmed);
    const token = newToken();
    await this.repository.setCalendarToken(user.id, token);
    return { url: this.feedUrl(token) };
  }

  /** Every meeting, for whoever holds this token, as long as its owner is still a member; null otherwise. */
  async feed(token: string): Promise<string | null> {
    const owner = /^[A-Za-z0-9_-]{20,100}$/.test(token) ? await this.repository.calendarOwner(token) : undefined;
    if (!owner || !(await this.deps.isMember({ id: owner.id, role: owner.role } as CurrentUser))) return null;
    // The feed is read by a calendar app, not a person: it speaks the language of the member whose address it is.
    const language = (await this.deps.languageOf?.(owner.id)) ?? "en";
    const [site, t] = await Promise.all([this.deps.site(language), mailT(language)]);
    return meetingCalendar(await this.repository.list(), { name: t("meetingsFeed.name", { site: site.name }), siteName: site.name, siteUrl: this.deps.siteUrl, timeZone: site.timeZone, t });
  }

  private feedUrl(token: string): string {
    return `${this.deps.siteUrl}/myqsa/meetings/calendar/${token}.ics`;
  }

  private async summaries(rows: StoredMeeting[], userId: string, now: string): Promise<MeetingSummary[]> {
    const rsvps = await this.repository.rsvps(rows.map((r) => r.id));
    return rows.map((row) => summary(row, rsvps, userId, now));
  }

  private view(row: StoredMeeting, rsvps: StoredRsvp[], userId: string, now: string): Meeting {
    const mine = rsvps.filter((r) => r.meetingId === row.id);
    const names = (response: RsvpResponse) => mine.filter((r) => r.response === response).map((r) => r.displayName);
    return {
      ...summary(row, rsvps, userId, now),
      // Sanitized again on the way out, so a row written by any other path is still harmless.
      agenda: sanitizeHtml(row.agenda),
      minutes: row.minutes ? sanitizeHtml(row.minutes) : null,
      attendees: { yes: names("yes"), no: names("no"), maybe: names("maybe") },
      sequence: row.sequence,
      createdAt: row.createdAt,
      lastUpdatedAt: row.lastUpdatedAt,
    };
  }

  private adminView(row: StoredMeeting, rsvps: StoredRsvp[], userId: string, now: string): AdminMeeting {
    return { ...this.view(row, rsvps, userId, now), editorUid: row.editorUid };
  }

  /** The form's rules, each message beside its field; rich text is sanitized, and text the sanitizer empties is none. */
  private validate(input: MeetingInput): Omit<MeetingWrite, "sequence" | "editorUid"> {
    const parsed = MeetingInputSchema.safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error.issues, m.required);
    const rich = (html: string) => {
      const clean = sanitizeHtml(html);
      return contentText(clean, "html") || /<img\b/i.test(clean) ? clean : "";
    };
    const minutes = rich(parsed.data.minutes);
    if (parsed.data.place === null && parsed.data.videoLink === null) throw Validation(m.placeOrLink, { place: m.placeOrLink });
    return { ...parsed.data, agenda: rich(parsed.data.agenda), minutes: minutes || null };
  }
}

function summary(row: StoredMeeting, rsvps: StoredRsvp[], userId: string, now: string): MeetingSummary {
  const mine = rsvps.filter((r) => r.meetingId === row.id);
  const count = (response: RsvpResponse) => mine.filter((r) => r.response === response).length;
  return {
    id: row.id,
    title: row.title,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    place: row.place,
    videoLink: row.videoLink,
    cancelled: row.cancelled,
    past: row.endsAt <= now,
    hasMinutes: Boolean(row.minutes),
    myResponse: mine.find((r) => r.userId === userId)?.response ?? null,
    counts: { yes: count("yes"), no: count("no"), maybe: count("maybe") },
  };
}

/** 32 random bytes, URL-safe: the private calendar's address cannot be guessed. */
function newToken(): string {
  return randomBytes(32).toString("base64url");
}
