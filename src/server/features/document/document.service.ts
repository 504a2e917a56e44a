// The library: administrators add documents (a file with its title, summary, date, tags and visibility); members
// (administrators, and `business` accounts that own a business) read every one, everyone else the public ones. A
// members-only document is "not found" to anyone else, its file too, so its address tells a stranger nothing.
import { requireAdmin, type CurrentUser } from "#server/auth/session.ts";
import { newId } from "#server/db/ids.ts";
import { AppError, NotFound, Validation } from "#server/errors.ts";
import { changeImage, saveWithImage, type ImageChange } from "#server/storage/entity-image.ts";
import type { FileService } from "#server/storage/file.service.ts";
import { invalidInput } from "#server/validation.ts";
import {
  DocumentInputSchema,
  documentFileUrl,
  documentMessages as m,
  type AdminDocument,
  type AttachedTo,
  type DocumentInput,
  type DocumentList,
  type DocumentListQuery,
  type DocumentVisibility,
  type LibraryDocument,
} from "#shared/schemas/document.ts";
import type { Paginated, PaginationQuery } from "#shared/schemas/pagination.ts";
import { fold } from "#shared/text.ts";
import type { AuditRecorder } from "#server/features/audit/index.ts";
import type { DocumentRepository, StoredDocument } from "./document.repository.ts";

export interface DocumentDeps {
  audit: AuditRecorder;
  files: FileService;
  /** Whether the person is a member: an administrator, or a `business` account that owns a business. */
  isMember: (viewer: CurrentUser | null) => Promise<boolean>;
}

/** A document's file as it is downloaded. */
export interface DocumentFile {
  body: Uint8Array;
  contentType: string;
  fileName: string;
}

export class DocumentService {
  private readonly repository: DocumentRepository;
  private readonly deps: DocumentDeps;
  constructor(repository: DocumentRepository, deps: DocumentDeps) {
    this.repository = repository;
    this.deps = deps;
  }

  /** The visibilities this person may read. */
  private async visibleTo(viewer: CurrentUser | null): Promise<DocumentVisibility[]> {
    return (await this.deps.isMember(viewer)) ? ["members", "public"] : ["public"];
  }

  /**
   * What the person may read, newest first, with a tag and words to look for; `tags` are those of every document they
   * may read, for the filter. The library is small (hundreds of files), so tags and words are matched here.
   */
  async list(viewer: CurrentUser | null, query: DocumentListQuery = {}): Promise<DocumentList> {
    const attachedTo = query.attachedKind && query.attachedId ? { kind: query.attachedKind, id: query.attachedId } : undefined;
    const rows = await this.repository.list({ visibilities: await this.visibleTo(viewer), attachedTo });
    const tags = [...new Map(rows.flatMap((r) => r.tags).map((t) => [t.toLowerCase(), t])).values()].sort((a, b) => a.localeCompare(b));
    const tag = query.tag?.trim().toLowerCase();
    const words = fold(query.q ?? "").split(/\s+/).filter(Boolean);
    const items = rows.filter((row) => {
      if (tag && !row.tags.some((t) => t.toLowerCase() === tag)) return false;
      if (words.length === 0) return true;
      const text = fold([row.title, row.summary, ...row.tags].join(" "));
      return words.every((word) => text.includes(word));
    });
    return { items: items.map(view), tags };
  }

  /** The Library tab: every document, a page at a time, newest first by date (`sort` turns it). */
  async listForAdmin(viewer: CurrentUser | null, query: PaginationQuery): Promise<Paginated<AdminDocument>> {
    requireAdmin(viewer, m.mustBeLoggedIn);
    const { items, total } = await this.repository.getPage((query.page - 1) * query.pageSize, query.pageSize, query.sort);
    return { items: items.map(adminView), total, page: query.page, pageSize: query.pageSize };
  }

  /** The attachments of a meeting or an announcement the person may read, newest first. */
  async attachmentsOf(viewer: CurrentUser | null, owner: AttachedTo): Promise<LibraryDocument[]> {
    return (await this.repository.list({ visibilities: await this.visibleTo(viewer), attachedTo: owner })).map(view);
  }

  /** Whether the person may read this document (and download its file). */
  async mayRead(viewer: CurrentUser | null, id: string): Promise<boolean> {
    const row = await this.repository.get(id);
    return !!row && (await this.visibleTo(viewer)).includes(row.visibility);
  }

  private async readable(viewer: CurrentUser | null, id: string): Promise<StoredDocument> {
    const row = await this.repository.get(id);
    if (!row || !(await this.visibleTo(viewer)).includes(row.visibility)) throw NotFound(m.notFound);
    return row;
  }

  /** One document; administrators also get its stored path. */
  async get(viewer: CurrentUser | null, id: string): Promise<LibraryDocument | AdminDocument> {
    const row = await this.readable(viewer, id);
    return viewer?.role === "admin" ? adminView(row) : view(row);
  }

