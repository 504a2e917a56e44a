import { data } from "react-router";
import type { Route } from "./+types/category";
import { getApp, loadOr } from "../lib/app-context.ts";
import { paths } from "../lib/paths.ts";
import { messages } from "../../shared/messages.ts";
import { slugify, unslugify } from "../../shared/format.ts";
import { BusinessListPage, toListed, type BusinessListState } from "../features/directory/business-list-page.tsx";
import { pageMeta, siteOrigin } from "../features/seo/page-meta.ts";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services } = getApp(context);
  const origin = siteOrigin(request, context);
  const slug = params.categorySlug?.trim() ?? "";
  // The canonical address spells the slug from the stored name.
  const respond = (page: BusinessListState, status = 200) =>
    data({ origin, slug: page.state === "ok" ? slugify(page.name) : slug, page }, { status });

  if (!slug) return respond({ state: "message", message: messages.tagPage.noCategory, alert: false, name: null }, 404);
  let name = unslugify(slug);
  return loadOr(
    context,
    "category",
    async () => {
      const category = await services.categories.findBySlug(slug);
      if (!category) return respond({ state: "message", message: messages.tagPage.categoryNotFound(name), alert: false, name: null }, 404);
      name = category.name;
      const businesses = await services.businesses.list({ categoryId: category.id });
      return respond({ state: "ok", name, businesses: businesses.map(toListed) });
    },
    () => respond({ state: "message", message: messages.tagPage.failed(name, messages.tryAgainLater), alert: true, name }, 503),
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const page = loaderData?.page;
  const ok = page?.state === "ok";
  return pageMeta(matches, {
    title: ok ? page.name : "Category",
    description: ok
      ? `${page.businesses.length} downtown ${page.businesses.length === 1 ? "business" : "businesses"} in ${page.name}${page.businesses.length ? `: ${page.businesses.slice(0, 5).map((b) => b.name).join(", ")}` : ""}.`
      : page?.state === "message" ? page.message : "",
    origin: loaderData?.origin ?? "",
    path: paths.category(loaderData?.slug ?? ""),
    noindex: !ok,
  });
};

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  return <BusinessListPage kind="Category" page={loaderData.page} origin={loaderData.origin} empty="No businesses are in this category yet." />;
}
