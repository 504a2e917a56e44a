// The two lists of businesses a page shows: those in a category and those with a tag. Each says how to find its
// businesses, what its page is called and says, and where it lives.
import { messages } from "#shared/messages.ts";
import { paths } from "#web/lib/paths.ts";
import type { BusinessListSource } from "./business-list-route.ts";

export interface BusinessList {
  source: BusinessListSource;
  meta: { path: (slug: string) => string };
  kind: "Category" | "Tag";
  empty: string;
}

export const CATEGORY_LIST: BusinessList = {
  source: {
    what: "category",
    noSlug: messages.tagPage.noCategory,
    notFound: messages.tagPage.categoryNotFound,
    find: async (services, slug) => {
      const category = await services.categories.findBySlug(slug);
      return category && { id: category.id, name: category.name, description: category.description, businesses: () => services.businesses.list({ categoryId: category.id }) };
    },
  },
  meta: { path: paths.category },
  kind: "Category",
  empty: "No businesses are in this category yet.",
};

export const TAG_LIST: BusinessList = {
  source: {
    what: "tag",
    noSlug: messages.tagPage.noTag,
    notFound: messages.tagPage.tagNotFound,
    find: async (services, slug) => {
      const tag = await services.tags.findBySlug(slug);
      return tag && { id: tag.id, name: tag.name, description: null, businesses: () => services.businesses.list({ tagId: tag.id }) };
    },
  },
  meta: { path: paths.tag },
  kind: "Tag",
  empty: "No businesses have this tag yet.",
};
