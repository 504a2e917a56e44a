// The page a password-reset email links to (through the auth server, which checks the token and adds it here).
import { useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/reset-password";
import { pageTitle } from "../lib/meta.ts";
import { paths } from "../lib/paths.ts";
import { messages } from "#shared/messages.ts";
import { postAuth } from "../features/account/auth-api.ts";
import { useFormErrors } from "../features/account/form-errors.tsx";
import { StatusMessage, labelClass, primaryButtonClass } from "../features/account/status-message.tsx";

export function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  return { token: query.get("error") ? null : query.get("token") };
}

const FIELDS = ["password", "confirm"] as const;

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Choose a New Password");

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [invalid, setInvalid] = useState(!loaderData.token);
  const { formRef, errors, fail, clear, inputId, inputProps, errorOf } = useFormErrors(FIELDS);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const newPassword = String(form.get("password"));
    clear();
    if (newPassword !== String(form.get("confirmPassword"))) {
      fail({ confirm: messages.auth.passwordsDoNotMatch });
      return;
    }
    setBusy(true);
    const result = await postAuth("/reset-password", { token: loaderData.token, newPassword });
    setBusy(false);
    if (result.ok) setDone(true);
    else if (result.code === "INVALID_TOKEN") setInvalid(true);
    else if (result.code === "PASSWORD_TOO_SHORT" || result.code === "PASSWORD_TOO_WEAK") fail({ password: messages.auth.weakPassword });
    else fail({ form: messages.auth.resetFailed });
  }

  let body: React.ReactNode;
  if (done) {
    body = (
      <>
        <StatusMessage kind="success">{messages.auth.passwordChanged}</StatusMessage>
        <Link to={paths.login} className="text-brand-700 underline">
          Go to Login
        </Link>
      </>
    );
  } else if (invalid) {
    body = (
      <>
        <StatusMessage kind="error">{messages.auth.resetLinkInvalid}</StatusMessage>
        <Link to={paths.forgotPassword} className="text-brand-700 underline">
          Ask for a new link
        </Link>
      </>
    );
  } else {
    body = (
      <form ref={formRef} method="post" onSubmit={(e) => void submit(e)} className="grid gap-4">
        <div>
          <label htmlFor={inputId("password")} className={labelClass}>
            New password
          </label>
          <input name="password" type="password" required autoComplete="new-password" placeholder="min. 6 characters" {...inputProps("password")} />
          {errorOf("password")}
        </div>
        <div>
          <label htmlFor={inputId("confirm")} className={labelClass}>
            Confirm new password
          </label>
          <input name="confirmPassword" type="password" required autoComplete="new-password" {...inputProps("confirm")} />
          {errorOf("confirm")}
        </div>
        <StatusMessage kind="error">{errors.form}</StatusMessage>
        <div>
          <button type="submit" className={primaryButtonClass} disabled={busy}>
            {busy ? "Saving..." : "Set new password"}
          </button>
        </div>
      </form>
    );
  }

  return (
    <section className="mx-auto grid max-w-md gap-6">
      <h1 className="page-heading">Choose a New Password</h1>
      <div className="card grid gap-4">{body}</div>
    </section>
  );
}
