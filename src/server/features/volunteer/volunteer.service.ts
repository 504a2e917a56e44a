// Volunteering: administrators write opportunities and their shifts, see each shift's roster, mark who came, message a
// shift's volunteers and export its roster; anyone sees the open opportunities; signed-in people of any role sign up
// for a shift (or join its waiting list when it is full) and cancel. Places are counted inside one transaction per
// sign-up or cancellation, with the shift's row locked on PostgreSQL (decision 0032), and a cancellation promotes the
// first on the waiting list in that same transaction.
import { requireAdmin, requireUser, type CurrentUser } from "#server/auth/session.ts";
import { newId } from "#server/db/ids.ts";
import { isUniqueViolation } from "#server/db/unique-violation.ts";
import { Conflict, NotFound, Validation } from "#server/errors.ts";
import { invalidInput } from "#server/validation.ts";
import type { AuditRecorder } from "#server/features/audit/index.ts";
import { contentText, sanitizeHtml } from "#server/features/page/index.ts";
import { toCsv } from "#server/features/import/index.ts";
import type { Paginated, PaginationQuery } from "#shared/schemas/pagination.ts";
import {
  AttendanceInputSchema,
  OpportunityInputSchema,
  ShiftMessageInputSchema,
  SIGNUP_STATUS_LABELS,
  volunteerMessages as m,
  type AdminOpportunity,
  type AdminShift,
  type AttendanceInput,
  type MySignup,
  type Opportunity,
  type OpportunityDetail,
  type OpportunityInput,
  type RosterEntry,
  type Shift,
  type ShiftMessageInput,
  type SignupResult,
} from "#shared/schemas/volunteer.ts";
import type { StoredOpportunity, StoredShift, StoredSignup, VolunteerRepository } from "./volunteer.repository.ts";

export interface VolunteerDeps {
  audit: AuditRecorder;
  /** One transaction that every query inside joins (database.transaction). */
  transaction: <T>(work: () => Promise<T>) => Promise<T>;
  /** Asks the volunteering mail job to run (someone signed up, cancelled or was promoted). */
  mailJob: () => Promise<unknown>;
  /** Whether the event (or this date of a recurring one) exists. */
  eventExists: (eventId: string, date: string | null) => Promise<"ok" | "no-event" | "no-date">;
  /** Mails an administrator's message to a shift's volunteers; answers how many were mailed. */
  messageVolunteers: (shift: StoredShift, opportunity: StoredOpportunity, volunteers: StoredSignup[], message: { subject: string; message: string }) => Promise<number>;
  now?: () => Date;
}

export class VolunteerService {
  private readonly repository: VolunteerRepository;
  private readonly deps: VolunteerDeps;
  constructor(repository: VolunteerRepository, deps: VolunteerDeps) {
    this.repository = repository;
    this.deps = deps;
  }

  private now(): string {
    return (this.deps.now?.() ?? new Date()).toISOString();
  }

  /** The open opportunities (a shift still to start), soonest first, each with its shifts to come. */
  async listOpen(viewer: CurrentUser | null): Promise<Opportunity[]> {
    const now = this.now();
    const rows = await this.repository.open(now);
    const views = await this.views(rows, viewer, now);
    return views.map((view) => ({ ...view, shifts: view.shifts.filter((s) => !s.past) }));
  }

  /** The administrators' tab: every opportunity, a page at a time, with each shift's roster. */
  async listForAdmin(viewer: CurrentUser | null, query: PaginationQuery): Promise<Paginated<AdminOpportunity>> {
    const admin = requireAdmin(viewer, m.mustBeLoggedIn);
    const { items, total } = await this.repository.getPage((query.page - 1) * query.pageSize, query.pageSize, query.sort);
    return { items: (await this.views(items, admin, this.now())) as AdminOpportunity[], total, page: query.page, pageSize: query.pageSize };
  }

  /** One opportunity with every shift; administrators also get each shift's roster. */
  async get(viewer: CurrentUser | null, id: string): Promise<OpportunityDetail> {
    const row = await this.repository.get(id);
    if (!row) throw NotFound(m.notFound);
    return (await this.views([row], viewer, this.now()))[0]!;
  }

