// The audit trail of administrative changes: who changed what, and when.
import type { Kysely } from "kysely";
import type { DialectName } from "../database.ts";

export default function admin(dialect: DialectName) {
  const ts = dialect === "postgres" ? "timestamptz" : "text";
  return {
    // Migrations are frozen in time, so they see an untyped database rather than today's schema types.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("audit_log")
        .addColumn("id", "text", (c) => c.primaryKey())
        // The email is kept beside the id so the entry still reads right after the account is deleted.
        .addColumn("actorId", "text", (c) => c.references("user.id").onDelete("set null"))
        .addColumn("actorEmail", "text", (c) => c.notNull())
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("entityType", "text", (c) => c.notNull())
        .addColumn("entityId", "text", (c) => c.notNull())
        .addColumn("summary", "text", (c) => c.notNull())
        .addColumn("createdAt", ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("audit_log_created_idx").on("audit_log").columns(["createdAt", "id"]).execute();
      await db.schema.createIndex("audit_log_entity_idx").on("audit_log").columns(["entityType", "entityId"]).execute();
      // The Users tab counts administrators on every demotion.
      await db.schema.createIndex("user_role_idx").on("user").column("role").execute();
    },
  };
}
