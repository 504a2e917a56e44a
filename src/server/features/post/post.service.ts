import { requireAdmin, type CurrentUser } from "#server/auth/session.ts";
import { newId } from "#server/db/ids.ts";
import { NotFound, Validation } from "#server/errors.ts";
import { changeImage, saveWithImage } from "#server/storage/entity-image.ts";
import type { FileService } from "#server/storage/file.service.ts";
import { invalidInput } from "#server/validation.ts";
import { TRUNCATE } from "#shared/constants.ts";
import { truncate } from "#shared/format.ts";
import { messages } from "#shared/messages.ts";
import type { Paginated, PaginationQuery } from "#shared/schemas/pagination.ts";
import { PostInputSchema, PostTranslationsInputSchema, type AdminPost, type Post, type PostAuthor, type PostInput } from "#shared/schemas/post.ts";
import type { Language } from "#shared/i18n/languages.ts";
import type { Translations } from "#shared/schemas/translations.ts";
import { translationsFrom, type TranslationService, type TranslationsInput } from "#server/features/translation/index.ts";
import type { AuditRecorder } from "#server/features/audit/index.ts";
import { postText, sanitizePostContent } from "./post-content.ts";
import type { PostRepository, StoredPost } from "./post.repository.ts";

type StoredPostText = { id: string; title: string; content: string };

/** Content that was nothing but what the sanitizer removes is no content. */
function contentOrNull(html: string): string | null {
  return postText(html) || /<img\b/i.test(html) ? html : null;
}

export interface PostWriteDeps {
  audit: AuditRecorder;
  files: FileService;
}

export class PostService {
  private readonly repository: PostRepository;
  private readonly deps: PostWriteDeps | undefined;
  private readonly translations: TranslationService | undefined;
  constructor(repository: PostRepository, deps?: PostWriteDeps, translations?: TranslationService) {
    this.repository = repository;
    this.deps = deps;
    this.translations = translations;
  }

  /** The posts as a page in `language` shows them (the translations, else the originals, named in `lang`). */
  private async localized<T extends StoredPostText>(posts: T[], language: Language | undefined): Promise<T[]> {
    if (!language || !this.translations) return posts;
    return this.translations.localizeAll("post", posts, ["title", "content"], language);
  }

  /** Posts with their translations, each translated content sanitized again on the way out as the originals are. */
  async withTranslations<T extends { id: string }>(posts: T[]): Promise<Array<T & { translations?: Translations }>> {
    if (!this.translations) return posts;
    return (await this.translations.withAll("post", posts)).map((post) => ({
      ...post,
      translations: Object.fromEntries(
        Object.entries(post.translations).map(([language, fields]) => [language, fields.content === undefined ? fields : { ...fields, content: sanitizePostContent(fields.content) }]),
      ),
    }));
  }

  /** The translations a client sent with a post, checked as the originals are, the content sanitized. */
  translationsInput(raw: unknown): TranslationsInput {
    return translationsFrom(PostTranslationsInputSchema, raw, messages.adminPosts.required, { content: (html) => contentOrNull(sanitizePostContent(html)) });
  }

  private get writes(): PostWriteDeps {
    if (!this.deps) throw new Error("PostService was built without what writes need");
    return this.deps;
  }

  /** Newest first; the content is sanitized again on the way out. */
  async list({ limit, language }: { limit?: number; language?: Language } = {}): Promise<Post[]> {
    const posts = await this.localized(await this.repository.getAll(limit), language);
    return posts.map((post) => ({ ...post, content: sanitizePostContent(post.content) }));
  }

  /** Newest first, each post's content as plain text cut to `max` characters (the home page's cards). */
  async listAsText({ limit, max, language }: { limit?: number; max: number; language?: Language }): Promise<Post[]> {
    const posts = await this.localized(await this.repository.getAll(limit), language);
    return posts.map((post) => ({ ...post, content: truncate(postText(post.content), max) }));
  }

  /** /news: a page of posts, newest first, each with its content as plain text cut to `max` characters. */
  async page({ page, pageSize, max, language }: { page: number; pageSize: number; max: number; language?: Language }): Promise<Paginated<Post>> {
    const found = await this.repository.getPublicPage((page - 1) * pageSize, pageSize);
    const items = await this.localized(found.items, language);
    const { total } = found;
    return { items: items.map((post) => ({ ...post, content: truncate(postText(post.content), max) })), total, page, pageSize };
  }

  /** Posts with their content as plain text cut to `max` characters. */
  asText(posts: Post[], max: number): Post[] {
    return posts.map((post) => ({ ...post, content: truncate(postText(post.content), max) }));
  }

