// The "Business Feedback and Consent" form (spec: its heading, fields and layout). Signed-in people send it; each
// field's message stands beside it and nothing typed is lost. It prints as a paper form too.
import { useEffect, useId, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { fieldErrors } from "#shared/field-errors.ts";
import { INTAKE_OBJECTIVES, IntakeInputSchema, intakeMessages, type IntakeBusiness } from "#shared/schemas/intake.ts";
import { ErrorList, OutcomeMessage, ui, type Outcome } from "#web/components/ui/field.tsx";
import { ApiError, apiFetch } from "#web/lib/api-client.ts";
import { paths } from "#web/lib/paths.ts";
import "./intake-print.css";

const INPUT = `${ui.input} intake-input`;
const LABEL = "block font-medium text-stone-800";
const FIELDSET = "intake-fieldset mt-6 rounded-lg border border-stone-300 p-4";
const LEGEND = "px-1 text-lg font-semibold text-brand-800";

type Errors = Record<string, string>;
export interface IntakeActionData {
  errors: Errors;
  outcome: Outcome;
  sent?: string;
}

/** Checks the answers with the form's own rules, then sends them; the server checks them again. */
export async function sendIntake(form: FormData): Promise<IntakeActionData> {
  const values: Record<string, unknown> = Object.fromEntries([...form.keys()].map((name) => [name, form.get(name)]));
  values.objectives = form.getAll("objectives").map(String);
  const checked = IntakeInputSchema.safeParse(values);
  if (!checked.success) {
    const errors = fieldErrors(checked.error.issues);
    return { errors, outcome: { kind: "error", text: "Please correct the fields marked below." } };
  }
  try {
    const { id } = await apiFetch<{ id: string }>("/intake", { method: "POST", json: values });
    return { errors: {}, outcome: { kind: "success", text: intakeMessages.sent }, sent: id };
  } catch (error) {
    const fields = error instanceof ApiError ? error.fields : {};
    const text = error instanceof ApiError && error.status === 401 ? "Your session has ended. Please log in again; what you typed is still here." : error instanceof ApiError ? error.message : "The form could not be sent. Please try again.";
    return { errors: fields, outcome: { kind: "error", text } };
  }
}

function useFieldIds(name: string, errors: Errors) {
  const id = useId();
  const error = errors[name];
  return { id, errorId: `${id}-error`, error, aria: { "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-error` : undefined } };
}

function TextField({ label, name, errors, type = "text", autoComplete, multiline = false, required = false }: { label: string; name: string; errors: Errors; type?: string; autoComplete?: string; multiline?: boolean; required?: boolean }) {
  const { id, errorId, error, aria } = useFieldIds(name, errors);
  return (
    <div className="mt-4 first:mt-0">
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      {multiline ? (
        <textarea id={id} name={name} rows={3} className={INPUT} {...aria} />
      ) : (
        <input id={id} name={name} type={type} autoComplete={autoComplete} aria-required={required || undefined} className={INPUT} {...aria} {...(type === "number" ? { min: 0, max: 100, step: "any" } : {})} />
      )}
      <ErrorList id={errorId} errors={error ? [error] : null} />
    </div>
  );
}

function Check({ label, name, value }: { label: string; name: string; value?: string }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <input id={id} type="checkbox" name={name} value={value ?? "yes"} className="size-5 accent-brand-700" />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

function Signature({ who, name, errors, required = false }: { who: string; name: string; errors: Errors; required?: boolean }) {
  const signature = useFieldIds(`${name}Signature`, errors);
  const date = useFieldIds(`${name}SignedOn`, errors);
  return (
    <div className="mt-4 grid gap-4 first:mt-0 sm:grid-cols-[2fr_1fr]">
      <div>
        <label htmlFor={signature.id} className={LABEL}>
          Signature of {who}
        </label>
        <input id={signature.id} name={`${name}Signature`} type="text" autoComplete="off" aria-required={required || undefined} className={`${INPUT} intake-signature`} {...signature.aria} />
        <ErrorList id={signature.errorId} errors={signature.error ? [signature.error] : null} />
      </div>
      <div>
        <label htmlFor={date.id} className={LABEL}>
          Date signed by {who}
        </label>
        <input id={date.id} name={`${name}SignedOn`} type="date" aria-required={required || undefined} className={INPUT} {...date.aria} />
        <ErrorList id={date.errorId} errors={date.error ? [date.error] : null} />
      </div>
    </div>
  );
}

function BusinessChoice({ businesses, errors }: { businesses: IntakeBusiness[]; errors: Errors }) {
  const { id, errorId, error, aria } = useFieldIds("businessId", errors);
  return (
    <div className="intake-no-print mb-4">
      <label htmlFor={id} className={LABEL}>
        Your business in the directory
      </label>
      <select id={id} name="businessId" defaultValue={businesses[0]?.id ?? ""} className={INPUT} {...aria}>
        {businesses.map((b) => (
          <option key={b.id} value={b.id}>
            {b.relation === "claim" ? `${b.name} (claim waiting)` : b.name}
          </option>
        ))}
        <option value="">None of these</option>
      </select>
      <ErrorList id={errorId} errors={error ? [error] : null} />
    </div>
  );
}

export function IntakeForm({ signedIn, businesses, result }: { signedIn: boolean; businesses: IntakeBusiness[]; result: IntakeActionData | undefined }) {
  const form = useRef<HTMLFormElement>(null);
  const busy = useNavigation().state === "submitting";
  const errors = result?.errors ?? {};
  // A sent form starts afresh; a refused one keeps every answer, with the first field at fault focused.
  useEffect(() => {
    if (result?.sent) form.current?.reset();
    else if (result?.outcome?.kind === "error") form.current?.querySelector<HTMLElement>("[aria-invalid]")?.focus();
  }, [result]);
  const login = `${paths.login}?next=${encodeURIComponent(paths.member.intake)}`;
  return (
    <>
      {!signedIn && (
        <p className="intake-no-print mt-3 rounded-md border border-brand-200 bg-brand-50 px-3 py-2 text-stone-800">
          To send this form to the association,{" "}
          <Link to={login} className="font-semibold text-brand-700 underline">
            log in
          </Link>{" "}
          or{" "}
          <Link to={`${paths.signup}?next=${encodeURIComponent(paths.member.intake)}`} className="font-semibold text-brand-700 underline">
            sign up
          </Link>
          ; you will come back here.
        </p>
      )}
      <Form ref={form} method="post" className="intake-form" aria-labelledby="intake-heading" noValidate onSubmit={signedIn ? undefined : (e) => e.preventDefault()}>
        <fieldset className={FIELDSET}>
          <legend className={LEGEND}>About your business</legend>
          {signedIn && businesses.length > 0 && <BusinessChoice businesses={businesses} errors={errors} />}
          <TextField label="Business name" name="businessName" autoComplete="organization" errors={errors} required />
          <TextField label="Owner/manager name" name="ownerName" autoComplete="name" errors={errors} required />
          <TextField label="Contact email" name="email" type="email" autoComplete="email" errors={errors} required />
          <TextField label="Phone" name="phone" type="tel" autoComplete="tel" errors={errors} />
          <TextField label="Address" name="address" autoComplete="address-line1" errors={errors} />
          <TextField label="Website/social links" name="links" multiline errors={errors} />
          <TextField label="Type of business" name="businessType" errors={errors} />
        </fieldset>

        <fieldset className={FIELDSET} aria-describedby={errors.objectives ? "intake-objectives-error" : undefined}>
          <legend className={LEGEND}>Marketing objectives</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {INTAKE_OBJECTIVES.map((objective) => (
              <Check key={objective} label={objective} name="objectives" value={objective} />
            ))}
          </div>
          <ErrorList id="intake-objectives-error" errors={errors.objectives ? [errors.objectives] : null} />
        </fieldset>

        <fieldset className={FIELDSET}>
          <legend className={LEGEND}>Your marketing today</legend>
          <TextField label="Tools used" name="tools" multiline errors={errors} />
          <TextField label="Challenges" name="challenges" multiline errors={errors} />
          <TextField label="Services of interest" name="services" multiline errors={errors} />
        </fieldset>

        <fieldset className={FIELDSET}>
          <legend className={LEGEND}>Promotions willing to offer</legend>
          <TextField label="Discount %" name="discountPercent" type="number" errors={errors} />
          <div className="mt-4 grid gap-2">
            <Check label="Buy-one-get-one" name="bogo" />
            <Check label="Free gift" name="freeGift" />
          </div>
          <TextField label="Other promotion" name="otherPromotion" errors={errors} />
        </fieldset>

        <fieldset className={FIELDSET}>
          <legend className={LEGEND}>Consent</legend>
          <p className="intake-no-print mb-2 text-sm text-stone-600">Sign by typing your full name, with the date.</p>
          <Signature who="business owner or manager" name="owner" errors={errors} required />
          <Signature who="association representative" name="representative" errors={errors} />
        </fieldset>

        <div className="intake-fieldset mt-6">
          <TextField label="Additional feedback" name="feedback" multiline errors={errors} />
        </div>

        {signedIn && (
          <div className="intake-no-print mt-6 grid gap-2">
            <OutcomeMessage outcome={result?.outcome} />
            <button type="submit" className={`${ui.primary} w-fit`} disabled={busy}>
              {busy ? "Sending..." : "Send this form"}
            </button>
          </div>
        )}
      </Form>
    </>
  );
}
