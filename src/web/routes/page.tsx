// A CMS page at /pages/<slug>, shown only to visitors its permission allows.
import { data, isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/page";
import { getApp } from "../lib/app-context.ts";
import { pageTitle } from "../lib/meta.ts";
import { paths } from "../lib/paths.ts";
import { RichContent } from "../features/page/rich-content.tsx";
import { pageMeta, siteOrigin } from "../features/seo/page-meta.ts";
import { metaText } from "../features/seo/meta-text.ts";
import { RouteError } from "../components/layout/route-error.tsx";
import { SCRIPTS_AFTER_PAINT } from "../lib/page-handle.ts";
import { usePublicText } from "../lib/public-text.ts";
import { languageSettingsOf, pageLanguage } from "#shared/i18n/index.ts";

// The built page bundle holds its own copy of AppError, so a service's error is recognised by shape, not instanceof.
function statusOf(error: unknown): number | undefined {
  const status = (error as { name?: unknown; status?: unknown } | null)?.status;
  return (error as { name?: unknown } | null)?.name === "AppError" && typeof status === "number" ? status : undefined;
}

/** Unknown slug: 404. Restricted and not signed in: 401 with a way to log in. Signed in without the role: 403. */

export const handle = SCRIPTS_AFTER_PAINT;

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { services, user } = getApp(context);
  try {
    // In the page's language where it is translated; its title and description take the same texts.
    const language = pageLanguage(new URL(request.url).pathname, languageSettingsOf(await services.siteSettings.get()));
    return { page: await services.pages.view(user, params.slug, language), origin: siteOrigin(request, context) };
  } catch (error) {
    const status = statusOf(error);
    if (status === 401 || status === 403 || status === 404) throw data((error as Error).message, { status });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData ? pageMeta(matches, { title: loaderData.page.name, description: loaderData.page.summary || loaderData.page.name, origin: loaderData.origin, path: paths.page(loaderData.page.slug) }) : pageTitle(matches, metaText(matches).t("meta.page"));

export default function CmsPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <article>
      <h1 lang={page.lang?.name} dir="auto" className="page-heading">
        {page.name}
      </h1>
      <RichContent html={page.html} lang={page.lang?.content} className="mt-2" />
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = usePublicText();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <RouteError error={error} texts={{ signInRequired: t("cmsPage.signInToView"), notAllowed: t("cmsPage.notAllowed"), notFound: t("cmsPage.notFound") }}>
      {status === 401 && (
        <p>
          <Link to={paths.login} className="font-semibold text-brand-700 underline">
            {t("cmsPage.logIn")}
          </Link>
        </p>
      )}
    </RouteError>
  );
}
