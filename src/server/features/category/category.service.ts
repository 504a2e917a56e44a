import {
  CategoryInputSchema,
  PlainCategoryInputSchema,
  type Category,
  type CategoryInput,
  type CategoryWriteValues,
  type PlainCategory,
  type PlainCategoryInput,
} from "#shared/schemas/category.ts";
import { fieldErrors } from "#shared/field-errors.ts";
import { findBySlug } from "#shared/format.ts";
import { messages } from "#shared/messages.ts";
import { requireRole, type CurrentUser } from "#server/auth/session.ts";
import { newId } from "#server/db/ids.ts";
import { Conflict, NotFound, Validation } from "#server/errors.ts";
import { AuditedService, renamed } from "#server/features/audit/index.ts";
import type { CategoryRepository } from "./category.repository.ts";


function toPlain(category: Category): PlainCategory {
  return { id: category.id, name: category.name, description: category.description, hex_color: category.color };
}

export class CategoryService extends AuditedService<CategoryRepository> {

  list(): Promise<Category[]> {
    return this.repository.getAll();
  }

  /** The category a /category/<slug> address names, if any. */
  async findBySlug(slug: string): Promise<Category | undefined> {
    return findBySlug(await this.repository.getAll(), slug);
  }

  async create(viewer: CurrentUser | null, input: CategoryInput): Promise<Category> {
    const admin = requireRole(viewer, "admin");
    const parsed = CategoryInputSchema.safeParse(input);
    if (!parsed.success) throw Validation(parsed.error.issues[0]?.message ?? messages.categories.nameRequired, fieldErrors(parsed.error.issues));
    return this.insert(admin, parsed.data);
  }

  async update(viewer: CurrentUser | null, id: string, input: CategoryInput): Promise<Category> {
    const admin = requireRole(viewer, "admin");
    const parsed = CategoryInputSchema.safeParse(input);
    if (!parsed.success) throw Validation(parsed.error.issues[0]?.message ?? messages.categories.nameRequired, fieldErrors(parsed.error.issues));
    const before = await this.repository.get(id);
    if (!before) throw NotFound(messages.categories.notFound);
    const category = await this.repository.update(id, parsed.data);
    if (category === "name_taken") throw duplicate(parsed.data.name);
    if (!category) throw NotFound(messages.categories.notFound);
    await this.audit.record(admin, { action: "update", entityType: "category", entityId: id, summary: renamed(before, category) });
    return category;
  }

  /** Deletes the category; its businesses are kept, without a category. */
  delete(viewer: CurrentUser | null, id: string): Promise<void> {
    return this.deleteNamed(viewer, "category", id, messages.categories.notFound);
  }

  /** The spec's plain GET /api/getCategories: id, name, description, hex_color. */
  async listPlain(): Promise<PlainCategory[]> {
    return (await this.repository.getAll()).map(toPlain);
  }

  /** The spec's plain POST /api/addCategory: every field required ("Please fill in all fields."). */
  async createPlain(viewer: CurrentUser | null, input: PlainCategoryInput): Promise<PlainCategory> {
    const admin = requireRole(viewer, "admin");
    const parsed = PlainCategoryInputSchema.safeParse(input);
    if (!parsed.success) throw Validation(parsed.error.issues[0]?.message ?? messages.categories.fillAllFields, fieldErrors(parsed.error.issues));
    const { name, description, hex_color } = parsed.data;
    return toPlain(await this.insert(admin, { name, description, color: hex_color.toLowerCase() }));
  }

  private async insert(admin: CurrentUser, values: CategoryWriteValues): Promise<Category> {
    const category = await this.repository.create(newId(), values);
    if (category === "name_taken") throw duplicate(values.name);
    await this.audit.record(admin, { action: "create", entityType: "category", entityId: category.id, summary: category.name });
    return category;
  }
}

function duplicate(name: string) {
  const message = messages.categories.duplicate(name);
  return Conflict(message, { name: message });
}
