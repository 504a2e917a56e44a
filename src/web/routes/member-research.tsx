// /myqsa/research: the association's library for its members (the spec's heading, "Research"): every document,
// members-only and public, newest first, by tag and by words. Others see the heading, an invitation, and where the
// public documents are.
import { Link } from "react-router";
import { Trans, useTranslation } from "react-i18next";
import type { Route } from "./+types/member-research";
import { getApp, serverFetch } from "../lib/app-context.ts";
import { apiFetch } from "../lib/api-client.ts";
import { PageTitle } from "../lib/page-title.tsx";
import { paths } from "../lib/paths.ts";
import type { DocumentList } from "#shared/schemas/document.ts";
import { MemberInvitation } from "../features/announcements/member-invitation.tsx";
import { DocumentLibrary, libraryApiPath, libraryQuery } from "../features/library/document-library.tsx";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, user } = getApp(context);
  if (!(await services.announcements.isMember(user))) return { state: "not-member" as const, signedIn: user !== null };
  const query = libraryQuery(new URL(request.url));
  return { state: "member" as const, ...query, list: await apiFetch<DocumentList>(libraryApiPath(query), {}, serverFetch(context)) };
}

export const handle = { i18n: ["members"] };

export default function MemberResearch({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("members");
  return (
    <section className="grid max-w-3xl gap-4">
      <PageTitle>{t("research.title")}</PageTitle>
      <h1 className="page-heading">{t("research.title")}</h1>
      {loaderData.state === "not-member" ? (
        <>
          <MemberInvitation signedIn={loaderData.signedIn} />
          <p className="text-stone-700">
            <Trans t={t} i18nKey="research.public" components={{ resources: <Link to={paths.resources} className="font-semibold text-brand-700 underline" /> }} />
          </p>
        </>
      ) : (
        <>
          <p className="text-stone-700">{t("research.intro")}</p>
          <DocumentLibrary list={loaderData.list} path={paths.member.research} q={loaderData.q} tag={loaderData.tag} showVisibility />
        </>
      )}
    </section>
  );
}
