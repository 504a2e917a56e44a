// The library's documents: their rows, read by visibility and by what they belong to.
import type { Kysely, Selectable } from "kysely";
import type { DB } from "#server/db/database-types.ts";
import type { AttachedTo, AttachmentKind, DocumentVisibility } from "#shared/schemas/document.ts";

const COLUMNS = [
  "id",
  "title",
  "summary",
  "date",
  "tags",
  "visibility",
  "filePath",
  "fileName",
  "contentType",
  "size",
  "attachedKind",
  "attachedId",
  "editorUid",
  "createdAt",
  "lastUpdatedAt",
] as const;

export interface StoredDocument {
  id: string;
  title: string;
  summary: string;
  date: string;
  tags: string[];
  visibility: DocumentVisibility;
  filePath: string;
  fileName: string;
  contentType: string;
  size: number;
  attachedTo: AttachedTo | null;
  editorUid: string | null;
  createdAt: string;
  lastUpdatedAt: string;
}

export type DocumentWrite = Omit<StoredDocument, "id" | "createdAt" | "lastUpdatedAt">;

type Row = Pick<Selectable<DB["document"]>, (typeof COLUMNS)[number]>;

function parseTags(text: string): string[] {
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? list.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
}

function fromRow(row: Row): StoredDocument {
  const { attachedKind, attachedId, tags, visibility, size, ...rest } = row;
  return {
    ...rest,
    tags: parseTags(tags),
    visibility: visibility === "public" ? "public" : "members",
    size: Number(size),
    attachedTo: attachedKind && attachedId ? { kind: attachedKind as AttachmentKind, id: attachedId } : null,
  };
}

function toRow(values: DocumentWrite) {
  const { attachedTo, tags, ...rest } = values;
  return { ...rest, tags: JSON.stringify(tags), attachedKind: attachedTo?.kind ?? null, attachedId: attachedTo?.id ?? null };
}

export class DocumentRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /** Those of these visibilities (of one owner, when given), newest first by their date, then by when they were added. */
  async list({ visibilities, attachedTo }: { visibilities: readonly DocumentVisibility[]; attachedTo?: AttachedTo | undefined }): Promise<StoredDocument[]> {
    if (visibilities.length === 0) return [];
    let query = this.db.selectFrom("document").select(COLUMNS).where("visibility", "in", visibilities);
    if (attachedTo) query = query.where("attachedKind", "=", attachedTo.kind).where("attachedId", "=", attachedTo.id);
    const rows = await query.orderBy("date", "desc").orderBy("createdAt", "desc").orderBy("id").execute();
    return rows.map(fromRow);
  }

  /** Every one, a page at a time, newest first by date; `sort` turns it. */
  async getPage(offset: number, limit: number, sort: "asc" | "desc" = "desc"): Promise<{ items: StoredDocument[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db.selectFrom("document").select(COLUMNS).orderBy("date", sort).orderBy("createdAt", sort).orderBy("id").limit(limit).offset(offset).execute(),
      this.db.selectFrom("document").select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map(fromRow), total: Number(count.total) };
  }

  async get(id: string): Promise<StoredDocument | undefined> {
    const row = await this.db.selectFrom("document").select(COLUMNS).where("id", "=", id).executeTakeFirst();
    return row && fromRow(row);
  }

  async create(id: string, values: DocumentWrite): Promise<StoredDocument> {
    const now = new Date().toISOString();
    await this.db.insertInto("document").values({ id, ...toRow(values), createdAt: now, lastUpdatedAt: now }).execute();
    return { id, ...values, createdAt: now, lastUpdatedAt: now };
  }

  async update(id: string, values: DocumentWrite): Promise<StoredDocument | undefined> {
    const result = await this.db.updateTable("document").set({ ...toRow(values), lastUpdatedAt: new Date().toISOString() }).where("id", "=", id).executeTakeFirst();
    return Number(result.numUpdatedRows) === 0 ? undefined : this.get(id);
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom("document").where("id", "=", id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
