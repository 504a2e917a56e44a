// A member's home: greeting, what needs them (every feature's tasks), each feature's section (announcements, the next
// meetings, their businesses with what waits for approval; surveys and volunteer shifts once those features contribute),
// whether the email address is verified, and the member pages. Read on the server through the API in-process; someone
// who is not a member is invited to claim or propose their business instead of the sections.
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/member-dashboard";
import { getApp, requireUser, serverFetch } from "../lib/app-context.ts";
import { apiFetch } from "../lib/api-client.ts";
import { PageTitle } from "../lib/page-title.tsx";
import { paths } from "../lib/paths.ts";
import type { Dashboard } from "#shared/schemas/dashboard.ts";
import { ResendVerification } from "../features/account/resend-verification.tsx";
import { LogoutButton } from "../features/account/logout-button.tsx";
import { MemberInvitation } from "../features/announcements/member-invitation.tsx";
import { SectionCard, TaskList } from "../features/dashboard/index.ts";
import { isolatedValues } from "#web/components/ui/isolated-values.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  requireUser(context);
  const [dashboard, site] = await Promise.all([apiFetch<Dashboard>("/me/dashboard", {}, serverFetch(context)), getApp(context).services.siteSettings.get()]);
  return { dashboard, timeZone: site.timeZone };
}

export const handle = { i18n: ["members", "account"] };

const memberLinks = [
  { to: paths.myAccount, key: "myAccount" },
  { to: paths.member.announcements, key: "announcements" },
  { to: paths.member.volunteer, key: "volunteer" },
  { to: paths.member.surveys, key: "surveys" },
  { to: paths.member.meetings, key: "meetings" },
  { to: paths.member.research, key: "research" },
  { to: paths.member.intake, key: "intake" },
] as const;

export default function MemberDashboard({ loaderData }: Route.ComponentProps) {
  const { dashboard, timeZone } = loaderData;
  const { email, displayName, emailVerified } = dashboard;
  const { t } = useTranslation("members");
  return (
    <section className="grid max-w-3xl gap-6">
      <PageTitle>{t("dashboard.title")}</PageTitle>
      <h1 className="page-heading">{t("dashboard.welcome", { name: displayName })}</h1>
      <TaskList tasks={dashboard.tasks} />
      {!dashboard.member && <MemberInvitation signedIn />}
      {dashboard.sections.map((section) => (
        <SectionCard key={section.id} section={section} timeZone={timeZone} />
      ))}
      <div id="email" className="card grid gap-3">
        <h2 className="text-lg font-semibold text-stone-900">{t("dashboard.email")}</h2>
        {emailVerified ? (
          <p className="text-green-800">{isolatedValues(t, "dashboard.emailVerified", { email }, ["email"])}</p>
        ) : (
          <>
            <p className="text-stone-800">{isolatedValues(t, "dashboard.emailUnverified", { email }, ["email"])}</p>
            <ResendVerification email={email} callbackURL={paths.member.dashboard} />
          </>
        )}
      </div>
      <nav aria-label={t("dashboard.memberPages")}>
        <ul className="grid gap-3 sm:grid-cols-2">
          {memberLinks.map((link) => (
            <li key={link.to} className="card">
              <Link to={link.to} className="font-semibold text-brand-700 underline">
                {t(`dashboard.links.${link.key}.label`)}
              </Link>
              <p className="mt-1 text-sm text-stone-700">{t(`dashboard.links.${link.key}.text`)}</p>
            </li>
          ))}
        </ul>
      </nav>
      <LogoutButton />
    </section>
  );
}
