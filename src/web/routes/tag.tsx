import type { Route } from "./+types/tag";
import { BusinessListPage, businessListMeta, TAG_LIST, loadBusinessList } from "../features/directory/index.ts";
import { SCRIPTS_AFTER_PAINT } from "../lib/page-handle.ts";

export const handle = SCRIPTS_AFTER_PAINT;

export const loader = ({ context, request, params }: Route.LoaderArgs) => loadBusinessList(context, request, params.tagSlug, TAG_LIST.source);

export const meta: Route.MetaFunction = ({ matches, loaderData }) => businessListMeta(matches, loaderData, TAG_LIST);

export default function TagPage({ loaderData }: Route.ComponentProps) {
  return <BusinessListPage kind={TAG_LIST.kind} page={loaderData.page} origin={loaderData.origin} empty={TAG_LIST.empty} path={TAG_LIST.meta.path(loaderData.slug)} />;
}
