// Where a third-party sign-in by full-page redirect comes back to: on to the signed-in user's home by role.
import { redirect } from "react-router";
import type { Route } from "./+types/login-continue";
import { getApp } from "../lib/app-context.ts";
import { homeForRole, paths } from "../lib/paths.ts";

export function loader({ context }: Route.LoaderArgs) {
  const { user } = getApp(context);
  throw redirect(user ? homeForRole(user.role) : paths.login);
}

export default function LoginContinue() {
  return null;
}
