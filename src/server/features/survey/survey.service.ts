// Surveys: administrators build them (questions of seven kinds) and read the results live; members answer the members'
// surveys once and change a named answer until it closes; anyone answers a public one with the proof of work, by
// account or by a mailed confirmation link; results are shown to those who answered after closing, when the survey
// says so. One answer per person through a keyed hash of survey and person (decision 0031), in a table no answer
// refers to, so an anonymous survey's answers are tied to no one.
import { randomBytes } from "node:crypto";
import { requireAdmin, type CurrentUser } from "#server/auth/session.ts";
import { newId } from "#server/db/ids.ts";
import { Conflict, Forbidden, NotFound, Unauthorized, Validation } from "#server/errors.ts";
import { invalidInput } from "#server/validation.ts";
import type { Paginated, PaginationQuery } from "#shared/schemas/pagination.ts";
import {
  ConfirmInputSchema,
  ResponseInputSchema,
  SurveyInputSchema,
  surveyMessages as m,
  isChoiceKind,
  type AdminSurvey,
  type ConfirmOutcome,
  type Question,
  type ResponseInput,
  type ResponseOutcome,
  type SurveyDetail,
  type SurveyInput,
  type SurveyResults,
  type SurveyState,
  type SurveySummary,
} from "#shared/schemas/survey.ts";
import type { AuditRecorder } from "#server/features/audit/index.ts";
import { toCsv } from "#server/features/import/index.ts";
import { answerCell, checkAnswers, questionResult } from "./survey-answers.ts";
import type { SurveyRepository, StoredSurvey, SurveyWrite } from "./survey.repository.ts";
import { hashToken, type PersonKey } from "./survey-keys.ts";

/** How long a visitor's mailed confirmation link works. */
const PENDING_HOURS = 48;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type ChallengeCheck = "ok" | "missing" | "invalid" | "expired" | "used";

export interface SurveyDeps {
  audit: AuditRecorder;
  /** The members' rule, the announcements' own. */
  isMember: (viewer: CurrentUser | null) => Promise<boolean>;
  /** The respondents' keyed hashes (survey-keys.ts). */
  personKey: PersonKey;
  /** Mails a visitor the link that confirms their answer. */
  sendConfirmation: (to: string, survey: StoredSurvey, link: string) => Promise<void>;
  siteUrl: string;
  now?: () => Date;
}

export class SurveyService {
  private readonly repository: SurveyRepository;
  private readonly deps: SurveyDeps;
  private readonly personKey: PersonKey;
  constructor(repository: SurveyRepository, deps: SurveyDeps) {
    this.repository = repository;
    this.deps = deps;
    this.personKey = deps.personKey;
  }

  private now(): string {
    return (this.deps.now?.() ?? new Date()).toISOString();
  }

  stateOf(survey: Pick<StoredSurvey, "status" | "opensAt" | "closesAt">, now = this.now()): SurveyState {
    if (survey.status === "draft") return "draft";
    if (survey.status === "closed" || (survey.closesAt !== null && survey.closesAt <= now)) return "closed";
    if (survey.opensAt !== null && survey.opensAt > now) return "scheduled";
    return "open";
  }

  /** Who may see a survey: drafts are administrators' only; a members' survey is for members; a public one for anyone. */
  private async canSee(viewer: CurrentUser | null, survey: StoredSurvey, member: boolean): Promise<void> {
    if (survey.status === "draft" && viewer?.role !== "admin") throw NotFound(m.notFound);
    if (survey.audience === "members" && !member) {
      if (!viewer) throw Unauthorized(m.mustBeLoggedIn);
      throw Forbidden(m.notMember);
    }
  }

  private async answered(viewer: CurrentUser | null, surveys: StoredSurvey[]): Promise<Set<string>> {
    if (!viewer) return new Set();
    const keys = await this.repository.answeredKeys(surveys.map((s) => ({ surveyId: s.id, personKey: this.personKey(s.id, { userId: viewer.id }) })));
    return new Set(surveys.filter((s) => keys.has(`${s.id}:${this.personKey(s.id, { userId: viewer.id })}`)).map((s) => s.id));
  }

