import type { Route } from "./+types/category";
import { BusinessListPage, businessListMeta, CATEGORY_LIST, loadBusinessList } from "../features/directory/index.ts";
import { SCRIPTS_AFTER_PAINT } from "../lib/page-handle.ts";

export const handle = SCRIPTS_AFTER_PAINT;

export const loader = ({ context, request, params }: Route.LoaderArgs) => loadBusinessList(context, request, params.categorySlug, CATEGORY_LIST.source);

export const meta: Route.MetaFunction = ({ matches, loaderData }) => businessListMeta(matches, loaderData, CATEGORY_LIST);

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  return <BusinessListPage kind={CATEGORY_LIST.kind} page={loaderData.page} origin={loaderData.origin} empty={CATEGORY_LIST.empty} path={CATEGORY_LIST.meta.path(loaderData.slug)} />;
}
