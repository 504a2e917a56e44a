// The spec's heading-only pages (/deals, /history and the member pages). /history and /myqsa/* also show the
// CMS page whose slug is their last path segment, when the visitor may read it (/news does too: routes/news.tsx).
import { data } from "react-router";
import type { Route } from "./+types/heading-page";
import { getApp } from "../lib/app-context.ts";
import { HEADING_PAGES } from "../lib/heading-pages.ts";
import { pageTitle } from "../lib/meta.ts";
import { pageMeta } from "../features/seo/index.ts";
import { RichContent } from "../features/page/rich-content.tsx";
import { SCRIPTS_AFTER_PAINT } from "../lib/page-handle.ts";

function cmsSlug(pathname: string): string | null {
  if (pathname === "/history" || pathname.startsWith("/myqsa/")) return pathname.slice(pathname.lastIndexOf("/") + 1);
  return null;
}

export const handle = SCRIPTS_AFTER_PAINT;

export async function loader({ request, context }: Route.LoaderArgs) {
  const pathname = new URL(request.url).pathname.replace(/\/$/, "");
  const heading = HEADING_PAGES[pathname];
  if (!heading) throw data(null, { status: 404 });
  const slug = cmsSlug(pathname);
  const { services, user } = getApp(context);
  const [page, site] = await Promise.all([slug ? services.pages.findVisible(user, slug) : null, services.siteSettings.get()]);
  return { heading, html: page?.html ?? null, path: pathname, description: page?.summary || `${heading}, from ${site.associationName}.` };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData ? pageMeta(matches, { title: loaderData.heading, description: loaderData.description, path: loaderData.path }) : pageTitle(matches);

export default function HeadingPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="page-heading">{loaderData.heading}</h1>
      {loaderData.html && <RichContent html={loaderData.html} className="mt-2" />}
    </>
  );
}
