// The audit trail: services record every administrative change here, and admins read it back.
import type { CurrentUser } from "#server/auth/session.ts";
import { requireRole } from "#server/auth/session.ts";
import { newId } from "#server/db/ids.ts";
import type { AuditAction, AuditEntry } from "#shared/schemas/audit.ts";
import type { Paginated, PaginationQuery } from "#shared/schemas/pagination.ts";
import type { AuditRepository } from "./audit.repository.ts";

export interface AuditChange {
  action: AuditAction;
  /** The entity's name in code: "page", "user", "business", "event", ... */
  entityType: string;
  entityId: string;
  /** One line an administrator reads in "Recent changes", e.g. the item's name or "user → admin". */
  summary: string;
}

/** What other services depend on: `await audit.record(actor, { action: "create", entityType: "event", entityId, summary: name })`. */
export interface AuditRecorder {
  record(actor: Pick<CurrentUser, "id" | "email">, change: AuditChange): Promise<void>;
}

export class AuditService implements AuditRecorder {
  private readonly repository: AuditRepository;
  constructor(repository: AuditRepository) {
    this.repository = repository;
  }

  async record(actor: Pick<CurrentUser, "id" | "email">, change: AuditChange): Promise<void> {
    await this.repository.create({
      id: newId(),
      actorId: actor.id,
      actorEmail: actor.email,
      action: change.action,
      entityType: change.entityType,
      entityId: change.entityId,
      summary: change.summary.slice(0, 500),
      createdAt: new Date().toISOString(),
    });
  }

  async list(viewer: CurrentUser | null, query: PaginationQuery & { entityType?: string | undefined }): Promise<Paginated<AuditEntry>> {
    requireRole(viewer, "admin");
    const { items, total } = await this.repository.getPage((query.page - 1) * query.pageSize, query.pageSize, { entityType: query.entityType });
    return { items, total, page: query.page, pageSize: query.pageSize };
  }
}
