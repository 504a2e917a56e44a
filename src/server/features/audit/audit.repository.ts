import type { Kysely } from "kysely";
import type { DB } from "#server/db/database-types.ts";
import type { AuditAction, AuditEntry } from "#shared/schemas/audit.ts";

const COLUMNS = ["id", "actorId", "actorEmail", "action", "entityType", "entityId", "summary", "createdAt"] as const;

export class AuditRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  async create(entry: AuditEntry): Promise<void> {
    await this.db.insertInto("audit_log").values(entry).execute();
  }

  /** Newest first. */
  async getPage(offset: number, limit: number, filter: { entityType?: string | undefined } = {}): Promise<{ items: AuditEntry[]; total: number }> {
    let query = this.db.selectFrom("audit_log");
    if (filter.entityType) query = query.where("entityType", "=", filter.entityType);
    const [rows, count] = await Promise.all([
      query.select(COLUMNS).orderBy("createdAt", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute(),
      query.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map((row) => ({ ...row, action: row.action as AuditAction })), total: Number(count.total) };
  }
}
