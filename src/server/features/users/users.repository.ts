import type { Kysely } from "kysely";
import type { SortDirection } from "#shared/schemas/pagination.ts";
import type { DialectName } from "#server/db/database.ts";
import type { DB } from "#server/db/database-types.ts";
import { ROLES, type Role } from "#shared/constants.ts";
import type { AdminUser } from "#shared/schemas/admin-user.ts";

/**
 * The user's columns, one list for every reader of the user table: the admin's list shows these; the
 * account pages add the picture, the verified flag and the provider; posts name their author by two.
 */
export const USER_COLUMNS = ["id", "email", "displayName", "role", "accountType", "createdAt", "lastLogin"] as const;
export const ACCOUNT_COLUMNS = [...USER_COLUMNS, "photoURL", "emailVerified", "provider"] as const;
export const AUTHOR_COLUMNS = ["id", "displayName"] as const satisfies readonly (typeof USER_COLUMNS)[number][];
const COLUMNS = USER_COLUMNS;

function asRole(value: string | null): Role {
  return ROLES.includes(value as Role) ? (value as Role) : "user";
}

export type RoleChangeResult =
  | { outcome: "changed"; user: AdminUser; previous: Role }
  | { outcome: "unchanged"; user: AdminUser }
  | { outcome: "not_found" }
  | { outcome: "last_admin" };

export class UsersRepository {
  private readonly db: Kysely<DB>;
  private readonly dialect: DialectName;
  constructor(db: Kysely<DB>, dialect: DialectName) {
    this.db = db;
    this.dialect = dialect;
  }

  /** Newest accounts first. */
  async getPage(offset: number, limit: number, sort: SortDirection = "desc"): Promise<{ items: AdminUser[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db.selectFrom("user").select(COLUMNS).orderBy("createdAt", sort).orderBy("id", sort).limit(limit).offset(offset).execute(),
      this.db.selectFrom("user").select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map((row) => ({ ...row, role: asRole(row.role) })), total: Number(count.total) };
  }

  /**
   * Sets a role, refusing to take it away from the last administrator. The count and the write share
   * one transaction, and on PostgreSQL the admin rows are locked first, so two admins demoting each
   * other at the same moment cannot both succeed.
   */
  setRole(id: string, role: Role): Promise<RoleChangeResult> {
    return this.db.transaction().execute(async (trx) => {
      let admins = trx.selectFrom("user").select("id").where("role", "=", "admin");
      if (this.dialect === "postgres") admins = admins.forUpdate();
      const adminIds = (await admins.execute()).map((row) => row.id);

      const row = await trx.selectFrom("user").select(COLUMNS).where("id", "=", id).executeTakeFirst();
      if (!row) return { outcome: "not_found" };
      const previous = asRole(row.role);
      const current = { ...row, role: previous };
      if (previous === role) return { outcome: "unchanged", user: current };
      if (previous === "admin" && adminIds.filter((adminId) => adminId !== id).length === 0) return { outcome: "last_admin" };

      await trx.updateTable("user").set({ role, updatedAt: new Date().toISOString() }).where("id", "=", id).execute();
      return { outcome: "changed", user: { ...current, role }, previous };
    });
  }
}
