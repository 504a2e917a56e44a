// "Is this your business?" on a business page: a signed-in person claims it (their role, a phone number, a message);
// anyone else is offered to log in or sign up and come back. Drawn in the browser, so the page stays the same for all.
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { claimView } from "../../../shared/schemas/request.ts";
import { ErrorList, Field, OutcomeMessage, ui, type Outcome } from "../../components/ui/field.tsx";
import { ApiError, apiFetch } from "../../lib/api-client.ts";
import { paths } from "../../lib/paths.ts";

type Viewer = { signedIn: boolean } | null;

export function ClaimBusiness({ businessId, businessName }: { businessId: string; businessName: string }) {
  const [viewer, setViewer] = useState<Viewer>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const back = `?next=${encodeURIComponent(paths.business(businessId))}`;

  async function opened(open: boolean) {
    if (!open || viewer) return;
    const response = await fetch("/api/v1/me", { credentials: "same-origin" }).catch(() => null);
    setViewer({ signedIn: response?.ok ?? false });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setOutcome(null);
    try {
      await apiFetch(`/businesses/${encodeURIComponent(businessId)}/claims`, {
        method: "POST",
        json: Object.fromEntries(Object.keys(claimView.fields).map((name) => [name, String(form.get(name) ?? "")])),
      });
      setErrors({});
      setOutcome({ kind: "success", text: `Thank you. Your claim of ${businessName} waits for an administrator; you will get an email when it is decided.` });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) setViewer({ signedIn: false });
      setErrors(error instanceof ApiError ? error.fields : {});
      setOutcome({ kind: "error", text: error instanceof ApiError ? error.message : "The claim could not be sent. Please try again." });
    } finally {
      setBusy(false);
    }
  }

  return (
    <details className="card mt-10 max-w-2xl" onToggle={(e) => void opened(e.currentTarget.open)}>
      <summary className="cursor-pointer text-lg font-semibold text-brand-800">Is this your business?</summary>
      {viewer === null && <p className="mt-3 text-stone-700">Loading...</p>}
      {viewer && !viewer.signedIn && (
        <p className="mt-3 text-stone-700">
          To claim {businessName}, please{" "}
          <Link to={`${paths.login}${back}`} className="text-brand-700 underline">
            log in
          </Link>{" "}
          or{" "}
          <Link to={`${paths.signup}${back}`} className="text-brand-700 underline">
            sign up
          </Link>{" "}
          first; you will come back here.
        </p>
      )}
      {viewer?.signedIn && (
        <form className="mt-3 grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
          <p className="text-stone-700">Tell us who you are: an administrator of the association checks every claim.</p>
          {Object.entries(claimView.fields).map(([name, view]) => {
            const id = `claim-${name}`;
            const props = { id, name, maxLength: view.maxLength, className: ui.input, "aria-invalid": errors[name] ? true : undefined, "aria-describedby": errors[name] ? `${id}-error` : undefined };
            return (
              <Field key={name} id={id} label={view.label}>
                {view.widget === "textarea" ? <textarea rows={view.rows} {...props} /> : <input type={view.widget === "tel" ? "tel" : "text"} placeholder={view.placeholder} {...props} />}
                <ErrorList id={`${id}-error`} errors={errors[name] ? [errors[name]] : null} />
              </Field>
            );
          })}
          <button type="submit" className={`${ui.primary} w-fit`} disabled={busy}>
            {busy ? "Sending..." : "Claim this business"}
          </button>
        </form>
      )}
      <OutcomeMessage outcome={outcome} />
    </details>
  );
}