  /**
   * The opportunities tied to an event with places still open across their shifts to come, and their sum (the event's
   * page). For one date of a recurring event: those of that date and those of the whole event.
   */
  async neededFor(eventId: string, date: string | null = null): Promise<{ openPlaces: number; opportunities: Array<{ id: string; title: string; openPlaces: number }> }> {
    const rows = (await this.repository.ofEvent(eventId)).filter((row) => !date || !row.occurrenceDate || row.occurrenceDate === date);
    const views = await this.views(rows, null, this.now());
    const opportunities = views.filter((v) => v.openPlaces > 0).map((v) => ({ id: v.id, title: v.title, openPlaces: v.openPlaces }));
    return { openPlaces: opportunities.reduce((sum, o) => sum + o.openPlaces, 0), opportunities };
  }

  /** The person's sign-ups for shifts not over yet, soonest first. */
  async mine(viewer: CurrentUser | null): Promise<MySignup[]> {
    const user = requireUser(viewer);
    return this.upcomingOf(user.id);
  }

  async upcomingOf(userId: string): Promise<MySignup[]> {
    return (await this.repository.upcomingOf(userId, this.now())).map((row) => ({ ...row, status: row.status as MySignup["status"] }));
  }

  async create(viewer: CurrentUser | null, input: OpportunityInput): Promise<AdminOpportunity> {
    const admin = requireAdmin(viewer, m.mustBeLoggedIn);
    const values = await this.validate(input);
    const id = newId();
    await this.deps.transaction(async () => {
      await this.repository.create(id, { ...values.opportunity, editorUid: admin.id });
      for (const { id: _kept, ...shift } of values.shifts) await this.repository.insertShift(id, newId(), shift);
    });
    await this.deps.audit.record(admin, { action: "create", entityType: "volunteer-opportunity", entityId: id, summary: values.opportunity.title });
    return (await this.get(admin, id)) as AdminOpportunity;
  }

  /**
   * Replaces an opportunity and its shifts: a shift sent with its id is changed, one without is added, one left out is
   * removed with its sign-ups. A shift given more places confirms the first on its waiting list.
   */
  async update(viewer: CurrentUser | null, id: string, input: OpportunityInput): Promise<AdminOpportunity> {
    const admin = requireAdmin(viewer, m.mustBeLoggedIn);
    const values = await this.validate(input);
    const existing = await this.repository.shifts([id]);
    const known = new Set(existing.map((s) => s.id));
    const unknown = values.shifts.findIndex((s) => s.id && !known.has(s.id));
    if (unknown >= 0) throw Validation(m.shiftNotFound, { [`shifts.${unknown}.id`]: m.shiftNotFound });
    await this.deps.transaction(async () => {
      if (!(await this.repository.update(id, { ...values.opportunity, editorUid: admin.id }))) throw NotFound(m.notFound);
      await this.repository.deleteShifts(id, values.shifts.flatMap((s) => (s.id ? [s.id] : [])));
      for (const { id: shiftId, ...shift } of values.shifts) {
        if (!shiftId) {
          await this.repository.insertShift(id, newId(), shift);
          continue;
        }
        await this.repository.lockShift(shiftId);
        await this.repository.updateShift(id, shiftId, shift);
        await this.repository.promote(shiftId, shift.placesNeeded - (await this.repository.confirmedCount(shiftId)));
      }
    });
    await this.deps.audit.record(admin, { action: "update", entityType: "volunteer-opportunity", entityId: id, summary: values.opportunity.title });
    await this.deps.mailJob();
    return (await this.get(admin, id)) as AdminOpportunity;
  }

  async delete(viewer: CurrentUser | null, id: string): Promise<void> {
    const admin = requireAdmin(viewer, m.mustBeLoggedIn);
    const existing = await this.repository.get(id);
    if (!existing || !(await this.repository.delete(id))) throw NotFound(m.notFound);
    await this.deps.audit.record(admin, { action: "delete", entityType: "volunteer-opportunity", entityId: id, summary: existing.title });
  }

