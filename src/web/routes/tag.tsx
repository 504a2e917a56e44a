import type { Route } from "./+types/tag";
import { paths } from "../lib/paths.ts";
import { messages } from "#shared/messages.ts";
import { BusinessListPage } from "../features/directory/business-list-page.tsx";
import { businessListMeta, loadBusinessList } from "../features/directory/business-list-route.ts";
import { SCRIPTS_AFTER_PAINT } from "../lib/page-handle.ts";

export const handle = SCRIPTS_AFTER_PAINT;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadBusinessList(context, request, params.tagSlug, {
    what: "tag",
    noSlug: messages.tagPage.noTag,
    notFound: messages.tagPage.tagNotFound,
    find: async (services, slug) => {
      const tag = await services.tags.findBySlug(slug);
      return tag && { name: tag.name, businesses: () => services.businesses.list({ tagId: tag.id }) };
    },
  });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  businessListMeta(matches, loaderData, { title: "Tag", among: (name) => `tagged ${name}`, path: paths.tag });

export default function TagPage({ loaderData }: Route.ComponentProps) {
  return <BusinessListPage kind="Tag" page={loaderData.page} origin={loaderData.origin} empty="No businesses have this tag yet." />;
}
