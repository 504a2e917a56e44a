// /resources: the association's public documents, for everyone (members see the others on /myqsa/research).
import type { Route } from "./+types/resources";
import { localizedSite } from "#web/lib/site.ts";
import { getApp } from "../lib/app-context.ts";
import { metaText, pageMeta } from "../features/seo/index.ts";
import { pageTitle } from "../lib/meta.ts";
import { paths } from "../lib/paths.ts";
import { DocumentLibrary, libraryQuery } from "../features/library/document-library.tsx";
import { usePublicText } from "../lib/public-text.ts";

// The library's texts (its search, tags and file sizes) are the members' catalog's, as on /myqsa/research.
export const handle = { i18n: ["members"] };

export async function loader({ context, request }: Route.LoaderArgs) {
  const query = libraryQuery(new URL(request.url));
  const { services } = getApp(context);
  // Read as a visitor, whoever asks: the public ones only, the same page for a member and a stranger.
  const [list, site] = await Promise.all([services.documents.list(null, query), localizedSite(services, request)]);
  return { ...query, list, associationName: site.associationName };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta(matches, { title: metaText(matches).t("resources.heading"), description: metaText(matches).t("meta.resources", { name: loaderData.associationName }), path: paths.resources })
    : pageTitle(matches, metaText(matches).t("resources.heading"));

export default function Resources({ loaderData }: Route.ComponentProps) {
  const { t } = usePublicText();
  return (
    <section className="grid max-w-3xl gap-4">
      <h1 className="page-heading">{t("resources.heading")}</h1>
      <p className="text-stone-700">{t("resources.intro", { name: loaderData.associationName })}</p>
      <DocumentLibrary list={loaderData.list} path={paths.resources} q={loaderData.q} tag={loaderData.tag} />
    </section>
  );
}
