import { Link } from "react-router";
import type { Route } from "./+types/my-business";
import { requireUser } from "../lib/app-context.ts";
import { pageTitle } from "../lib/meta.ts";
import { paths } from "../lib/paths.ts";
import { LogoutButton } from "../features/account/logout-button.tsx";

export function loader({ context }: Route.LoaderArgs) {
  return { email: requireUser(context).email };
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "My Business");

export default function MyBusiness({ loaderData }: Route.ComponentProps) {
  return (
    <section className="grid max-w-2xl gap-4">
      <h1 className="page-heading">My Business</h1>
      <p className="text-stone-700">
        This is where business owners will manage their listing, events and offers. Until then, please contact the association to change your
        business&apos;s details.
      </p>
      <p className="text-stone-700">Logged in as {loaderData.email}.</p>
      <div className="flex flex-wrap items-start gap-4">
        <Link to={paths.myAccount} className="text-brand-700 underline">
          My Account
        </Link>
        <Link to={paths.contact} className="text-brand-700 underline">
          Contact the association
        </Link>
      </div>
      <LogoutButton />
    </section>
  );
}
