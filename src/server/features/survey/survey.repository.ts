// Surveys, their answers, who has answered (keyed hashes only), answers waiting for an e-mail confirmation, and the
// reminders sent.
import type { Kysely } from "kysely";
import type { DB } from "#server/db/database-types.ts";
import type { AnswerValue, Question, SurveyAudience, SurveyStatus } from "#shared/schemas/survey.ts";
import { isMember, type MemberRecipient } from "#server/features/announcement/index.ts";
import { isUniqueViolation } from "#server/db/unique-violation.ts";

const COLUMNS = ["id", "title", "description", "status", "opensAt", "closesAt", "audience", "anonymous", "showResults", "questions", "editorUid", "createdAt", "lastUpdatedAt"] as const;

export interface StoredSurvey {
  id: string;
  title: string;
  description: string;
  status: SurveyStatus;
  opensAt: string | null;
  closesAt: string | null;
  audience: SurveyAudience;
  anonymous: boolean;
  showResults: boolean;
  questions: Question[];
  editorUid: string | null;
  createdAt: string;
  lastUpdatedAt: string;
}

export type SurveyWrite = Omit<StoredSurvey, "id" | "createdAt" | "lastUpdatedAt">;
export type Answers = Record<string, AnswerValue>;

export interface StoredResponse {
  id: string;
  userId: string | null;
  email: string | null;
  displayName: string | null;
  answers: Answers;
  submittedAt: string;
}

interface Row {
  id: string;
  title: string;
  description: string;
  status: string;
  opensAt: string | null;
  closesAt: string | null;
  audience: string;
  anonymous: number;
  showResults: number;
  questions: string;
  editorUid: string | null;
  createdAt: string;
  lastUpdatedAt: string;
}
const fromRow = (row: Row): StoredSurvey => ({
  ...row,
  status: row.status as SurveyStatus,
  audience: row.audience as SurveyAudience,
  anonymous: Boolean(row.anonymous),
  showResults: Boolean(row.showResults),
  questions: JSON.parse(row.questions) as Question[],
});
const toRow = (values: SurveyWrite) => ({ ...values, anonymous: Number(values.anonymous), showResults: Number(values.showResults), questions: JSON.stringify(values.questions) });

