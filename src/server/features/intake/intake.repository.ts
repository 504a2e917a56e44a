// Intake form submissions, and the businesses a person may link one to.
import type { Kysely } from "kysely";
import type { DB } from "#server/db/database-types.ts";
import type { IntakeBusiness, IntakeValues } from "#shared/schemas/intake.ts";
import type { SortDirection } from "#shared/schemas/pagination.ts";

export interface StoredIntake {
  id: string;
  createdAt: string;
  userId: string | null;
  userEmail: string | null;
  businessId: string | null;
  linkedBusinessName: string | null;
  answers: Omit<IntakeValues, "businessId">;
}

export class IntakeRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /** What the person owns, then what they have claimed and wait for, each once, by name. */
  async businessesOf(userId: string): Promise<IntakeBusiness[]> {
    const [owned, claimed] = await Promise.all([
      this.db
        .selectFrom("business_owner")
        .innerJoin("business", "business.id", "business_owner.businessId")
        .select(["business.id", "business.name"])
        .where("business_owner.userId", "=", userId)
        .execute(),
      this.db
        .selectFrom("change_request")
        .innerJoin("business", "business.id", "change_request.businessId")
        .select(["business.id", "business.name"])
        .where("change_request.userId", "=", userId)
        .where("change_request.kind", "=", "claim")
        .where("change_request.status", "=", "pending")
        .execute(),
    ]);
    const seen = new Set<string>();
    const list: IntakeBusiness[] = [];
    for (const [rows, relation] of [[owned, "owner"], [claimed, "claim"]] as const) {
      for (const row of [...rows].sort((a, b) => a.name.localeCompare(b.name))) {
        if (seen.has(row.id)) continue;
        seen.add(row.id);
        list.push({ ...row, relation });
      }
    }
    return list;
  }

  async insert(row: { id: string; userId: string; businessId: string | null; answers: Omit<IntakeValues, "businessId"> }): Promise<void> {
    await this.db
      .insertInto("intake_submission")
      .values({ id: row.id, userId: row.userId, businessId: row.businessId, answers: JSON.stringify(row.answers), createdAt: new Date().toISOString() })
      .execute();
  }

  /** Every submission, newest first (for the export). */
  async getAll(): Promise<StoredIntake[]> {
    return (await this.selectSubmissions().orderBy("intake_submission.createdAt", "desc").orderBy("intake_submission.id", "desc").execute()).map(toStored);
  }

  /** One page of submissions, newest first unless `sort` is "asc". */
  async getPage(offset: number, limit: number, sort: SortDirection = "desc"): Promise<{ items: StoredIntake[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.selectSubmissions().orderBy("intake_submission.createdAt", sort).orderBy("intake_submission.id", sort).limit(limit).offset(offset).execute(),
      this.db.selectFrom("intake_submission").select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map(toStored), total: Number(count.total) };
  }

  private selectSubmissions() {
    return this.db
      .selectFrom("intake_submission")
      .leftJoin("user", "user.id", "intake_submission.userId")
      .leftJoin("business", "business.id", "intake_submission.businessId")
      .select([
        "intake_submission.id",
        "intake_submission.createdAt",
        "intake_submission.userId",
        "user.email as userEmail",
        "intake_submission.businessId",
        "business.name as linkedBusinessName",
        "intake_submission.answers",
      ]);
  }
}

/** The answers as they were validated; createdAt as ISO text on both engines (PostgreSQL answers a Date). */
function toStored(row: Omit<StoredIntake, "answers"> & { answers: string }): StoredIntake {
  return { ...row, createdAt: new Date(row.createdAt).toISOString(), answers: JSON.parse(row.answers) as StoredIntake["answers"] };
}
