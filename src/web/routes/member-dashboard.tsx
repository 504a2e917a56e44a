// A member's home: greeting, what needs them (every feature's tasks), each feature's section (announcements, the next
// meetings, their businesses with what waits for approval; surveys and volunteer shifts once those features contribute),
// whether the email address is verified, and the member pages. Read on the server through the API in-process; someone
// who is not a member is invited to claim or propose their business instead of the sections.
import { Link } from "react-router";
import type { Route } from "./+types/member-dashboard";
import { getApp, requireUser, serverFetch } from "../lib/app-context.ts";
import { apiFetch } from "../lib/api-client.ts";
import { pageTitle } from "../lib/meta.ts";
import { paths } from "../lib/paths.ts";
import type { Dashboard } from "#shared/schemas/dashboard.ts";
import { ResendVerification } from "../features/account/resend-verification.tsx";
import { LogoutButton } from "../features/account/logout-button.tsx";
import { MemberInvitation } from "../features/announcements/member-invitation.tsx";
import { SectionCard, TaskList } from "../features/dashboard/index.ts";

export async function loader({ context }: Route.LoaderArgs) {
  requireUser(context);
  const [dashboard, site] = await Promise.all([apiFetch<Dashboard>("/me/dashboard", {}, serverFetch(context)), getApp(context).services.siteSettings.get()]);
  return { dashboard, timeZone: site.timeZone };
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Member Dashboard");

const memberLinks = [
  { to: paths.myAccount, label: "My Account", text: "Display name, profile picture and logout." },
  { to: paths.member.announcements, label: "Announcements", text: "News for members of the association." },
  { to: paths.member.volunteer, label: "Volunteer", text: "Help at events and in the neighbourhood." },
  { to: paths.member.surveys, label: "Surveys", text: "Tell the association what you think." },
  { to: paths.member.meetings, label: "Meetings", text: "When and where members meet." },
  { to: paths.member.research, label: "Research", text: "Studies about the downtown area." },
  { to: paths.member.intake, label: "Business Feedback and Consent", text: "The intake form for businesses." },
];

export default function MemberDashboard({ loaderData }: Route.ComponentProps) {
  const { dashboard, timeZone } = loaderData;
  const { email, displayName, emailVerified } = dashboard;
  return (
    <section className="grid max-w-3xl gap-6">
      <h1 className="page-heading">Welcome, {displayName}!</h1>
      <TaskList tasks={dashboard.tasks} />
      {!dashboard.member && <MemberInvitation signedIn />}
      {dashboard.sections.map((section) => (
        <SectionCard key={section.id} section={section} timeZone={timeZone} />
      ))}
      <div id="email" className="card grid gap-3">
        <h2 className="text-lg font-semibold text-stone-900">Your email address</h2>
        {emailVerified ? (
          <p className="text-green-800">{email} is verified.</p>
        ) : (
          <>
            <p className="text-stone-800">{email} is not verified yet. Please open the link in the email we sent you.</p>
            <ResendVerification email={email} callbackURL={paths.member.dashboard} />
          </>
        )}
      </div>
      <nav aria-label="Member pages">
        <ul className="grid gap-3 sm:grid-cols-2">
          {memberLinks.map((link) => (
            <li key={link.to} className="card">
              <Link to={link.to} className="font-semibold text-brand-700 underline">
                {link.label}
              </Link>
              <p className="mt-1 text-sm text-stone-700">{link.text}</p>
            </li>
          ))}
        </ul>
      </nav>
      <LogoutButton />
    </section>
  );
}
