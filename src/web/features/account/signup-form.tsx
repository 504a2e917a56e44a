import { useId, useState } from "react";
import { Link } from "react-router";
import { ACCOUNT_TYPES, type AccountType } from "#shared/constants.ts";
import { messages } from "#shared/messages.ts";
import { paths } from "#web/lib/paths.ts";
import { postAuth, returnPath, signupErrorText } from "./auth-api.ts";
import { useFormErrors } from "./form-errors.tsx";
import { StatusMessage, inputClass, labelClass, primaryButtonClass } from "./status-message.tsx";

const FIELDS = ["password", "confirm"] as const;

const TYPE_LABELS: Record<AccountType, string> = {
  visitor: "Visitor / community member",
  business: "Business owner / representative",
};

/** `siteAddress`: where the site is set up, named when the server refuses the page's origin. */
export function SignupForm({ siteAddress }: { siteAddress: string }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const { formRef, errors, fail, clear, inputId, inputProps, errorOf } = useFormErrors(FIELDS);
  const [created, setCreated] = useState<string | null>(null);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password"));
    const accountType = String(form.get("accountType")) as AccountType;
    clear();
    if (password !== String(form.get("confirmPassword"))) {
      fail({ confirm: messages.auth.passwordsDoNotMatch });
      return;
    }
    setBusy(true);
    const result = await postAuth("/sign-up/email", {
      email: String(form.get("email")),
      password,
      name: "",
      accountType,
      // A business owner's first stop is where they claim their business.
      callbackURL: returnPath() ?? (accountType === "business" ? paths.myBusiness : paths.member.dashboard),
    });
    setBusy(false);
    if (!result.ok) {
      const weak = result.code === "PASSWORD_TOO_SHORT" || result.code === "PASSWORD_TOO_WEAK";
      fail(weak ? { password: messages.auth.weakPassword } : { form: signupErrorText(result, siteAddress) });
      return;
    }
    setCreated(messages.auth.signupSucceeded(accountType));
  }

  if (created) {
    return (
      <div className="grid gap-3">
        <StatusMessage kind="success">{created}</StatusMessage>
        {/* Sign-up signs no one in (it answers a taken address the same way): the emailed link does, or the login page. */}
        <p>
          <Link to={paths.login} className="text-brand-700 underline">
            Go to the login page
          </Link>
        </p>
      </div>
    );
  }

  return (
    <form ref={formRef} method="post" onSubmit={(e) => void submit(e)} className="grid gap-4">
      <div>
        <label htmlFor={`${id}-email`} className={labelClass}>
          Email
        </label>
        <input id={`${id}-email`} name="email" type="email" required autoComplete="email" className={inputClass} />
      </div>
      <div>
        <label htmlFor={inputId("password")} className={labelClass}>
          Password
        </label>
        <input name="password" type="password" required autoComplete="new-password" placeholder="min. 6 characters" {...inputProps("password")} />
        {errorOf("password")}
      </div>
      <div>
        <label htmlFor={inputId("confirm")} className={labelClass}>
          Confirm password
        </label>
        <input name="confirmPassword" type="password" required autoComplete="new-password" {...inputProps("confirm")} />
        {errorOf("confirm")}
      </div>
      <fieldset className="grid gap-2">
        <legend className={labelClass}>I am signing up as a</legend>
        {ACCOUNT_TYPES.map((type) => (
          <label key={type} className="flex items-center gap-2 text-stone-800">
            <input type="radio" name="accountType" value={type} defaultChecked={type === "visitor"} className="size-4 accent-brand-700" />
            {TYPE_LABELS[type]}
          </label>
        ))}
      </fieldset>
      <StatusMessage kind="error">{errors.form}</StatusMessage>
      <div>
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? "Creating account..." : "Sign Up"}
        </button>
      </div>
      <p className="text-sm text-stone-700">
        Already have an account?{" "}
        <Link to={paths.login} className="text-brand-700 underline">
          Login
        </Link>
      </p>
    </form>
  );
}
