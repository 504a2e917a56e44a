import type { Route } from "./+types/category";
import { paths } from "../lib/paths.ts";
import { messages } from "#shared/messages.ts";
import { BusinessListPage } from "../features/directory/business-list-page.tsx";
import { businessListMeta, loadBusinessList } from "../features/directory/business-list-route.ts";
import { SCRIPTS_AFTER_PAINT } from "../lib/page-handle.ts";

export const handle = SCRIPTS_AFTER_PAINT;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadBusinessList(context, request, params.categorySlug, {
    what: "category",
    noSlug: messages.tagPage.noCategory,
    notFound: messages.tagPage.categoryNotFound,
    find: async (services, slug) => {
      const category = await services.categories.findBySlug(slug);
      return category && { name: category.name, businesses: () => services.businesses.list({ categoryId: category.id }) };
    },
  });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  businessListMeta(matches, loaderData, { title: "Category", among: (name) => `in ${name}`, path: paths.category });

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  return <BusinessListPage kind="Category" page={loaderData.page} origin={loaderData.origin} empty="No businesses are in this category yet." />;
}