  /**
   * Signs the person up: confirmed while the shift has places, else on its waiting list. The places are counted with
   * the shift locked, so that however many sign up at once no more than its places are confirmed.
   */
  async signUp(viewer: CurrentUser | null, shiftId: string): Promise<SignupResult> {
    const user = requireUser(viewer);
    const now = this.now();
    let status: SignupResult["status"];
    try {
      status = await this.deps.transaction(async () => {
        const shift = await this.repository.lockShift(shiftId);
        if (!shift) throw NotFound(m.shiftNotFound);
        if (shift.startsAt <= now) throw Conflict(m.shiftPast, { signup: m.shiftPast });
        if (await this.repository.signupOf(shiftId, user.id)) throw Conflict(m.alreadySignedUp, { signup: m.alreadySignedUp });
        const confirmed = await this.repository.confirmedCount(shiftId);
        const next = confirmed < shift.placesNeeded ? "confirmed" : "waiting";
        await this.repository.insertSignup({ id: newId(), shiftId, userId: user.id, status: next });
        return next;
      });
    } catch (error) {
      // Two sign-ups of one person at once: the second meets the first's row.
      if (isUniqueViolation(error)) throw Conflict(m.alreadySignedUp, { signup: m.alreadySignedUp });
      throw error;
    }
    await this.deps.mailJob();
    return { status, shift: await this.shiftView(shiftId, user) };
  }

  /** Cancels the person's sign-up; a confirmed place freed goes to the first on the waiting list, in the same transaction. */
  async cancel(viewer: CurrentUser | null, shiftId: string): Promise<Shift> {
    const user = requireUser(viewer);
    await this.deps.transaction(async () => {
      const shift = await this.repository.lockShift(shiftId);
      if (!shift) throw NotFound(m.shiftNotFound);
      const signup = await this.repository.signupOf(shiftId, user.id);
      if (!signup) throw NotFound(m.signupNotFound);
      await this.repository.deleteSignup(signup.id);
      if (shift.startsAt > this.now()) await this.repository.promote(shiftId, shift.placesNeeded - (await this.repository.confirmedCount(shiftId)));
    });
    await this.deps.mailJob();
    return this.shiftView(shiftId, user);
  }

