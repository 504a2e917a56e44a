// Announcements: administrators write, schedule, pin and archive them; members (administrators, and `business`
// accounts that own a business) read the published ones and are told which they have not read yet.
import { requireAdmin, requireUser, type CurrentUser } from "#server/auth/session.ts";
import { newId } from "#server/db/ids.ts";
import { Forbidden, NotFound, Validation } from "#server/errors.ts";
import { changeImage, saveWithImage } from "#server/storage/entity-image.ts";
import type { FileService } from "#server/storage/file.service.ts";
import { invalidInput } from "#server/validation.ts";
import { TRUNCATE } from "#shared/constants.ts";
import { truncate } from "#shared/format.ts";
import type { Paginated, PaginationQuery } from "#shared/schemas/pagination.ts";
import {
  AnnouncementInputSchema,
  AnnouncementTranslationsInputSchema,
  announcementMessages as m,
  type AdminAnnouncement,
  type Announcement,
  type AnnouncementAttachment,
  type AnnouncementInput,
  type AnnouncementList,
  type AnnouncementStatus,
} from "#shared/schemas/announcement.ts";
import { documentMessages } from "#shared/schemas/document.ts";
import type { AuditRecorder } from "#server/features/audit/index.ts";
import { contentText, sanitizeHtml } from "#server/features/page/index.ts";
import { translationsFrom, type TranslationService } from "#server/features/translation/index.ts";
import type { Language } from "#shared/i18n/languages.ts";
import { TRANSLATABLE, type FallbackLanguages, type Translations } from "#shared/schemas/translations.ts";
import type { AnnouncementRepository, StoredAnnouncement } from "./announcement.repository.ts";

export interface AnnouncementDeps {
  audit: AuditRecorder;
  files: FileService;
  /** Whether the person owns at least one business. */
  ownsSomeBusiness: (userId: string) => Promise<boolean>;
  /** Its attached library documents: those the person may read, and deleting them with it. */
  attachments?: {
    list: (viewer: CurrentUser | null, announcementId: string) => Promise<AnnouncementAttachment[]>;
    deleteAll: (announcementId: string) => Promise<void>;
    /** Makes each fresh upload a members-only document of the announcement; a refused one is told beside the field. */
    add: (admin: CurrentUser, announcementId: string, files: Array<{ path: string; title: string }>) => Promise<void>;
  };
  /** Asks the publication mail job to run soon (an announcement was published now). */
  publicationMail: () => Promise<unknown>;
  /** Their titles and bodies in the site's other languages: saved with them (before the mail goes), shown to members. */
  translations?: TranslationService;
  now?: () => Date;
  /**
   * The write version (migration 0090), read from the database: each member's header count is kept while it stands
   * and until the next scheduled announcement comes out, then counted again. Without it, counted on every request.
   */
  writeVersion?: () => number | null | Promise<number | null>;
}

/** Members whose header count is kept at most: past this the kept counts are forgotten and counted again. */
const COUNTS_KEPT = 10_000;

interface KeptCount {
  version: number;
  role: string;
  count: number | null;
  /** When the next scheduled one comes out (ms since the epoch): the count is stale from then. */
  until: number;
}