export class SurveyRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /** Every survey but drafts (with them when `drafts`), newest first. */
  async list(drafts: boolean): Promise<StoredSurvey[]> {
    let query = this.db.selectFrom("survey").select(COLUMNS);
    if (!drafts) query = query.where("status", "<>", "draft");
    return (await query.orderBy("createdAt", "desc").orderBy("id").execute()).map(fromRow);
  }

  async getPage(offset: number, limit: number, sort: "asc" | "desc" = "desc"): Promise<{ items: StoredSurvey[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db.selectFrom("survey").select(COLUMNS).orderBy("createdAt", sort).orderBy("id").limit(limit).offset(offset).execute(),
      this.db.selectFrom("survey").select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map(fromRow), total: Number(count.total) };
  }

  /** Surveys open at `now`: status open, opened, and not yet closed. */
  async openAt(now: string): Promise<StoredSurvey[]> {
    const rows = await this.db
      .selectFrom("survey")
      .select(COLUMNS)
      .where("status", "=", "open")
      .where((eb) => eb.or([eb("opensAt", "is", null), eb("opensAt", "<=", now)]))
      .where("closesAt", ">", now)
      .orderBy("closesAt")
      .orderBy("id")
      .execute();
    return rows.map(fromRow);
  }

  async get(id: string): Promise<StoredSurvey | undefined> {
    const row = await this.db.selectFrom("survey").select(COLUMNS).where("id", "=", id).executeTakeFirst();
    return row && fromRow(row);
  }

  async create(id: string, values: SurveyWrite): Promise<StoredSurvey> {
    const now = new Date().toISOString();
    await this.db.insertInto("survey").values({ id, ...toRow(values), createdAt: now, lastUpdatedAt: now }).execute();
    return { id, ...values, createdAt: now, lastUpdatedAt: now };
  }

  async update(id: string, values: SurveyWrite): Promise<StoredSurvey | undefined> {
    const result = await this.db.updateTable("survey").set({ ...toRow(values), lastUpdatedAt: new Date().toISOString() }).where("id", "=", id).executeTakeFirst();
    return Number(result.numUpdatedRows) === 0 ? undefined : this.get(id);
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom("survey").where("id", "=", id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** How many answers each of these surveys has. */
  async responseCounts(ids: readonly string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom("survey_response")
      .select(["surveyId", (eb) => eb.fn.countAll<number>().as("count")])
      .where("surveyId", "in", ids)
      .groupBy("surveyId")
      .execute();
    return new Map(rows.map((r) => [r.surveyId, Number(r.count)]));
  }

  /** Every answer to a survey, earliest first, with the named respondent's name. */
  async responses(surveyId: string): Promise<StoredResponse[]> {
    const rows = await this.db
      .selectFrom("survey_response")
      .leftJoin("user", "user.id", "survey_response.userId")
      .select(["survey_response.id", "survey_response.userId", "survey_response.email", "survey_response.answers", "survey_response.submittedAt", "user.displayName", "user.email as userEmail"])
      .where("survey_response.surveyId", "=", surveyId)
      .orderBy("survey_response.submittedAt")
      .orderBy("survey_response.id")
      .execute();
    return rows.map((r) => ({ id: r.id, userId: r.userId, email: r.email ?? r.userEmail ?? null, displayName: r.displayName ?? null, answers: JSON.parse(r.answers) as Answers, submittedAt: r.submittedAt }));
  }

  /** A named survey's answer by this member. */
  async responseOf(surveyId: string, userId: string): Promise<{ id: string; answers: Answers } | undefined> {
    const row = await this.db.selectFrom("survey_response").select(["id", "answers"]).where("surveyId", "=", surveyId).where("userId", "=", userId).executeTakeFirst();
    return row && { id: row.id, answers: JSON.parse(row.answers) as Answers };
  }

  async hasAnswered(surveyId: string, personKey: string): Promise<boolean> {
    return !!(await this.db.selectFrom("survey_respondent").select("surveyId").where("surveyId", "=", surveyId).where("personKey", "=", personKey).executeTakeFirst());
  }

  /** Which of these person keys have answered, survey by survey. */
  async answeredKeys(pairs: ReadonlyArray<{ surveyId: string; personKey: string }>): Promise<Set<string>> {
    if (pairs.length === 0) return new Set();
    const rows = await this.db
      .selectFrom("survey_respondent")
      .select(["surveyId", "personKey"])
      .where(
        "personKey",
        "in",
        pairs.map((p) => p.personKey),
      )
      .execute();
    return new Set(rows.map((r) => `${r.surveyId}:${r.personKey}`));
  }

  /**
   * Records a first answer: the person's key and the answer, in one transaction, so the two stand or fall together.
   * False (and nothing written) when the key was already there: that person has answered.
   */
  async addFirst(surveyId: string, personKey: string, response: { id: string; userId: string | null; email: string | null; answers: Answers; submittedAt: string }): Promise<boolean> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto("survey_respondent")
          .values({ surveyId, personKey })
          .onConflict((oc) => oc.columns(["surveyId", "personKey"]).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
        await trx
          .insertInto("survey_response")
          .values({ id: response.id, surveyId, userId: response.userId, email: response.email, answers: JSON.stringify(response.answers), submittedAt: response.submittedAt })
          .execute();
        return true;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /** Replaces a named survey's answer by this member. */
  async change(surveyId: string, userId: string, answers: Answers): Promise<boolean> {
    const result = await this.db
      .updateTable("survey_response")
      .set({ answers: JSON.stringify(answers), submittedAt: new Date().toISOString() })
      .where("surveyId", "=", surveyId)
      .where("userId", "=", userId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async addPending(values: { tokenHash: string; surveyId: string; personKey: string; email: string | null; answers: Answers; expiresAt: string }): Promise<void> {
    await this.db.deleteFrom("survey_pending").where("expiresAt", "<=", new Date().toISOString()).execute();
    await this.db.insertInto("survey_pending").values({ ...values, answers: JSON.stringify(values.answers) }).execute();
  }

  /** Takes (reads and removes) an answer waiting for its confirmation; undefined when none or expired. */
  async takePending(surveyId: string, tokenHash: string, now: string): Promise<{ personKey: string; email: string | null; answers: Answers } | undefined> {
    const row = await this.db.selectFrom("survey_pending").select(["personKey", "email", "answers", "expiresAt"]).where("tokenHash", "=", tokenHash).where("surveyId", "=", surveyId).executeTakeFirst();
    if (!row) return undefined;
    const taken = await this.db.deleteFrom("survey_pending").where("tokenHash", "=", tokenHash).executeTakeFirst();
    if (Number(taken.numDeletedRows) === 0 || row.expiresAt <= now) return undefined;
    return { personKey: row.personKey, email: row.email, answers: JSON.parse(row.answers) as Answers };
  }

  /** Members not yet reminded of this survey. */
  async membersNotReminded(surveyId: string): Promise<MemberRecipient[]> {
    return this.db
      .selectFrom("user")
      .select(["user.id", "user.email", "user.displayName"])
      .where(isMember)
      .where("user.id", "not in", this.db.selectFrom("survey_reminder").select("survey_reminder.userId").where("survey_reminder.surveyId", "=", surveyId))
      .orderBy("user.id")
      .execute();
  }

  async recordReminded(surveyId: string, userId: string): Promise<void> {
    await this.db
      .insertInto("survey_reminder")
      .values({ surveyId, userId, sentAt: new Date().toISOString() })
      .onConflict((oc) => oc.columns(["surveyId", "userId"]).doNothing())
      .execute();
  }
}