  /** Marks whether a volunteer came. */
  async setAttendance(viewer: CurrentUser | null, signupId: string, input: AttendanceInput): Promise<RosterEntry> {
    requireAdmin(viewer, m.mustBeLoggedIn);
    const parsed = AttendanceInputSchema.safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error.issues, m.attendanceInvalid);
    const signup = await this.repository.signup(signupId);
    if (!signup) throw NotFound(m.signupNotFound);
    await this.repository.setAttended(signupId, parsed.data.attended);
    return rosterEntry({ ...signup, attended: parsed.data.attended });
  }

  /** Mails a message to the shift's confirmed volunteers. */
  async message(viewer: CurrentUser | null, shiftId: string, input: ShiftMessageInput): Promise<{ sent: number }> {
    const admin = requireAdmin(viewer, m.mustBeLoggedIn);
    const parsed = ShiftMessageInputSchema.safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error.issues, m.messageRequired);
    const shift = await this.repository.shift(shiftId);
    const opportunity = shift && (await this.repository.get(shift.opportunityId));
    if (!shift || !opportunity) throw NotFound(m.shiftNotFound);
    const volunteers = (await this.repository.signups([shiftId])).filter((s) => s.status === "confirmed");
    const sent = await this.deps.messageVolunteers(shift, opportunity, volunteers, parsed.data);
    await this.deps.audit.record(admin, { action: "update", entityType: "volunteer-opportunity", entityId: opportunity.id, summary: `Message to a shift's volunteers: ${parsed.data.subject}` });
    return { sent };
  }

  /** A shift's roster as CSV (neutralised against formulas), confirmed first then the waiting list, in the order they came. */
  async rosterCsv(viewer: CurrentUser | null, shiftId: string): Promise<{ csv: string; name: string }> {
    requireAdmin(viewer, m.mustBeLoggedIn);
    const shift = await this.repository.shift(shiftId);
    const opportunity = shift && (await this.repository.get(shift.opportunityId));
    if (!shift || !opportunity) throw NotFound(m.shiftNotFound);
    const roster = ordered(await this.repository.signups([shiftId]));
    const csv = toCsv(
      ["opportunity", "shiftStartsAt", "shiftEndsAt", "place", "name", "email", "status", "signedUpAt", "attended"],
      roster.map((s) => [opportunity.title, shift.startsAt, shift.endsAt, shift.place, s.displayName, s.email, SIGNUP_STATUS_LABELS[s.status], s.signedUpAt, s.attended === null ? "" : s.attended ? "yes" : "no"]),
    );
    return { csv, name: `volunteer-shift-${shift.startsAt.slice(0, 10)}` };
  }

  private async shiftView(shiftId: string, viewer: CurrentUser): Promise<Shift> {
    const shift = await this.repository.shift(shiftId);
    if (!shift) throw NotFound(m.shiftNotFound);
    return shiftView(shift, await this.repository.signups([shiftId]), viewer.id, this.now());
  }

  private async views(rows: StoredOpportunity[], viewer: CurrentUser | null, now: string): Promise<OpportunityDetail[]> {
    const shifts = await this.repository.shifts(rows.map((r) => r.id));
    const signups = await this.repository.signups(shifts.map((s) => s.id));
    const admin = viewer?.role === "admin";
    return rows.map((row) => {
      const own = shifts.filter((s) => s.opportunityId === row.id);
      const views = own.map((shift) => {
        const ofShift = signups.filter((s) => s.shiftId === shift.id);
        const view = shiftView(shift, ofShift, viewer?.id ?? null, now);
        return admin ? ({ ...view, roster: ordered(ofShift).map(rosterEntry) } satisfies AdminShift) : view;
      });
      const opportunity: Opportunity = {
        id: row.id,
        title: row.title,
        // Sanitized again on the way out, so a row written by any other path is still harmless.
        description: sanitizeHtml(row.description),
        eventId: row.eventId,
        occurrenceDate: row.occurrenceDate,
        event: row.eventId && row.eventName ? { id: row.eventId, name: row.eventName, href: eventPath(row.eventId, row.occurrenceDate) } : null,
        shifts: views,
        openPlaces: views.filter((s) => !s.past).reduce((sum, s) => sum + Math.max(0, s.placesNeeded - s.filled), 0),
        createdAt: row.createdAt,
        lastUpdatedAt: row.lastUpdatedAt,
      };
      return admin ? { ...opportunity, editorUid: row.editorUid } : opportunity;
    });
  }

  /** The form's rules, each message beside its field; the description is sanitized, and text it empties is none. */
  private async validate(input: OpportunityInput) {
    const parsed = OpportunityInputSchema.safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error.issues, m.required);
    const { shifts, ...opportunity } = parsed.data;
    if (opportunity.eventId) {
      const found = await this.deps.eventExists(opportunity.eventId, opportunity.occurrenceDate);
      if (found === "no-event") throw Validation(m.eventNotFound, { eventId: m.eventNotFound });
      if (found === "no-date") throw Validation(m.occurrenceNotFound, { occurrenceDate: m.occurrenceNotFound });
    }
    const clean = sanitizeHtml(opportunity.description);
    const description = contentText(clean, "html") || /<img\b/i.test(clean) ? clean : "";
    return { opportunity: { ...opportunity, description }, shifts: shifts.map((s) => ({ ...s, id: s.id ?? null })) };
  }
}

export const eventPath = (eventId: string, date: string | null) => `/events/${encodeURIComponent(eventId)}${date ? `/${date}` : ""}`;

/** Confirmed first, then the waiting list, each in the order they came. */
function ordered(signups: StoredSignup[]): StoredSignup[] {
  return [...signups.filter((s) => s.status === "confirmed"), ...signups.filter((s) => s.status === "waiting")];
}

function rosterEntry(s: StoredSignup): RosterEntry {
  return { signupId: s.id, displayName: s.displayName, email: s.email, status: s.status, signedUpAt: s.signedUpAt, attended: s.attended };
}

function shiftView(shift: StoredShift, signups: StoredSignup[], userId: string | null, now: string): Shift {
  return {
    id: shift.id,
    startsAt: shift.startsAt,
    endsAt: shift.endsAt,
    place: shift.place,
    placesNeeded: shift.placesNeeded,
    requirements: shift.requirements,
    filled: signups.filter((s) => s.status === "confirmed").length,
    waiting: signups.filter((s) => s.status === "waiting").length,
    past: shift.startsAt <= now,
    myStatus: (userId && signups.find((s) => s.userId === userId)?.status) || null,
  };
}
