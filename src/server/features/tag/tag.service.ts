import { TagInputSchema, type Tag, type TagInput } from "#shared/schemas/tag.ts";
import { findBySlug } from "#shared/format.ts";
import { messages } from "#shared/messages.ts";
import { requireRole, type CurrentUser } from "#server/auth/session.ts";
import { newId } from "#server/db/ids.ts";
import { Conflict, NotFound, Validation } from "#server/errors.ts";
import { AuditedService, renamed } from "#server/features/audit/index.ts";
import type { TagRepository } from "./tag.repository.ts";

function parseName(input: TagInput): string {
  const parsed = TagInputSchema.safeParse(input);
  if (!parsed.success) throw Validation(messages.tags.nameRequired, { name: parsed.error.issues[0]?.message ?? messages.tags.nameRequired });
  return parsed.data.name;
}

function duplicate(name: string) {
  const message = messages.tags.duplicate(name);
  return Conflict(message, { name: message });
}

export class TagService extends AuditedService<TagRepository> {

  list(): Promise<Tag[]> {
    return this.repository.getAll();
  }

  getMany(ids: readonly string[]): Promise<Tag[]> {
    return this.repository.getMany(ids);
  }

  /** The tag a /tag/<slug> address names, if any. */
  async findBySlug(slug: string): Promise<Tag | undefined> {
    return findBySlug(await this.repository.getAll(), slug);
  }

  /** A new tag; a name that exists already, in any case, is refused with 'Tag "<name>" already exists.'. */
  async create(viewer: CurrentUser | null, input: TagInput): Promise<Tag> {
    const admin = requireRole(viewer, "admin");
    const name = parseName(input);
    const tag = await this.repository.create(newId(), name);
    if (tag === "name_taken") throw duplicate(name);
    await this.audit.record(admin, { action: "create", entityType: "tag", entityId: tag.id, summary: tag.name });
    return tag;
  }

  async update(viewer: CurrentUser | null, id: string, input: TagInput): Promise<Tag> {
    const admin = requireRole(viewer, "admin");
    const name = parseName(input);
    const before = await this.repository.get(id);
    if (!before) throw NotFound(messages.tags.notFound);
    const tag = await this.repository.update(id, name);
    if (tag === "name_taken") throw duplicate(name);
    if (!tag) throw NotFound(messages.tags.notFound);
    await this.audit.record(admin, { action: "update", entityType: "tag", entityId: id, summary: renamed(before, tag) });
    return tag;
  }

  delete(viewer: CurrentUser | null, id: string): Promise<void> {
    return this.deleteNamed(viewer, "tag", id, messages.tags.notFound);
  }
}
