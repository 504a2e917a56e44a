// CMS pages: administrators write them; visitors read them as their permission allows.
import { requireRole, type CurrentUser } from "#server/auth/session.ts";
import { newId } from "#server/db/ids.ts";
import { Conflict, Forbidden, NotFound, Unauthorized, Validation } from "#server/errors.ts";
import { fieldErrors } from "#shared/field-errors.ts";
import { TRUNCATE, type PagePermission } from "#shared/constants.ts";
import { slugify, truncate } from "#shared/format.ts";
import { messages } from "#shared/messages.ts";
import { PageInputSchema, PageTranslationsInputSchema, type Page, type PageContentFormat, type PageInput, type PageSummary, type RenderedPage } from "#shared/schemas/page.ts";
import type { Language } from "#shared/i18n/languages.ts";
import type { FallbackLanguages } from "#shared/schemas/translations.ts";
import type { AuditRecorder } from "#server/features/audit/index.ts";
import { translationsFrom, type TranslationService, type TranslationsInput } from "#server/features/translation/index.ts";
import type { Paginated, PaginationQuery } from "#shared/schemas/pagination.ts";
import { AuditedService } from "#server/features/audit/index.ts";
import { contentText, prepareContentForStorage, renderContent } from "./page-content.ts";
import type { PageRepository, PageWrite } from "./page.repository.ts";

/** Who may read a page of each permission (spec section 6, enforced here rather than only shown). */
export function mayView(permission: PagePermission, viewer: Pick<CurrentUser, "role"> | null): boolean {
  switch (permission) {
    case "public":
      return true;
    case "user":
      return viewer !== null;
    case "business":
      return viewer?.role === "business" || viewer?.role === "admin";
    case "admin":
      return viewer?.role === "admin";
  }
}

function toWrite(input: PageInput): PageWrite {
  const parsed = PageInputSchema.safeParse(input);
  if (!parsed.success) {
    throw Validation(messages.pages.required, fieldErrors(parsed.error.issues));
  }
  const { name, permission, contentFormat, content } = parsed.data;
  const slug = slugify(name);
  if (!slug) throw Validation(messages.pages.nameNeedsLetters, { name: messages.pages.nameNeedsLetters });
  return { name, slug, permission, contentFormat, content: prepareContentForStorage(content, contentFormat) };
}

/** How much of a page's text describes it to search engines and link previews. */
const PAGE_SUMMARY_LENGTH = 160;

function render(page: Page & { lang?: FallbackLanguages }): RenderedPage {
  return {
    ...(page.lang ? { lang: page.lang } : {}),
    name: page.name,
    slug: page.slug,
    permission: page.permission,
    html: renderContent(page.content, page.contentFormat),
    summary: truncate(contentText(page.content, page.contentFormat), PAGE_SUMMARY_LENGTH),
    lastUpdatedAt: page.lastUpdatedAt,
  };
}

export class PageService extends AuditedService<PageRepository> {
  private readonly translations: TranslationService | undefined;
  constructor(repository: PageRepository, audit: AuditRecorder, translations?: TranslationService) {
    super(repository, audit);
    this.translations = translations;
  }

  /** The page as one in `language` shows it (its translations, else the originals, named in `lang`). */
  private async localized(page: Page, language: Language | undefined): Promise<Page & { lang?: FallbackLanguages }> {
    if (!language || !this.translations) return page;
    const [shown] = await this.translations.localizeAll("page", [page], ["name", "content"], language);
    return shown!;
  }

  /** The translations a client sent with a page, checked as the originals are, the content kept as the page's format keeps it. */
  translationsInput(raw: unknown, format: PageContentFormat = "html"): TranslationsInput {
    return translationsFrom(PageTranslationsInputSchema, raw, messages.pages.required, { content: (content) => prepareContentForStorage(content, format) || null });
  }

  async list(viewer: CurrentUser | null, query: PaginationQuery): Promise<Paginated<PageSummary>> {
    requireRole(viewer, "admin");
    const { items, total } = await this.repository.getPage((query.page - 1) * query.pageSize, query.pageSize, query.sort);
    return {
      items: items.map(({ content, ...page }) => ({
        ...page,
        preview: truncate(contentText(content, page.contentFormat), TRUNCATE.pagePreview),
      })),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async get(viewer: CurrentUser | null, id: string): Promise<Page> {
    requireRole(viewer, "admin");
    const page = await this.repository.get(id);
    if (!page) throw NotFound(messages.pages.notFound);
    // With its translations, which the form edits beside the originals.
    return this.translations ? { ...page, translations: await this.translations.read("page", id) } : page;
  }

  async create(viewer: CurrentUser | null, input: PageInput): Promise<Page> {
    const admin = requireRole(viewer, "admin");
    const values = toWrite(input);
    const page = await this.repository.create(newId(), values);
    if (page === "slug_taken") throw Conflict(messages.pages.slugTaken(values.slug), { name: messages.pages.slugTaken(values.slug) });
    await this.audit.record(admin, { action: "create", entityType: "page", entityId: page.id, summary: page.name });
    return page;
  }

  /** Saves the page; its address follows its name. */
  async update(viewer: CurrentUser | null, id: string, input: PageInput): Promise<Page> {
    const admin = requireRole(viewer, "admin");
    const values = toWrite(input);
    const page = await this.repository.update(id, values);
    if (page === "slug_taken") throw Conflict(messages.pages.slugTaken(values.slug), { name: messages.pages.slugTaken(values.slug) });
    if (!page) throw NotFound(messages.pages.notFound);
    await this.audit.record(admin, { action: "update", entityType: "page", entityId: id, summary: page.name });
    return page;
  }

  delete(viewer: CurrentUser | null, id: string): Promise<void> {
    return this.deleteNamed(viewer, "page", id, messages.pages.notFound);
  }

  /**
   * The page at /pages/<slug>, rendered safe. Unknown slug: 404. Not signed in and the page is not
   * public: 401. Signed in without the role the page asks for: 403.
   */
  async view(viewer: CurrentUser | null, slug: string, language?: Language): Promise<RenderedPage> {
    const page = await this.repository.getBySlug(slug);
    if (!page) throw NotFound(messages.pages.notFound);
    if (!mayView(page.permission, viewer)) {
      throw viewer ? Forbidden(messages.pages.notAllowed) : Unauthorized(messages.pages.signInToView);
    }
    return render(await this.localized(page, language));
  }

  /** The addresses and last changes of the pages anyone may read (the sitemap's). */
  publicPages(): Promise<Array<Pick<Page, "slug" | "lastUpdatedAt">>> {
    return this.repository.getPublic();
  }

  /** The page with this slug if there is one and the viewer may read it; heading-only routes show it below their heading. */
  async findVisible(viewer: CurrentUser | null, slug: string, language?: Language): Promise<RenderedPage | null> {
    const page = await this.repository.getBySlug(slug);
    return page && mayView(page.permission, viewer) ? render(await this.localized(page, language)) : null;
  }
}
