// The association's library: files (reports, bylaws, budgets, minutes...) with a title, summary, date, free tags and
// who may see each (members, or everyone). A document may belong to something else (a meeting's agenda, an
// announcement's attachment), named by kind and id, so that thing can list its attachments.
import { sql, type Kysely } from "kysely";
import type { DialectName } from "../database.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const run = (db: AnyDb, statement: string) => sql.raw(statement).execute(db);

export default function documents(dialect: DialectName) {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("document")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("summary", "text", (c) => c.notNull().defaultTo(""))
        // A calendar date (YYYY-MM-DD): when the report, budget or minutes are from.
        .addColumn("date", "text", (c) => c.notNull())
        // A JSON list of free words.
        .addColumn("tags", "text", (c) => c.notNull().defaultTo("[]"))
        // "members" or "public".
        .addColumn("visibility", "text", (c) => c.notNull())
        .addColumn("filePath", "text", (c) => c.notNull())
        .addColumn("fileName", "text", (c) => c.notNull())
        .addColumn("contentType", "text", (c) => c.notNull())
        .addColumn("size", "integer", (c) => c.notNull())
        // What it belongs to ("meeting", "announcement"), or null for a document of the library alone.
        .addColumn("attachedKind", "text")
        .addColumn("attachedId", "text")
        .addColumn("editorUid", "text")
        .addColumn("createdAt", "text", (c) => c.notNull())
        .addColumn("lastUpdatedAt", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("document_date_idx").on("document").column("date").execute();
      await db.schema.createIndex("document_attached_idx").on("document").columns(["attachedKind", "attachedId"]).execute();
      await db.schema.createIndex("document_file_path_idx").on("document").column("filePath").execute();
      // Public documents show on /resources and in the site's search: a change moves the content version (0050).
      if (dialect === "sqlite") {
        for (const event of ["insert", "update", "delete"]) {
          await run(db, `create trigger content_version_document_${event} after ${event} on "document" begin update content_version set version = version + 1 where id = 1; end`);
        }
      } else {
        await run(
          db,
          `create constraint trigger content_version_document after insert or update or delete on "document" deferrable initially deferred for each row execute function content_version_bump()`,
        );
      }
    },
    async down(db: AnyDb) {
      await db.schema.dropTable("document").execute();
    },
  };
}
