// Imports of businesses from a spreadsheet: the uploaded file, its rows as mapped, and what applying changed (for undo).
import type { Kysely } from "kysely";
import type { DialectName } from "../database.ts";

export default function dataImport(dialect: DialectName) {
  const ts = dialect === "postgres" ? "timestamptz" : "text";
  const bytes = dialect === "postgres" ? "bytea" : "blob";
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("data_import")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("kind", "text", (c) => c.notNull())
        // preview → applied → undone
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("fileName", "text", (c) => c.notNull())
        // The file as uploaded, so a different delimiter, encoding or mapping reads it again.
        .addColumn("source", bytes, (c) => c.notNull())
        // Delimiter, encoding, column mapping and "create missing categories and tags", as JSON.
        .addColumn("options", "text", (c) => c.notNull())
        .addColumn("headers", "text", (c) => c.notNull())
        .addColumn("createdById", "text", (c) => c.references("user.id").onDelete("set null"))
        .addColumn("createdByEmail", "text", (c) => c.notNull())
        .addColumn("createdAt", ts, (c) => c.notNull())
        .addColumn("appliedAt", ts)
        .addColumn("undoneAt", ts)
        // What applying created and what it replaced, as JSON: undo puts it back.
        .addColumn("undo", "text")
        .execute();
      await db.schema.createIndex("data_import_created_idx").on("data_import").columns(["createdAt", "id"]).execute();

      await db.schema
        .createTable("data_import_row")
        .addColumn("importId", "text", (c) => c.notNull().references("data_import.id").onDelete("cascade"))
        .addColumn("rowNumber", "integer", (c) => c.notNull())
        // The row's cells by field name, as JSON.
        .addColumn("cells", "text", (c) => c.notNull())
        // none | pending | done | failed: the background geocoding of a row without coordinates.
        .addColumn("geocode", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("data_import_row_pk", ["importId", "rowNumber"])
        .execute();
      await db.schema.createIndex("data_import_row_geocode_idx").on("data_import_row").columns(["geocode", "importId"]).execute();
    },
  };
}
