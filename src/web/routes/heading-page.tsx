// The spec's heading-only pages (/news, /deals, /history and the member pages).
import { data } from "react-router";
import type { Route } from "./+types/heading-page";
import { HEADING_PAGES } from "../lib/heading-pages.ts";
import { pageTitle } from "../lib/meta.ts";

export function loader({ request }: Route.LoaderArgs) {
  const heading = HEADING_PAGES[new URL(request.url).pathname.replace(/\/$/, "")];
  if (!heading) throw data(null, { status: 404 });
  return { heading };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.heading);

export default function HeadingPage({ loaderData }: Route.ComponentProps) {
  return <h1 className="page-heading">{loaderData.heading}</h1>;
}
