import { Link } from "react-router";
import type { Route } from "./+types/forgot-password";
import { pageMeta } from "../features/seo/index.ts";
import { paths } from "../lib/paths.ts";
import { ForgotPasswordForm } from "../features/account/index.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Forgot Password", description: "Get an email with a link to choose a new password for your account.", path: paths.forgotPassword });

export default function ForgotPassword() {
  return (
    <section className="mx-auto grid max-w-md gap-6">
      <h1 className="page-heading">Forgot Password</h1>
      <div className="card grid gap-4">
        <ForgotPasswordForm />
      </div>
      <p className="text-sm">
        <Link to={paths.login} className="text-brand-700 underline">
          Back to Login
        </Link>
      </p>
    </section>
  );
}
