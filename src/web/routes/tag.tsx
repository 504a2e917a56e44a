import type { Route } from "./+types/tag";
import { paths } from "../lib/paths.ts";
import { messages } from "../../shared/messages.ts";
import { BusinessListPage } from "../features/directory/business-list-page.tsx";
import { businessListMeta, loadBusinessList } from "../features/directory/business-list-route.ts";
import type { PageHandle } from "../lib/scripts-after-paint.ts";

/** The page is whole as the server renders it: its scripts wait until it has painted. */
export const handle: PageHandle = { scripts: "after-paint" };

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
