import { data } from "react-router";
import type { Route } from "./+types/tag";
import { getApp, loadOr } from "../lib/app-context.ts";
import { paths } from "../lib/paths.ts";
import { messages } from "../../shared/messages.ts";
import { slugify, unslugify } from "../../shared/format.ts";
import { BusinessListPage, toListed, type BusinessListState } from "../features/directory/business-list-page.tsx";
import { pageMeta, siteOrigin } from "../features/seo/page-meta.ts";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services } = getApp(context);
  const origin = siteOrigin(request, context);
  const slug = params.tagSlug?.trim() ?? "";
  // The canonical address spells the slug from the stored name.
  const respond = (page: BusinessListState, status = 200) =>
    data({ origin, slug: page.state === "ok" ? slugify(page.name) : slug, page }, { status });

  if (!slug) return respond({ state: "message", message: messages.tagPage.noTag, alert: false, name: null }, 404);
  let name = unslugify(slug);
  return loadOr(
    context,
    "tag",
    async () => {
      const tag = await services.tags.findBySlug(slug);
      if (!tag) return respond({ state: "message", message: messages.tagPage.tagNotFound(name), alert: false, name: null }, 404);
      name = tag.name;
      const businesses = await services.businesses.list({ tagId: tag.id });
      return respond({ state: "ok", name, businesses: businesses.map(toListed) });
    },
    () => respond({ state: "message", message: messages.tagPage.failed(name, messages.tryAgainLater), alert: true, name }, 503),
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const page = loaderData?.page;
  const ok = page?.state === "ok";
  return pageMeta(matches, {
    title: ok ? page.name : "Tag",
    description: ok
      ? `${page.businesses.length} downtown ${page.businesses.length === 1 ? "business" : "businesses"} tagged ${page.name}${page.businesses.length ? `: ${page.businesses.slice(0, 5).map((b) => b.name).join(", ")}` : ""}.`
      : page?.state === "message" ? page.message : "",
    origin: loaderData?.origin ?? "",
    path: paths.tag(loaderData?.slug ?? ""),
    noindex: !ok,
  });
};

export default function TagPage({ loaderData }: Route.ComponentProps) {
  return <BusinessListPage kind="Tag" page={loaderData.page} origin={loaderData.origin} empty="No businesses have this tag yet." />;
}
