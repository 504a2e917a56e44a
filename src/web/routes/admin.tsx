import { redirect } from "react-router";
import type { Route } from "./+types/admin";
import { getApp } from "../lib/app-context.ts";
import { pageTitle } from "../lib/meta.ts";
import { paths } from "../lib/paths.ts";
import { messages } from "../../shared/messages.ts";

/** Only administrators: others go home, visitors who are not signed in go to the login page. */
export function loader({ context }: Route.LoaderArgs) {
  const { user } = getApp(context);
  if (!user) throw redirect(paths.login);
  if (user.role !== "admin") throw redirect(paths.home);
  return { email: user.email };
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Admin Dashboard");

export default function Admin({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="page-heading">Admin Dashboard</h1>
      <p className="mt-2 text-stone-700">{messages.auth.loggedInAs(loaderData.email)}</p>
    </>
  );
}
