import { useId, useState } from "react";
import { Link } from "react-router";
import { paths } from "#web/lib/paths.ts";
import { goHomeForRole, loginErrorText, postAuth } from "./auth-api.ts";
import { StatusMessage, inputClass, labelClass, primaryButtonClass } from "./status-message.tsx";

/** `siteAddress`: where the site is set up, named when the server refuses the page's origin. */
export function LoginForm({ siteAddress }: { siteAddress: string }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    const result = await postAuth("/sign-in/email", { email: String(form.get("email")), password: String(form.get("password")), rememberMe: true });
    if (!result.ok) {
      setError(loginErrorText(result, siteAddress));
      setBusy(false);
      return;
    }
    await goHomeForRole(setNotice);
  }

  return (
    <form method="post" onSubmit={(e) => void submit(e)} className="grid gap-4">
      <div>
        <label htmlFor={`${id}-email`} className={labelClass}>
          Email
        </label>
        <input id={`${id}-email`} name="email" type="email" required autoComplete="email" className={inputClass} />
      </div>
      <div>
        <label htmlFor={`${id}-password`} className={labelClass}>
          Password
        </label>
        <input id={`${id}-password`} name="password" type="password" required autoComplete="current-password" className={inputClass} />
      </div>
      <StatusMessage kind="error">{error}</StatusMessage>
      <StatusMessage kind="info">{notice}</StatusMessage>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? "Logging in..." : "Login"}
        </button>
        <Link to={paths.forgotPassword} className="text-sm text-brand-700 underline">
          Forgot password?
        </Link>
      </div>
    </form>
  );
}