  private summary(row: StoredSurvey, answered: boolean | null, now: string): SurveySummary {
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      state: this.stateOf(row, now),
      opensAt: row.opensAt,
      closesAt: row.closesAt,
      audience: row.audience,
      anonymous: row.anonymous,
      showResults: row.showResults,
      questionCount: row.questions.length,
      answered,
    };
  }

  /** The surveys the person may see: every one but drafts for members (drafts too for administrators), public ones for others. */
  async list(viewer: CurrentUser | null): Promise<SurveySummary[]> {
    const member = await this.deps.isMember(viewer);
    const rows = (await this.repository.list(viewer?.role === "admin")).filter((s) => member || s.audience === "public");
    const answered = await this.answered(viewer, rows);
    const now = this.now();
    return rows.map((row) => this.summary(row, viewer ? answered.has(row.id) : null, now));
  }

  /** The dashboard's: open surveys a member may answer and has not. */
  async openUnansweredFor(viewer: CurrentUser): Promise<SurveySummary[]> {
    const rows = await this.repository.openAt(this.now());
    const answered = await this.answered(viewer, rows);
    const now = this.now();
    return rows.filter((row) => !answered.has(row.id)).map((row) => this.summary(row, false, now));
  }

  /** The Surveys tab: every one, a page at a time. */
  async listForAdmin(viewer: CurrentUser | null, query: PaginationQuery): Promise<Paginated<AdminSurvey>> {
    const admin = requireAdmin(viewer, m.mustBeLoggedIn);
    const { items, total } = await this.repository.getPage((query.page - 1) * query.pageSize, query.pageSize, query.sort);
    const counts = await this.repository.responseCounts(items.map((i) => i.id));
    const answered = await this.answered(admin, items);
    const now = this.now();
    return { items: items.map((row) => this.adminView(row, counts.get(row.id) ?? 0, answered.has(row.id), now)), total, page: query.page, pageSize: query.pageSize };
  }

  async get(viewer: CurrentUser | null, id: string): Promise<SurveyDetail | AdminSurvey> {
    const row = await this.repository.get(id);
    if (!row) throw NotFound(m.notFound);
    const member = await this.deps.isMember(viewer);
    await this.canSee(viewer, row, member);
    const answered = viewer ? (await this.answered(viewer, [row])).has(id) : null;
    const now = this.now();
    if (viewer?.role === "admin") return this.adminView(row, (await this.repository.responseCounts([id])).get(id) ?? 0, !!answered, now);
    return this.detail(row, answered, viewer, now);
  }

  private async detail(row: StoredSurvey, answered: boolean | null, viewer: CurrentUser | null, now: string): Promise<SurveyDetail> {
    const state = this.stateOf(row, now);
    const mine = viewer && !row.anonymous && answered ? ((await this.repository.responseOf(row.id, viewer.id))?.answers ?? null) : null;
    return {
      ...this.summary(row, answered, now),
      questions: row.questions,
      myAnswers: mine,
      canAnswer: state === "open" && (!answered || !row.anonymous),
      resultsAvailable: viewer?.role === "admin" || (row.showResults && state === "closed" && !!answered),
    };
  }

  private adminView(row: StoredSurvey, responseCount: number, answered: boolean, now: string): AdminSurvey {
    const state = this.stateOf(row, now);
    return {
      ...this.summary(row, answered, now),
      status: row.status,
      questions: row.questions,
      myAnswers: null,
      canAnswer: state === "open" && (!answered || !row.anonymous),
      resultsAvailable: true,
      responseCount,
      editorUid: row.editorUid,
      createdAt: row.createdAt,
      lastUpdatedAt: row.lastUpdatedAt,
    };
  }

  async create(viewer: CurrentUser | null, input: SurveyInput): Promise<AdminSurvey> {
    const admin = requireAdmin(viewer, m.mustBeLoggedIn);
    const values = this.validate(input);
    const saved = await this.repository.create(newId(), { ...values, editorUid: admin.id });
    await this.deps.audit.record(admin, { action: "create", entityType: "survey", entityId: saved.id, summary: saved.title });
    return this.adminView(saved, 0, false, this.now());
  }

  /** Replaces a survey; once it has answers, a question keeps its kind (answers of one kind say nothing as another). */
  async update(viewer: CurrentUser | null, id: string, input: SurveyInput): Promise<AdminSurvey> {
    const admin = requireAdmin(viewer, m.mustBeLoggedIn);
    const existing = await this.repository.get(id);
    if (!existing) throw NotFound(m.notFound);
    const count = (await this.repository.responseCounts([id])).get(id) ?? 0;
    const values = this.validate(input);
    if (count > 0) {
      values.questions.forEach((question, index) => {
        const before = existing.questions.find((q) => q.id === question.id);
        if (before && before.kind !== question.kind) {
          const message = m.kindLocked(index + 1, question.label);
          throw Validation(message, { questions: message });
        }
      });
    }
    const saved = await this.repository.update(id, { ...values, editorUid: admin.id });
    if (!saved) throw NotFound(m.notFound);
    await this.deps.audit.record(admin, { action: "update", entityType: "survey", entityId: id, summary: saved.title });
    return this.adminView(saved, count, (await this.answered(admin, [saved])).has(id), this.now());
  }

  async delete(viewer: CurrentUser | null, id: string): Promise<void> {
    const admin = requireAdmin(viewer, m.mustBeLoggedIn);
    const existing = await this.repository.get(id);
    if (!existing || !(await this.repository.delete(id))) throw NotFound(m.notFound);
    await this.deps.audit.record(admin, { action: "delete", entityType: "survey", entityId: id, summary: existing.title });
  }

  /**
   * An answer. `challenge` checks and spends the proof of work a public survey needs. A member (or anyone signed in,
   * for a public survey) answers by account: a named answer may change while the survey is open, an anonymous one
   * cannot (nothing ties it to them). A visitor's answer waits for the link mailed to their address; the reply is the
   * same whether or not that address answered before.
   */
  async respond(viewer: CurrentUser | null, id: string, input: ResponseInput, challenge: (payload: unknown) => Promise<ChallengeCheck>): Promise<ResponseOutcome> {
    const row = await this.repository.get(id);
    if (!row) throw NotFound(m.notFound);
    const member = await this.deps.isMember(viewer);
    await this.canSee(viewer, row, member);
    const parsed = ResponseInputSchema.safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error.issues, m.fixAnswers);
    const state = this.stateOf(row);
    if (state !== "open") throw Conflict(state === "scheduled" ? m.notOpenYet : m.notOpen, { submit: state === "scheduled" ? m.notOpenYet : m.notOpen });
    const checked = checkAnswers(row.questions, parsed.data.answers);
    if (!checked.ok) throw Validation(m.fixAnswers, checked.fields);
    const email = parsed.data.email?.trim() ?? "";
    if (!viewer && !EMAIL.test(email)) throw Validation(m.emailInvalid, { email: m.emailInvalid });
    if (row.audience === "public" && (await challenge(parsed.data.altcha)) !== "ok") throw Validation(m.proofOfWork, { submit: m.proofOfWork });
    const submittedAt = row.anonymous ? `${this.now().slice(0, 10)}T00:00:00.000Z` : this.now();

    if (!viewer) {
      const token = randomBytes(32).toString("base64url");
      await this.repository.addPending({
        tokenHash: hashToken(token),
        surveyId: id,
        personKey: this.personKey(id, { email }),
        email: row.anonymous ? null : email.toLowerCase(),
        answers: checked.answers,
        expiresAt: new Date(Date.parse(this.now()) + PENDING_HOURS * 3_600_000).toISOString(),
      });
      await this.deps.sendConfirmation(email, row, `${this.deps.siteUrl}/myqsa/surveys/${encodeURIComponent(id)}?confirm=${token}`);
      return { status: "pending", message: m.checkMail };
    }

    const personKey = this.personKey(id, { userId: viewer.id });
    const first = await this.repository.addFirst(id, personKey, { id: newId(), userId: row.anonymous ? null : viewer.id, email: null, answers: checked.answers, submittedAt });
    if (first) return { status: "saved", message: m.saved };
    if (row.anonymous) throw Conflict(m.anonymousFinal, { submit: m.anonymousFinal });
    if (!(await this.repository.change(id, viewer.id, checked.answers))) throw Conflict(m.alreadyAnswered, { submit: m.alreadyAnswered });
    return { status: "changed", message: m.changed };
  }

  /** A visitor's mailed link: the waiting answer counts, unless that address has answered since. */
  async confirm(id: string, input: { token: string }): Promise<ConfirmOutcome> {
    const parsed = ConfirmInputSchema.safeParse(input);
    if (!parsed.success) throw Validation(m.confirmInvalid, { token: m.confirmInvalid });
    const row = await this.repository.get(id);
    if (!row || row.status === "draft") throw NotFound(m.notFound);
    if (this.stateOf(row) !== "open") throw Conflict(m.notOpen, { token: m.notOpen });
    const pending = await this.repository.takePending(id, hashToken(parsed.data.token), this.now());
    if (!pending) throw Validation(m.confirmInvalid, { token: m.confirmInvalid });
    const submittedAt = row.anonymous ? `${this.now().slice(0, 10)}T00:00:00.000Z` : this.now();
    const first = await this.repository.addFirst(id, pending.personKey, { id: newId(), userId: null, email: row.anonymous ? null : pending.email, answers: pending.answers, submittedAt });
    return first ? { status: "confirmed", message: m.confirmed } : { status: "already", message: m.confirmedBefore };
  }

  /** Live for administrators; for those who answered once it closes, when the survey says so. */
  async results(viewer: CurrentUser | null, id: string): Promise<SurveyResults> {
    const row = await this.repository.get(id);
    if (!row) throw NotFound(m.notFound);
    const member = await this.deps.isMember(viewer);
    await this.canSee(viewer, row, member);
    if (viewer?.role !== "admin") {
      if (!viewer) throw Unauthorized(m.resultsHidden);
      const answered = (await this.answered(viewer, [row])).has(id);
      if (!row.showResults || this.stateOf(row) !== "closed" || !answered) throw Forbidden(m.resultsHidden);
    }
    const all = (await this.repository.responses(id)).map((r) => r.answers);
    return { id, title: row.title, responses: all.length, questions: row.questions.map((q) => questionResult(q, all)) };
  }

  /** Every answer as CSV (administrators): a named survey names who answered; an anonymous one has no one to name. */
  async csv(viewer: CurrentUser | null, id: string): Promise<{ title: string; csv: string }> {
    requireAdmin(viewer, m.mustBeLoggedIn);
    const row = await this.repository.get(id);
    if (!row) throw NotFound(m.notFound);
    const responses = await this.repository.responses(id);
    const people = row.anonymous ? [] : ["Name", "E-mail"];
    const headers = ["Submitted", ...people, ...row.questions.map((q) => q.label)];
    const rows = responses.map((r) => [row.anonymous ? r.submittedAt.slice(0, 10) : r.submittedAt, ...(row.anonymous ? [] : [r.displayName ?? "", r.email ?? ""]), ...row.questions.map((q) => answerCell(r.answers[q.id]))]);
    return { title: row.title, csv: toCsv(headers, rows) };
  }

  /** The form's rules; questions keep their ids and new ones get theirs; options only for choices. */
  private validate(input: SurveyInput): Omit<SurveyWrite, "editorUid"> {
    const parsed = SurveyInputSchema.safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error.issues, m.required);
    const seen = new Set<string>();
    const questions = parsed.data.questions.map((q): Question => {
      const id = q.id && !seen.has(q.id) ? q.id : newId(12);
      seen.add(id);
      return { id, kind: q.kind, label: q.label, help: q.help, required: q.required, options: isChoiceKind(q.kind) ? [...new Set(q.options)] : [] };
    });
    if (questions.some((q) => isChoiceKind(q.kind) && q.options.length < 2)) throw Validation(m.questionsInvalid, { questions: m.questionsInvalid });
    return { ...parsed.data, questions };
  }
}
