// The page a password-reset email links to (through the auth server, which checks the token and adds it here).
import type { Route } from "./+types/reset-password";
import { pageTitle } from "../lib/meta.ts";
import { ResetPasswordForm } from "../features/account/index.ts";

export function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  return { token: query.get("error") ? null : query.get("token") };
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Choose a New Password");

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto grid max-w-md gap-6">
      <h1 className="page-heading">Choose a New Password</h1>
      <div className="card grid gap-4">
        <ResetPasswordForm token={loaderData.token} />
      </div>
    </section>
  );
}
