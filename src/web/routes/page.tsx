// A CMS page at /pages/<slug>, shown only to visitors its permission allows.
import { data, isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/page";
import { getApp } from "../lib/app-context.ts";
import { pageTitle } from "../lib/meta.ts";
import { paths } from "../lib/paths.ts";
import { messages } from "../../shared/messages.ts";
import { RichContent } from "../features/page/rich-content.tsx";

// The built page bundle holds its own copy of AppError, so a service's error is recognised by shape, not instanceof.
function statusOf(error: unknown): number | undefined {
  const status = (error as { name?: unknown; status?: unknown } | null)?.status;
  return (error as { name?: unknown } | null)?.name === "AppError" && typeof status === "number" ? status : undefined;
}

/** Unknown slug: 404. Restricted and not signed in: 401 with a way to log in. Signed in without the role: 403. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, user } = getApp(context);
  try {
    return { page: await services.pages.view(user, params.slug) };
  } catch (error) {
    const status = statusOf(error);
    if (status === 401 || status === 403 || status === 404) throw data((error as Error).message, { status });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.page.name ?? "Page");

export default function CmsPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <article>
      <h1 className="page-heading">{page.name}</h1>
      <RichContent html={page.html} className="mt-2" />
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const heading = status === 401 ? "Please log in" : status === 403 ? "Not allowed" : status === 404 ? "Page not found" : "Something went wrong";
  const detail =
    status === 401
      ? messages.pages.signInToView
      : status === 403
        ? messages.pages.notAllowed
        : status === 404
          ? messages.notFound
          : "The page could not be shown. Please try again in a moment.";
  return (
    <section className="prose-page">
      <title>{heading}</title>
      <h1 className="page-heading">{heading}</h1>
      <p>{detail}</p>
      {status === 401 && (
        <p>
          <Link to={paths.login} className="font-semibold text-brand-700 underline">
            Log in
          </Link>
        </p>
      )}
    </section>
  );
}
