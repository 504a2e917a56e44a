// The spec's heading-only pages (/deals, /history and the member pages). /history and /myqsa/* also show the
// CMS page whose slug is their last path segment, when the visitor may read it (/news does too: routes/news.tsx).
import { data } from "react-router";
import type { TFunction } from "i18next";
import type { Route } from "./+types/heading-page";
import { getApp } from "../lib/app-context.ts";
import { HEADING_PAGES } from "../lib/heading-pages.ts";
import { pageTitle } from "../lib/meta.ts";
import { metaText, pageMeta } from "../features/seo/index.ts";
import { usePublicText } from "../lib/public-text.ts";
import { cookieLanguage, languageSettingsOf, pageLanguage, unprefixed } from "#shared/i18n/index.ts";
import { RichContent } from "../features/page/rich-content.tsx";
import { SCRIPTS_AFTER_PAINT } from "../lib/page-handle.ts";

function cmsSlug(pathname: string): string | null {
  if (pathname === "/history" || pathname.startsWith("/myqsa/")) return pathname.slice(pathname.lastIndexOf("/") + 1);
  return null;
}

export const handle = SCRIPTS_AFTER_PAINT;

export async function loader({ request, context }: Route.LoaderArgs) {
  // The same page in each language: /fr/history is /history.
  const pathname = unprefixed(new URL(request.url).pathname.replace(/\/$/, ""));
  const heading = HEADING_PAGES[pathname];
  if (!heading) throw data(null, { status: 404 });
  const slug = cmsSlug(pathname);
  const { services, user } = getApp(context);
  const settings = await services.siteSettings.get();
  // The CMS page in the page's language where it is translated (a member page's: the person's choice).
  const language = pageLanguage(new URL(request.url).pathname, languageSettingsOf(settings), user?.language ?? cookieLanguage(request.headers.get("cookie")));
  const [page, site] = await Promise.all([slug ? services.pages.findVisible(user, slug, language) : null, services.siteSettings.localized(language)]);
  return { heading, html: page?.html ?? null, htmlLang: page?.lang?.content, path: pathname, summary: page?.summary ?? null, associationName: site.associationName };
}

/** The page's heading in the page's language (the spec's English one in HEADING_PAGES). */
const headingIn = (t: TFunction<"public">, { path, heading }: { path: string; heading: string }) => t(`headingPages.${path.slice(1)}`, { defaultValue: heading });

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return pageTitle(matches);
  const { t } = metaText(matches);
  const heading = headingIn(t, loaderData);
  return pageMeta(matches, { title: heading, description: loaderData.summary || t("meta.headingPage", { heading, name: loaderData.associationName }), path: loaderData.path });
};

export default function HeadingPage({ loaderData }: Route.ComponentProps) {
  const { t } = usePublicText();
  return (
    <>
      <h1 className="page-heading">{headingIn(t, loaderData)}</h1>
      {loaderData.html && <RichContent html={loaderData.html} lang={loaderData.htmlLang} className="mt-2" />}
    </>
  );
}
