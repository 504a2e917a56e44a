// /myqsa/research: the association's library for its members (the spec's heading, "Research"): every document,
// members-only and public, newest first, by tag and by words. Others see the heading, an invitation, and where the
// public documents are.
import { Link } from "react-router";
import type { Route } from "./+types/member-research";
import { getApp, serverFetch } from "../lib/app-context.ts";
import { apiFetch } from "../lib/api-client.ts";
import { pageTitle } from "../lib/meta.ts";
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

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Research");

export default function MemberResearch({ loaderData }: Route.ComponentProps) {
  return (
    <section className="grid max-w-3xl gap-4">
      <h1 className="page-heading">Research</h1>
      {loaderData.state === "not-member" ? (
        <>
          <MemberInvitation signedIn={loaderData.signedIn} />
          <p className="text-stone-700">
            The association's public documents are on the{" "}
            <Link to={paths.resources} className="font-semibold text-brand-700 underline">
              Resources
            </Link>{" "}
            page.
          </p>
        </>
      ) : (
        <>
          <p className="text-stone-700">Reports, studies, bylaws, budgets and minutes of the association.</p>
          <DocumentLibrary list={loaderData.list} path={paths.member.research} q={loaderData.q} tag={loaderData.tag} showVisibility />
        </>
      )}
    </section>
  );
}
