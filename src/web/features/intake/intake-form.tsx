// The "Business Feedback and Consent" form (spec: its heading, fields and layout). Signed-in people send it; each
// field's message stands beside it and nothing typed is lost. It prints as a paper form too.
import { useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useId, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Trans, useTranslation } from "react-i18next";
import { INTAKE_OBJECTIVES, IntakeInputSchema, intakeMessages, type IntakeBusiness, type IntakeInput } from "#shared/schemas/intake.ts";
import { ErrorList, inputProps, OutcomeMessage, selectProps, textareaProps, type Outcome } from "#web/components/ui/field.tsx";
import { ui } from "#web/components/ui/classes.ts";
import { ApiError, apiFetch } from "#web/lib/api-client.ts";
import { paths } from "#web/lib/paths.ts";
import "./intake-print.css";

const INPUT = `${ui.input} intake-input`;
const LABEL = "block font-medium text-stone-800";
const FIELDSET = "intake-fieldset mt-6 rounded-lg border border-stone-300 p-4";
const LEGEND = "px-1 text-lg font-semibold text-brand-800";

export interface IntakeActionData {
  /** The sending as Conform reads it: each field's messages, or the fields emptied once it went through. */
  submission: SubmissionResult<string[]>;
  outcome: Outcome;
  sent?: string;
}

/**
 * Checks the answers with the form's own rules, then sends them; the server checks them again. It runs in the
 * browser (the page's client action), so Conform's check happens here rather than in the form's submit handler.
 */
export async function sendIntake(form: FormData): Promise<IntakeActionData> {
  const submission = parseWithZod(form, { schema: IntakeInputSchema });
  if (submission.status !== "success") {
    return { submission: submission.reply(), outcome: { kind: "error", text: "Please correct the fields marked below." } };
  }
  const values: Record<string, unknown> = Object.fromEntries([...form.keys()].map((name) => [name, form.get(name)]));
  values.objectives = form.getAll("objectives").map(String);
  try {
    const { id } = await apiFetch<{ id: string }>("/intake", { method: "POST", json: values });
    return { submission: submission.reply({ resetForm: true }), outcome: { kind: "success", text: intakeMessages.sent }, sent: id };
  } catch (error) {
    const fields = error instanceof ApiError ? error.fields : {};
    const text = error instanceof ApiError && error.status === 401 ? "Your session has ended. Please log in again; what you typed is still here." : error instanceof ApiError ? error.message : "The form could not be sent. Please try again.";
    return { submission: submission.reply({ fieldErrors: Object.fromEntries(Object.entries(fields).map(([name, message]) => [name, [message]])) }), outcome: { kind: "error", text } };
  }
}

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

