// The event page's registration: the places left (or full, or closed) and the form that takes a place or a place on
// the waiting list. Signed-in people find their name and address filled in; anonymous visitors' browsers solve a
// proof of work meanwhile (decision 0035). Refusals are shown beside their fields.
import { useState, type FormEvent } from "react";
import { useScripted } from "#web/lib/scripted.ts";
import { ErrorList, Field } from "#web/components/ui/field.tsx";
import { ui } from "#web/components/ui/classes.ts";
import { useProofOfWork } from "#web/components/ui/proof-of-work.tsx";
import type { RegistrationInfo } from "#shared/schemas/registration.ts";
import { usePublicText } from "#web/lib/public-text.ts";
import type { TFunction } from "i18next";

export interface RegistrationFormProps {
  info: RegistrationInfo;
  /** The signed-in person, whose name and address fill the form in. */
  person: { name: string; email: string } | null;
}


type Sent = { status: "confirmed" | "waitlisted" | "pending-confirmation" } | null;

/** What the event page says of the places (as `availabilityText` in #shared/schemas/registration.ts, in the page's language). */
function availabilityWords(info: Pick<RegistrationInfo, "availability" | "remainingPlaces">, t: TFunction<"public">): string | null {
  if (info.availability === "off") return null;
  if (info.availability === "open") return info.remainingPlaces === null ? null : t("registration.placesLeft", { count: info.remainingPlaces });
  if (info.availability === "full-waitlist") return t("registration.full");
  return t("registration.closed");
}

export function RegistrationForm({ info, person }: RegistrationFormProps) {
  const { t, lang } = usePublicText();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<Sent>(null);
  const [sending, setSending] = useState(false);
  const proof = useProofOfWork();
  // The form sends with a script (the proof of work needs one): until the page is live its button waits, so an early
  // click never submits the fields into the address.
  const live = useScripted();
  const status = availabilityWords(info, t);
  const open = info.availability === "open" || info.availability === "full-waitlist";

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSending(true);
    setFormError(null);
    try {
      const answers: Record<string, string> = {};
      for (const question of info.questions) answers[question.id] = String(form.get(`answers.${question.id}`) ?? "");
      const altcha = person ? null : await proof.take();
      const response = await fetch(`/api/v1/events/${encodeURIComponent(info.eventId)}/registrations`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: form.get("name"), email: form.get("email"), partySize: Number(form.get("partySize") ?? 1), answers, ...(info.date ? { date: info.date } : {}), ...(altcha ? { altcha } : {}), language: lang }),
      });
      const body = (await response.json()) as { status?: NonNullable<Sent>["status"]; error?: { message: string; fields?: Record<string, string> } };
      if (response.ok && body.status) {
        setSent({ status: body.status });
        setErrors({});
      } else {
        setErrors(body.error?.fields ?? {});
        setFormError(body.error?.message ?? t("registration.failed"));
      }
    } catch {
      setFormError(t("registration.offline"));
    } finally {
      setSending(false);
    }
  }

  const fieldProps = (name: string) => ({ id: `registration-${name.replace(".", "-")}`, name, "aria-invalid": errors[name] ? true : undefined, "aria-describedby": errors[name] ? `registration-${name.replace(".", "-")}-error` : undefined });

  return (
    <section aria-labelledby="event-registration" className="mt-6">
      <h2 id="event-registration" className={ui.sectionHeading}>
        {t("registration.heading")}
      </h2>
      {status && (
        <p className="mt-1 text-lg font-medium text-stone-800" data-testid="registration-availability">
          {status}
        </p>
      )}
      {sent ? (
        <p role="status" className={ui.success}>
          {t(`registration.sent.${sent.status}`)}
        </p>
      ) : (
        open && (
          <form method="post" className="mt-3 grid max-w-xl gap-4" onSubmit={submit} noValidate>
            <Field id="registration-name" label={t("registration.name")} errorId="registration-name-error" errors={errors.name ? [errors.name] : null}>
              <input {...fieldProps("name")} className={ui.input} autoComplete="name" required defaultValue={person?.name ?? ""} />
            </Field>
            <Field id="registration-email" label={t("registration.email")} errorId="registration-email-error" errors={errors.email ? [errors.email] : null}>
              <input {...fieldProps("email")} type="email" className={ui.input} autoComplete="email" required defaultValue={person?.email ?? ""} />
            </Field>
            {info.maxPartySize > 1 && (
              <Field id="registration-partySize" label={t("registration.places", { max: info.maxPartySize })} errorId="registration-partySize-error" errors={errors.partySize ? [errors.partySize] : null}>
                <input {...fieldProps("partySize")} type="number" min={1} max={info.maxPartySize} defaultValue={1} className={ui.input} inputMode="numeric" />
              </Field>
            )}
            {info.questions.map((question) => {
              const name = `answers.${question.id}`;
              const id = `registration-answers-${question.id}`;
              return question.kind === "choice" ? (
                <Field key={question.id} id={id} label={question.required ? question.label : t("registration.optional", { label: question.label })} errorId={`${id}-error`} errors={errors[name] ? [errors[name]] : null}>
                  <select id={id} name={name} className={ui.input} required={question.required} aria-invalid={errors[name] ? true : undefined} aria-describedby={errors[name] ? `${id}-error` : undefined} defaultValue="">
                    <option value="">{t("registration.choose")}</option>
                    {question.options.map((option) => (
                      <option key={option} value={option}>
                        {option}
                      </option>
                    ))}
                  </select>
                </Field>
              ) : (
                <Field key={question.id} id={id} label={question.required ? question.label : t("registration.optional", { label: question.label })} errorId={`${id}-error`} errors={errors[name] ? [errors[name]] : null}>
                  <input id={id} name={name} className={ui.input} required={question.required} aria-invalid={errors[name] ? true : undefined} aria-describedby={errors[name] ? `${id}-error` : undefined} />
                </Field>
              );
            })}
            {!person && proof.widget}
            <ErrorList id="registration-altcha-error" errors={errors.altcha ? [errors.altcha] : null} />
            {formError && !Object.keys(errors).length && (
              <p role="alert" className={ui.error}>
                {formError}
              </p>
            )}
            <div>
              <button type="submit" className={ui.primary} disabled={sending || !live}>
                {info.availability === "full-waitlist" ? t("registration.joinWaitingList") : t("registration.register")}
              </button>
            </div>
          </form>
        )
      )}
    </section>
  );
}