  /** A document's file, for the download. */
  async file(viewer: CurrentUser | null, id: string): Promise<DocumentFile> {
    const row = await this.readable(viewer, id);
    const file = await this.deps.files.read(row.filePath);
    if (!file) throw NotFound(m.notFound);
    return { body: file.body, contentType: row.contentType, fileName: row.fileName };
  }

  async create(viewer: CurrentUser | null, input: DocumentInput): Promise<AdminDocument> {
    const admin = requireAdmin(viewer, m.mustBeLoggedIn);
    const values = validate(input);
    const change = await this.changeFile(admin, values.filePath, null, null);
    const saved = await saveWithImage(change.file, async () =>
      this.repository.create(newId(), { ...values, attachedTo: values.attachedTo ?? null, ...(await change.details()), editorUid: admin.id }),
    );
    await this.deps.audit.record(admin, { action: "create", entityType: "document", entityId: saved.id, summary: saved.title });
    return adminView(saved);
  }

  async update(viewer: CurrentUser | null, id: string, input: DocumentInput): Promise<AdminDocument> {
    const admin = requireAdmin(viewer, m.mustBeLoggedIn);
    const values = validate(input);
    const existing = await this.repository.get(id);
    if (!existing) throw NotFound(m.notFound);
    const change = await this.changeFile(admin, values.filePath, existing, id);
    const saved = await saveWithImage(change.file, async () => {
      const attachedTo = values.attachedTo === undefined ? existing.attachedTo : values.attachedTo;
      const row = await this.repository.update(id, { ...values, attachedTo, ...(await change.details()), editorUid: admin.id });
      if (!row) throw NotFound(m.notFound);
      return row;
    });
    await this.deps.audit.record(admin, { action: "update", entityType: "document", entityId: id, summary: saved.title });
    return adminView(saved);
  }

  async delete(viewer: CurrentUser | null, id: string): Promise<void> {
    const admin = requireAdmin(viewer, m.mustBeLoggedIn);
    const existing = await this.repository.get(id);
    if (!existing || !(await this.repository.delete(id))) throw NotFound(m.notFound);
    await this.deps.files.deleteForEntity(existing.filePath);
    await this.deps.audit.record(admin, { action: "delete", entityType: "document", entityId: id, summary: existing.title });
  }

  /** Deletes the documents that belong to a meeting or an announcement being deleted, and their files. */
  async deleteAttachmentsOf(owner: AttachedTo): Promise<void> {
    for (const row of await this.repository.list({ visibilities: ["members", "public"], attachedTo: owner })) {
      if (await this.repository.delete(row.id)) await this.deps.files.deleteForEntity(row.filePath);
    }
  }

  /**
   * The file the form names: the document's own, or a fresh `document` upload of the administrator's that nothing
   * holds yet. Anything else is refused beside the File field.
   */
  private async changeFile(admin: CurrentUser, wanted: string, existing: StoredDocument | null, id: string | null) {
    const keep = existing?.filePath === wanted;
    if (!keep) {
      if (!(await this.deps.files.isAttachable({ user: admin, kind: "document", fullPath: wanted }))) throw Validation(m.fileNotUpload, { filePath: m.fileNotUpload });
      if (await this.deps.files.isInUse(wanted, id ? [{ kind: "document", id }] : [])) throw Validation(m.fileInUse, { filePath: m.fileInUse });
    }
    let file: ImageChange;
    try {
      file = await changeImage(this.deps.files, { user: admin, kind: "document", wanted, current: { path: existing?.filePath ?? null, url: null } });
    } catch (error) {
      if (error instanceof AppError && (error.status === 403 || error.status === 404)) throw Validation(m.fileNotUpload, { filePath: m.fileNotUpload });
      throw error;
    }
    const details = async () => {
      if (keep && existing) return { fileName: existing.fileName, contentType: existing.contentType, size: existing.size };
      const metadata = await this.deps.files.getMetadata(wanted);
      return { fileName: metadata.customMetadata.originalName || metadata.name, contentType: metadata.contentType, size: metadata.size };
    };
    return { file, details };
  }
}

function validate(input: DocumentInput) {
  const parsed = DocumentInputSchema.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error.issues, m.required);
  return parsed.data;
}

function view(row: StoredDocument): LibraryDocument {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    date: row.date,
    tags: row.tags,
    visibility: row.visibility,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    url: documentFileUrl(row.id),
    attachedTo: row.attachedTo,
    createdAt: row.createdAt,
    lastUpdatedAt: row.lastUpdatedAt,
  };
}

function adminView(row: StoredDocument): AdminDocument {
  return { ...view(row), filePath: row.filePath, editorUid: row.editorUid };
}