function TextField({ label, field, type = "text", autoComplete, multiline = false, required = false }: { label: string; field: Meta; type?: "text" | "email" | "tel" | "number"; autoComplete?: string; multiline?: boolean; required?: boolean }) {
  return (
    <div className="mt-4 first:mt-0">
      <label htmlFor={field.id} className={LABEL}>
        {label}
      </label>
      {multiline ? (
        <textarea {...textareaProps(field)} rows={3} className={INPUT} />
      ) : (
        <input {...inputProps(field, type)} autoComplete={autoComplete} aria-required={required || undefined} className={INPUT} {...(type === "number" ? { min: 0, max: 100, step: "any" } : {})} />
      )}
      <ErrorList id={field.errorId} errors={field.errors} />
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

function Signature({ who, signature, date, required = false }: { who: string; signature: Meta; date: Meta; required?: boolean }) {
  const { t } = useTranslation("owners");
  return (
    <div className="mt-4 grid gap-4 first:mt-0 sm:grid-cols-[2fr_1fr]">
      <div>
        <label htmlFor={signature.id} className={LABEL}>
          {t("intake.signatureOf", { who })}
        </label>
        <input {...inputProps(signature)} autoComplete="off" aria-required={required || undefined} className={`${INPUT} intake-signature`} />
        <ErrorList id={signature.errorId} errors={signature.errors} />
      </div>
      <div>
        <label htmlFor={date.id} className={LABEL}>
          {t("intake.dateSignedBy", { who })}
        </label>
        <input {...inputProps(date, "date")} aria-required={required || undefined} className={INPUT} />
        <ErrorList id={date.errorId} errors={date.errors} />
      </div>
    </div>
  );
}

function BusinessChoice({ businesses, field }: { businesses: IntakeBusiness[]; field: Meta }) {
  const { t } = useTranslation("owners");
  return (
    <div className="intake-no-print mb-4">
      <label htmlFor={field.id} className={LABEL}>
        {t("intake.yourBusiness")}
      </label>
      <select {...selectProps(field)} defaultValue={businesses[0]?.id ?? ""} className={INPUT}>
        {businesses.map((b) => (
          <option key={b.id} value={b.id}>
            {b.relation === "claim" ? t("intake.claimWaiting", { name: b.name }) : b.name}
          </option>
        ))}
        <option value="">{t("intake.none")}</option>
      </select>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function IntakeForm({ signedIn, businesses, result }: { signedIn: boolean; businesses: IntakeBusiness[]; result: IntakeActionData | undefined }) {
  const { t } = useTranslation("owners");
  const form = useRef<HTMLFormElement>(null);
  const busy = useNavigation().state === "submitting";
  const [intake, fields] = useForm<IntakeInput>({ id: "intake", lastResult: result?.submission });
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
          <Trans
            t={t}
            i18nKey="intake.signInFirst"
            components={{
              login: <Link to={login} className="font-semibold text-brand-700 underline" />,
              signup: <Link to={`${paths.signup}?next=${encodeURIComponent(paths.member.intake)}`} className="font-semibold text-brand-700 underline" />,
            }}
          />
        </p>
      )}
      <Form ref={form} id={intake.id} method="post" className="intake-form" aria-labelledby="intake-heading" noValidate onSubmit={signedIn ? undefined : (e) => e.preventDefault()}>
        <fieldset className={FIELDSET}>
          <legend className={LEGEND}>{t("intake.about")}</legend>
          {signedIn && businesses.length > 0 && <BusinessChoice businesses={businesses} field={fields.businessId} />}
          <TextField label={t("intake.fields.businessName")} field={fields.businessName} autoComplete="organization" required />
          <TextField label={t("intake.fields.ownerName")} field={fields.ownerName} autoComplete="name" required />
          <TextField label={t("intake.fields.email")} field={fields.email} type="email" autoComplete="email" required />
          <TextField label={t("intake.fields.phone")} field={fields.phone} type="tel" autoComplete="tel" />
          <TextField label={t("intake.fields.address")} field={fields.address} autoComplete="address-line1" />
          <TextField label={t("intake.fields.links")} field={fields.links} multiline />
          <TextField label={t("intake.fields.businessType")} field={fields.businessType} />
        </fieldset>

        <fieldset className={FIELDSET} aria-describedby={fields.objectives.errors ? fields.objectives.errorId : undefined}>
          <legend className={LEGEND}>{t("intake.objectives")}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {INTAKE_OBJECTIVES.map((objective) => (
              <Check key={objective} label={t(`intake.objective.${INTAKE_OBJECTIVES.indexOf(objective)}`, { defaultValue: objective })} name="objectives" value={objective} />
            ))}
          </div>
          <ErrorList id={fields.objectives.errorId} errors={fields.objectives.errors} />
        </fieldset>

        <fieldset className={FIELDSET}>
          <legend className={LEGEND}>{t("intake.today")}</legend>
          <TextField label={t("intake.fields.tools")} field={fields.tools} multiline />
          <TextField label={t("intake.fields.challenges")} field={fields.challenges} multiline />
          <TextField label={t("intake.fields.services")} field={fields.services} multiline />
        </fieldset>

        <fieldset className={FIELDSET}>
          <legend className={LEGEND}>{t("intake.promotions")}</legend>
          <TextField label={t("intake.fields.discountPercent")} field={fields.discountPercent} type="number" />
          <div className="mt-4 grid gap-2">
            <Check label={t("intake.bogo")} name="bogo" />
            <Check label={t("intake.freeGift")} name="freeGift" />
          </div>
          <TextField label={t("intake.fields.otherPromotion")} field={fields.otherPromotion} />
        </fieldset>

        <fieldset className={FIELDSET}>
          <legend className={LEGEND}>{t("intake.consent")}</legend>
          <p className="intake-no-print mb-2 text-sm text-stone-600">{t("intake.signHint")}</p>
          <Signature who={t("intake.owner")} signature={fields.ownerSignature} date={fields.ownerSignedOn} required />
          <Signature who={t("intake.representative")} signature={fields.representativeSignature} date={fields.representativeSignedOn} />
        </fieldset>

        <div className="intake-fieldset mt-6">
          <TextField label={t("intake.fields.feedback")} field={fields.feedback} multiline />
        </div>

        {signedIn && (
          <div className="intake-no-print mt-6 grid gap-2">
            <OutcomeMessage outcome={result?.outcome} />
            <button type="submit" className={`${ui.primary} w-fit`} disabled={busy}>
              {busy ? t("myBusiness.sending") : t("intake.send")}
            </button>
          </div>
        )}
      </Form>
    </>
  );
}
