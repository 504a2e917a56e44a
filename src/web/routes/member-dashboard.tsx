// A member's landing page: greeting, whether the email address is verified, and the member pages.
import { Link } from "react-router";
import type { Route } from "./+types/member-dashboard";
import { getApp, requireUser } from "../lib/app-context.ts";
import { pageTitle } from "../lib/meta.ts";
import { paths } from "../lib/paths.ts";
import { ResendVerification } from "../features/account/resend-verification.tsx";
import { LogoutButton } from "../features/account/logout-button.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  const account = await getApp(context).services.account.get(requireUser(context));
  return { email: account.email, displayName: account.displayName, emailVerified: account.emailVerified };
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
  const { email, displayName, emailVerified } = loaderData;
  return (
    <section className="grid max-w-3xl gap-6">
      <h1 className="page-heading">Welcome, {displayName}!</h1>
      <div className="card grid gap-3">
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