  /** One post with its sanitized content, or undefined. */
  async find(id: string, language?: Language): Promise<Post | undefined> {
    const stored = await this.repository.get(id);
    const [post] = stored ? await this.localized([stored], language) : [];
    return post && { ...post, content: sanitizePostContent(post.content) };
  }

  async listForAdmin(viewer: CurrentUser | null, query: PaginationQuery): Promise<Paginated<AdminPost>> {
    requireAdmin(viewer, messages.adminPosts.mustBeLoggedIn);
    const found = await this.repository.getPage((query.page - 1) * query.pageSize, query.pageSize, query.sort);
    const { total } = found;
    // With their translations, which the form edits beside the originals.
    const items = await this.withTranslations(found.items);
    return {
      items: items.map((post) => {
        const content = sanitizePostContent(post.content);
        return { ...post, content, contentPreview: truncate(postText(content), TRUNCATE.postList) };
      }),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async authors(viewer: CurrentUser | null): Promise<PostAuthor[]> {
    requireAdmin(viewer, messages.adminPosts.mustBeLoggedIn);
    return this.repository.getAuthors();
  }

  async create(viewer: CurrentUser | null, input: PostInput): Promise<StoredPost> {
    const admin = requireAdmin(viewer, messages.adminPosts.mustBeLoggedIn);
    const values = await this.validate(input);
    await this.checkImageNotInUse(values.imagePath, null);
    const image = await changeImage(this.writes.files, { user: admin, kind: "postImage", wanted: values.imagePath, current: { path: null, url: null } });
    const post = await saveWithImage(image, () =>
      this.repository.create(newId(), { ...values.fields, imageUrl: image.url, imagePath: image.path, editorUid: admin.id }),
    );
    await this.writes.audit.record(admin, { action: "create", entityType: "post", entityId: post.id, summary: post.title });
    return post;
  }

  async update(viewer: CurrentUser | null, id: string, input: PostInput): Promise<StoredPost> {
    const admin = requireAdmin(viewer, messages.adminPosts.mustBeLoggedIn);
    const values = await this.validate(input);
    const existing = await this.repository.getStored(id);
    if (!existing) throw NotFound(messages.adminPosts.notFound);
    await this.checkImageNotInUse(values.imagePath, existing.imagePath);
    const image = await changeImage(this.writes.files, {
      user: admin,
      kind: "postImage",
      wanted: values.imagePath,
      current: { path: existing.imagePath, url: existing.imageUrl },
    });
    const post = await saveWithImage(image, async () => {
      const saved = await this.repository.update(id, { ...values.fields, imageUrl: image.url, imagePath: image.path, editorUid: admin.id });
      if (!saved) throw NotFound(messages.adminPosts.notFound);
      return saved;
    });
    await this.writes.audit.record(admin, { action: "update", entityType: "post", entityId: id, summary: post.title });
    return post;
  }

  /** Deletes the post and its image. */
  async delete(viewer: CurrentUser | null, id: string): Promise<void> {
    const admin = requireAdmin(viewer, messages.adminPosts.mustBeLoggedIn);
    const existing = await this.repository.getStored(id);
    if (!existing || !(await this.repository.delete(id))) throw NotFound(messages.adminPosts.notFound);
    await this.writes.files.deleteForEntity(existing.imagePath);
    await this.writes.audit.record(admin, { action: "delete", entityType: "post", entityId: id, summary: existing.title });
  }

  /**
   * Refuses, beside the image field and before anything is attached, an image already attached to something else
   * (another post, an event, a business, the site settings): sharing one file, replacing or deleting it for one would
   * break the other. The post's `current` image is its own.
   */
  private async checkImageNotInUse(wanted: string | null | undefined, current: string | null): Promise<void> {
    if (!wanted || wanted === current) return;
    if (await this.writes.files.isInUse(wanted)) throw Validation(messages.adminPosts.imageInUse, { imagePath: messages.adminPosts.imageInUse });
  }

  /** The form's rules; the author must be a user, whose display name is stored with the post; content is sanitized. */
  private async validate(input: PostInput) {
    const parsed = PostInputSchema.safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error.issues, messages.adminPosts.required);
    const { imagePath, authorUid, ...rest } = parsed.data;
    const content = sanitizePostContent(rest.content);
    // Content that was nothing but what the sanitizer removes is no content.
    if (!contentOrNull(content)) throw Validation(messages.adminPosts.required, { content: messages.adminPosts.required });
    const author = await this.repository.getAuthor(authorUid);
    if (!author) throw Validation(messages.adminPosts.unknownAuthor, { authorUid: messages.adminPosts.unknownAuthor });
    return { imagePath, fields: { ...rest, content, authorUid: author.id, authorDisplayName: author.displayName } };
  }
}