export class AnnouncementService {
  private readonly repository: AnnouncementRepository;
  private readonly deps: AnnouncementDeps;
  private readonly counts = new Map<string, KeptCount>();
  constructor(repository: AnnouncementRepository, deps: AnnouncementDeps) {
    this.repository = repository;
    this.deps = deps;
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** Whether the person is a member: an administrator, or a `business` account that owns a business. */
  async isMember(viewer: CurrentUser | null): Promise<boolean> {
    if (!viewer) return false;
    if (viewer.role === "admin") return true;
    return viewer.role === "business" && (await this.deps.ownsSomeBusiness(viewer.id));
  }

  private async requireMember(viewer: CurrentUser | null): Promise<CurrentUser> {
    const user = requireUser(viewer);
    if (!(await this.isMember(user))) throw Forbidden(m.notMember);
    return user;
  }

  /** The published ones, pinned first, newest first, each read or not by the member, and how many are unread. */
  async list(viewer: CurrentUser | null, language?: Language): Promise<AnnouncementList> {
    const user = await this.requireMember(viewer);
    const now = this.now().toISOString();
    const rows = await this.localized(await this.repository.list({ publishedBy: now }), language);
    const read = await this.repository.readIds(user.id, rows.map((r) => r.id));
    const items = rows.map((row) => this.view(row, read.has(row.id), now));
    return { items, unread: items.filter((a) => !a.read).length };
  }

  /** The header's count: how many published ones the member has not read; null for someone who is not a member. */
  async unreadCount(viewer: CurrentUser | null): Promise<number | null> {
    if (!viewer) return null;
    // Read before counting: a count made after a write is never kept under the version before it.
    const version = (await this.deps.writeVersion?.()) ?? null;
    const now = this.now();
    const kept = version === null ? undefined : this.counts.get(viewer.id);
    if (kept && kept.version === version && kept.role === viewer.role && now.getTime() < kept.until) return kept.count;
    const count = (await this.isMember(viewer)) ? await this.repository.unreadCount(viewer.id, now.toISOString()) : null;
    if (version !== null) {
      const next = await this.repository.nextPublication(now.toISOString());
      if (this.counts.size >= COUNTS_KEPT) this.counts.clear();
      this.counts.set(viewer.id, { version, role: viewer.role, count, until: next === null ? Infinity : Date.parse(next) });
    }
    return count;
  }

  /** The Announcements tab: every one (drafts, scheduled and archived too), with its body as text cut for the list. */
  async listForAdmin(viewer: CurrentUser | null, query: PaginationQuery): Promise<Paginated<AdminAnnouncement & { bodyPreview: string }>> {
    requireAdmin(viewer, m.mustBeLoggedIn);
    const { items, total } = await this.repository.getPage((query.page - 1) * query.pageSize, query.pageSize, query.sort);
    // With their translations, which the form edits beside the originals.
    const translations = await this.deps.translations?.readMany("announcement", items.map((row) => row.id));
    return {
      items: items.map((row) => {
        const view = { ...this.adminView(row), ...(translations ? { translations: sanitizedBodies(translations.get(row.id) ?? {}) } : {}) };
        return { ...view, bodyPreview: truncate(contentText(view.body, "html"), TRUNCATE.postList) };
      }),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /** One announcement; members see only published ones (others are "not found" to them). */
  async get(viewer: CurrentUser | null, id: string, language?: Language): Promise<Announcement | AdminAnnouncement> {
    const user = await this.requireMember(viewer);
    const now = this.now().toISOString();
    const stored = await this.repository.get(id);
    if (!stored) throw NotFound(m.notFound);
    const [row] = await this.localized([stored], language);
    if (!row) throw NotFound(m.notFound);
    if (user.role !== "admin" && status(row, now) !== "published") throw NotFound(m.notFound);
    const read = await this.repository.readIds(user.id, [id]);
    const attachments = (await this.deps.attachments?.list(user, id)) ?? [];
    const view = { ...this.view(row, read.has(id), now), attachments };
    return user.role === "admin" ? { ...view, imagePath: row.imagePath, editorUid: row.editorUid } : view;
  }

  /** The announcements as a page in `language` shows them (the translations, else the originals, named in `lang`). */
  private async localized<T extends StoredAnnouncement>(rows: T[], language: Language | undefined): Promise<Array<T & { lang?: FallbackLanguages }>> {
    if (!language || !this.deps.translations) return rows;
    return this.deps.translations.localizeAll("announcement", rows, ["title", "body"], language);
  }

  /** An announcement's title and body in `language` (each translation, else the original): its mail to a member who reads that language. */
  async textsIn(row: StoredAnnouncement, language: Language): Promise<{ title: string; body: string }> {
    const [shown] = await this.localized([row], language);
    return { title: shown!.title, body: shown!.body };
  }

  /** Marks a published announcement read by the member. */
  async markRead(viewer: CurrentUser | null, id: string): Promise<void> {
    const user = await this.requireMember(viewer);
    const row = await this.repository.get(id);
    if (!row || status(row, this.now().toISOString()) !== "published") throw NotFound(m.notFound);
    await this.repository.markRead(id, user.id);
  }

  async create(viewer: CurrentUser | null, input: AnnouncementInput): Promise<AdminAnnouncement> {
    const admin = requireAdmin(viewer, m.mustBeLoggedIn);
    const values = this.validate(input);
    const translations = await this.translationsOf(input);
    await this.checkImageNotInUse(values.imagePath, null);
    await this.checkAttachments(admin, values.attachments);
    const image = await changeImage(this.deps.files, { user: admin, kind: "postImage", wanted: values.imagePath, current: { path: null, url: null } });
    const saved = await saveWithImage(image, () => this.repository.create(newId(), { ...values.fields, imageUrl: image.url, imagePath: image.path, editorUid: admin.id }));
    await this.deps.audit.record(admin, { action: "create", entityType: "announcement", entityId: saved.id, summary: saved.title });
    if (values.attachments.length > 0) await this.deps.attachments?.add(admin, saved.id, values.attachments);
    return this.saved(saved, translations);
  }

  async update(viewer: CurrentUser | null, id: string, input: AnnouncementInput): Promise<AdminAnnouncement> {
    const admin = requireAdmin(viewer, m.mustBeLoggedIn);
    const values = this.validate(input);
    const translations = await this.translationsOf(input);
    const existing = await this.repository.get(id);
    if (!existing) throw NotFound(m.notFound);
    await this.checkImageNotInUse(values.imagePath, existing.imagePath);
    await this.checkAttachments(admin, values.attachments);
    const image = await changeImage(this.deps.files, { user: admin, kind: "postImage", wanted: values.imagePath, current: { path: existing.imagePath, url: existing.imageUrl } });
    const saved = await saveWithImage(image, async () => {
      const row = await this.repository.update(id, { ...values.fields, imageUrl: image.url, imagePath: image.path, editorUid: admin.id });
      if (!row) throw NotFound(m.notFound);
      return row;
    });
    await this.deps.audit.record(admin, { action: "update", entityType: "announcement", entityId: id, summary: saved.title });
    if (values.attachments.length > 0) await this.deps.attachments?.add(admin, id, values.attachments);
    return this.saved(saved, translations);
  }

  async delete(viewer: CurrentUser | null, id: string): Promise<void> {
    const admin = requireAdmin(viewer, m.mustBeLoggedIn);
    const existing = await this.repository.get(id);
    if (!existing || !(await this.repository.delete(id))) throw NotFound(m.notFound);
    await this.deps.files.deleteForEntity(existing.imagePath);
    await this.deps.attachments?.deleteAll(id);
    await this.deps.audit.record(admin, { action: "delete", entityType: "announcement", entityId: id, summary: existing.title });
  }

  /** The translations sent with an announcement, checked (languages too) before anything is saved, the body sanitized. */
  private async translationsOf(input: AnnouncementInput) {
    if (!this.deps.translations) return undefined;
    const translations = translationsFrom(AnnouncementTranslationsInputSchema, (input as { translations?: unknown }).translations, m.required, { body: (html) => bodyOrNull(sanitizeHtml(html)) });
    await this.deps.translations.check(translations);
    return translations;
  }

  /** Its translations saved before its mail is asked for, so the mail reads them; answered with them. */
  private async saved(saved: StoredAnnouncement, translations: Awaited<ReturnType<AnnouncementService["translationsOf"]>>): Promise<AdminAnnouncement> {
    const { translations: service } = this.deps;
    if (service) await service.write("announcement", saved.id, translations, TRANSLATABLE.announcement);
    await this.afterSave(saved);
    return { ...this.adminView(saved), ...(service ? { translations: sanitizedBodies(await service.read("announcement", saved.id)) } : {}) };
  }

  /** Published now and not mailed yet: the mail job goes at once rather than at its next minute. */
  private async afterSave(saved: StoredAnnouncement): Promise<void> {
    if (!saved.mailedAt && status(saved, this.now().toISOString()) === "published") await this.deps.publicationMail();
  }

  private view(row: StoredAnnouncement & { lang?: FallbackLanguages }, read: boolean, now: string): Announcement {
    return {
      ...(row.lang ? { lang: row.lang } : {}),
      id: row.id,
      title: row.title,
      // Sanitized again on the way out, so a row written by any other path is still harmless.
      body: sanitizeHtml(row.body),
      imageUrl: row.imageUrl,
      pinned: row.pinned,
      publishAt: row.publishAt,
      archived: row.archived,
      status: status(row, now),
      read,
      createdAt: row.createdAt,
      lastUpdatedAt: row.lastUpdatedAt,
    };
  }

  private adminView(row: StoredAnnouncement): AdminAnnouncement {
    return { ...this.view(row, false, this.now().toISOString()), imagePath: row.imagePath, editorUid: row.editorUid };
  }

  /** Every file to attach is a fresh library upload of this administrator's, checked before anything is saved. */
  private async checkAttachments(admin: CurrentUser, files: ReadonlyArray<{ path: string }>): Promise<void> {
    for (const { path } of files) {
      if (!(await this.deps.files.isAttachable({ user: admin, kind: "document", fullPath: path }))) throw Validation(documentMessages.fileNotUpload, { attachments: documentMessages.fileNotUpload });
      if (await this.deps.files.isInUse(path)) throw Validation(documentMessages.fileInUse, { attachments: documentMessages.fileInUse });
    }
  }

  private async checkImageNotInUse(wanted: string | null, current: string | null): Promise<void> {
    if (!wanted || wanted === current) return;
    if (await this.deps.files.isInUse(wanted)) throw Validation(m.imageInUse, { imagePath: m.imageInUse });
  }

  /** The form's rules, each message beside its field; the body is sanitized, and one the sanitizer empties is none. */
  private validate(input: AnnouncementInput) {
    const parsed = AnnouncementInputSchema.safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error.issues, m.required);
    const { imagePath, attachments, ...rest } = parsed.data;
    const body = sanitizeHtml(rest.body);
    if (!bodyOrNull(body)) throw Validation(m.bodyRequired, { body: m.bodyRequired });
    return { imagePath, attachments: attachments ?? [], fields: { ...rest, body } };
  }
}

/** Translations with each body sanitized again on the way out, as the original's is. */
function sanitizedBodies(translations: Translations): Translations {
  return Object.fromEntries(Object.entries(translations).map(([language, fields]) => [language, fields.body === undefined ? fields : { ...fields, body: sanitizeHtml(fields.body) }]));
}

/** A body that was nothing but what the sanitizer removes is no body. */
function bodyOrNull(html: string): string | null {
  return contentText(html, "html") || /<img\b/i.test(html) ? html : null;
}

/** Where an announcement stands at `now` (an ISO instant). */
export function status(row: Pick<StoredAnnouncement, "publishAt" | "archived">, now: string): AnnouncementStatus {
  if (row.archived) return "archived";
  if (row.publishAt === null) return "draft";
  return row.publishAt <= now ? "published" : "scheduled";
}
