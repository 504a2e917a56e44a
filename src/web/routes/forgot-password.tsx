import { useId, useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/forgot-password";
import { pageTitle } from "../lib/meta.ts";
import { paths } from "../lib/paths.ts";
import { messages } from "#shared/messages.ts";
import { postAuth } from "../features/account/auth-api.ts";
import { StatusMessage, inputClass, labelClass, primaryButtonClass } from "../features/account/status-message.tsx";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Forgot Password");

export default function ForgotPassword() {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email"));
    setBusy(true);
    setError(null);
    const result = await postAuth("/request-password-reset", { email, redirectTo: paths.resetPassword });
    setBusy(false);
    if (result.ok) setSent(true);
    else setError(result.status === 429 && result.message ? result.message : messages.auth.resetRequestFailed);
  }

  return (
    <section className="mx-auto grid max-w-md gap-6">
      <h1 className="page-heading">Forgot Password</h1>
      <div className="card grid gap-4">
        {sent ? (
          <StatusMessage kind="success">{messages.auth.resetLinkSent}</StatusMessage>
        ) : (
          <form method="post" onSubmit={(e) => void submit(e)} className="grid gap-4">
            <p className="text-stone-700">Enter the email address of your account, and we will send you a link to choose a new password.</p>
            <div>
              <label htmlFor={`${id}-email`} className={labelClass}>
                Email
              </label>
              <input id={`${id}-email`} name="email" type="email" required autoComplete="email" className={inputClass} />
            </div>
            <StatusMessage kind="error">{error}</StatusMessage>
            <div>
              <button type="submit" className={primaryButtonClass} disabled={busy}>
                {busy ? "Sending..." : "Send reset link"}
              </button>
            </div>
          </form>
        )}
      </div>
      <p className="text-sm">
        <Link to={paths.login} className="text-brand-700 underline">
          Back to Login
        </Link>
      </p>
    </section>
  );
}
