// What the services of administered content share: their repository, the audit trail every change is recorded in,
// and deleting a named record.
import { requireRole, type CurrentUser } from "#server/auth/session.ts";
import { NotFound } from "#server/errors.ts";
import type { AuditRecorder } from "./audit.service.ts";

/** Records that have a name, which is what "Recent changes" shows of a deleted one. */
export interface NamedRecords {
  get(id: string): Promise<{ name: string } | undefined>;
  delete(id: string): Promise<boolean>;
}

export abstract class AuditedService<Repository> {
  protected readonly repository: Repository;
  protected readonly audit: AuditRecorder;
  constructor(repository: Repository, audit: AuditRecorder) {
    this.repository = repository;
    this.audit = audit;
  }

  /** Deletes a record for an administrator and records it under its name; `notFound` when there is none. */
  protected async deleteNamed(this: AuditedService<NamedRecords>, viewer: CurrentUser | null, entityType: string, id: string, notFound: string): Promise<void> {
    const admin = requireRole(viewer, "admin");
    const record = await this.repository.get(id);
    if (!record || !(await this.repository.delete(id))) throw NotFound(notFound);
    await this.audit.record(admin, { action: "delete", entityType, entityId: id, summary: record.name });
  }
}

/** The summary of a change that may rename: "Old → New", or the name when it stays. */
export const renamed = (before: { name: string }, after: { name: string }): string => (before.name === after.name ? after.name : `${before.name} → ${after.name}`);
