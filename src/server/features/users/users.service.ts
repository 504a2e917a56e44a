// Accounts as administrators manage them: the Users tab's list and role changes.
import { requireRole, type CurrentUser } from "#server/auth/session.ts";
import { Conflict, NotFound } from "#server/errors.ts";
import type { Role } from "#shared/constants.ts";
import { messages } from "#shared/messages.ts";
import type { AdminUser } from "#shared/schemas/admin-user.ts";
import type { Paginated, PaginationQuery } from "#shared/schemas/pagination.ts";
import { AuditedService } from "#server/features/audit/index.ts";
import type { UsersRepository } from "./users.repository.ts";

export class UsersService extends AuditedService<UsersRepository> {

  async list(viewer: CurrentUser | null, query: PaginationQuery): Promise<Paginated<AdminUser>> {
    requireRole(viewer, "admin");
    const { items, total } = await this.repository.getPage((query.page - 1) * query.pageSize, query.pageSize, query.sort);
    return { items, total, page: query.page, pageSize: query.pageSize };
  }

  /** Changes a user's role; the same role again changes (and records) nothing. */
  async setRole(viewer: CurrentUser | null, id: string, role: Role): Promise<AdminUser> {
    const admin = requireRole(viewer, "admin");
    const result = await this.repository.setRole(id, role);
    switch (result.outcome) {
      case "not_found":
        throw NotFound(messages.users.notFound);
      case "last_admin":
        throw Conflict(messages.users.lastAdmin);
      case "unchanged":
        return result.user;
      case "changed":
        await this.audit.record(admin, {
          action: "role_change",
          entityType: "user",
          entityId: id,
          summary: `${result.user.email}: ${result.previous} → ${role}`,
        });
        return result.user;
    }
  }
}
