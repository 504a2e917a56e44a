import { redirect } from "react-router";
import type { Route } from "./+types/my-account";
import { getApp } from "../lib/app-context.ts";
import { pageTitle } from "../lib/meta.ts";
import { paths } from "../lib/paths.ts";

export function loader({ context }: Route.LoaderArgs) {
  const { user } = getApp(context);
  if (!user) throw redirect(paths.login);
  return { email: user.email, displayName: user.displayName };
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "My Account");

export default function MyAccount({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="page-heading">My Account</h1>
      <dl className="mt-4 grid max-w-md gap-2">
        <dt className="font-semibold">Email</dt>
        <dd>{loaderData.email}</dd>
        <dt className="font-semibold">Display name</dt>
        <dd>{loaderData.displayName}</dd>
      </dl>
    </>
  );
}
