// After a third-party sign-up: choose the display name and picture the site shows.
import { Link } from "react-router";
import type { Route } from "./+types/profile-setup";
import { getApp, requireUser } from "../lib/app-context.ts";
import { pageTitle } from "../lib/meta.ts";
import { paths } from "../lib/paths.ts";
import { DisplayNameForm } from "../features/account/display-name-form.tsx";
import { ProfilePictureCard } from "../features/account/profile-picture.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  const account = await getApp(context).services.account.get(requireUser(context));
  return { displayName: account.displayName, photoURL: account.photoURL };
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Set Up Your Profile");

export default function ProfileSetup({ loaderData }: Route.ComponentProps) {
  return (
    <section className="grid max-w-2xl gap-6">
      <h1 className="page-heading">Set Up Your Profile</h1>
      <p className="text-stone-700">Choose the name and picture other members see. You can change both later on your account page.</p>
      <div className="card grid gap-4">
        <DisplayNameForm initial={loaderData.displayName} />
      </div>
      <ProfilePictureCard photoURL={loaderData.photoURL} displayName={loaderData.displayName} />
      <p>
        <Link to={paths.member.dashboard} className="font-semibold text-brand-700 underline">
          Continue to your dashboard
        </Link>
      </p>
    </section>
  );
}
