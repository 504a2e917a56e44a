// Where a sign-in goes on to the signed-in person's home: by role, and for owners and business sign-ups by what their
// data say (docs/decisions/0025).
import { redirect } from "react-router";
import type { Route } from "./+types/login-continue";
import { getApp } from "../lib/app-context.ts";
import { paths } from "../lib/paths.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const { user, services } = getApp(context);
  throw redirect(user ? await services.dashboard.landing(user) : paths.login);
}

export default function LoginContinue() {
  return null;
}
