// The answer form: a control per question as its kind asks, each with its help text and its refusal beside it; a
// visitor answering a public survey gives an address (the answer counts once the mailed link is opened), and a public
// survey's sending carries the proof of work. Nothing typed is lost when the server refuses.
import { useId, useState, type ReactNode } from "react";
import { useRevalidator } from "react-router";
import { useTranslation } from "react-i18next";
import { surveyMessages as m, type AnswerValue, type Question, type SurveyDetail } from "#shared/schemas/survey.ts";
import { apiFetch, ApiError } from "#web/lib/api-client.ts";
import { ui } from "#web/components/ui/classes.ts";
import { useProofOfWork } from "#web/components/ui/proof-of-work.tsx";

type Values = Record<string, string | string[]>;

function initialValues(questions: Question[], mine: Record<string, AnswerValue> | null): Values {
  return Object.fromEntries(
    questions.map((q) => {
      const value = mine?.[q.id];
      if (q.kind === "severalChoices") return [q.id, Array.isArray(value) ? value : []];
      return [q.id, value === null || value === undefined || Array.isArray(value) ? "" : String(value)];
    }),
  );
}

function QuestionControl({ question, index, value, error, onChange }: { question: Question; index: number; value: string | string[]; error: string | undefined; onChange: (value: string | string[]) => void }) {
  const { t } = useTranslation("members");
  const id = `question-${question.id}`;
  const described = [question.help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  const label = (
    <>
      {index + 1}. {question.label}
      {question.required ? <span className="text-red-800"> {t("surveys.required")}</span> : <span className="font-normal text-stone-600"> {t("surveys.optional")}</span>}
    </>
  );
  const help = question.help && (
    <p id={`${id}-help`} className="text-sm text-stone-700">
      {question.help}
    </p>
  );
  const refusal = error && (
    <p id={`${id}-error`} className="text-sm font-medium text-red-800">
      {error}
    </p>
  );
  const invalid = error ? true : undefined;
  const group = (choices: ReactNode) => (
    <fieldset className="grid gap-2" aria-describedby={described} aria-invalid={invalid} data-field={id}>
      <legend className={ui.label}>{label}</legend>
      {help}
      {choices}
      {refusal}
    </fieldset>
  );
  switch (question.kind) {
    case "oneChoice":
    case "rating": {
      const options = question.kind === "rating" ? ["1", "2", "3", "4", "5"] : question.options;
      return group(
        <div className={question.kind === "rating" ? "flex flex-wrap gap-x-5 gap-y-1" : "grid gap-1"}>
          {options.map((option) => (
            <label key={option} className="flex items-center gap-2 text-stone-800">
              <input type="radio" name={id} value={option} required={question.required} checked={value === option} onChange={() => onChange(option)} className="size-4 accent-brand-700" />
              {option}
            </label>
          ))}
          {question.kind === "rating" && <span className="basis-full text-sm text-stone-600">{t("surveys.ratingHelp")}</span>}
        </div>,
      );
    }
    case "severalChoices": {
      const chosen = Array.isArray(value) ? value : [];
      return group(
        <div className="grid gap-1">
          {question.options.map((option) => (
            <label key={option} className="flex items-center gap-2 text-stone-800">
              <input
                type="checkbox"
                name={id}
                value={option}
                checked={chosen.includes(option)}
                onChange={(e) => onChange(e.target.checked ? [...chosen, option] : chosen.filter((c) => c !== option))}
                className="size-4 accent-brand-700"
              />
              {option}
            </label>
          ))}
        </div>,
      );
    }
    default: {
      const common = {
        id,
        name: id,
        value: typeof value === "string" ? value : "",
        "aria-describedby": described,
        "aria-invalid": invalid,
        "aria-required": question.required || undefined,
        className: ui.input,
      };
      return (
        <div className="grid gap-1" data-field={id}>
          <label htmlFor={id} className={ui.label}>
            {label}
          </label>
          {help}
          {question.kind === "longText" ? (
            <textarea {...common} rows={5} maxLength={5000} onChange={(e) => onChange(e.target.value)} />
          ) : question.kind === "date" ? (
            <input {...common} type="date" onChange={(e) => onChange(e.target.value)} />
          ) : question.kind === "number" ? (
            // Text, not a number field: what is typed stays as typed, and a refusal says what to change.
            <input {...common} type="text" inputMode="decimal" onChange={(e) => onChange(e.target.value)} />
          ) : (
            <input {...common} type="text" maxLength={5000} onChange={(e) => onChange(e.target.value)} />
          )}
          {refusal}
        </div>
      );
    }
  }
}

export function SurveyForm({ survey, signedIn }: { survey: SurveyDetail; signedIn: boolean }) {
  const { t } = useTranslation("members");
  const [values, setValues] = useState<Values>(() => initialValues(survey.questions, survey.myAnswers));
  const [email, setEmail] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();
  const proof = useProofOfWork();
  const formId = useId();
  const isPublic = survey.audience === "public";
  const changing = survey.answered === true && !survey.anonymous;

  function focusFirstError(fields: Record<string, string>) {
    const first = survey.questions.find((q) => fields[`answers.${q.id}`]);
    const target = first ? `question-${first.id}` : fields.email ? `${formId}-email` : `${formId}-submit`;
    requestAnimationFrame(() => {
      const element = document.getElementById(target) ?? (document.querySelector(`[data-field="${target}"] input`) as HTMLElement | null);
      element?.focus();
    });
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(null);
    setBusy(true);
    try {
      const altcha = isPublic ? ((await proof.take()) ?? undefined) : undefined;
      const outcome = await apiFetch<{ status: string; message: string }>(`/surveys/${encodeURIComponent(survey.id)}/responses`, {
        method: "POST",
        json: { answers: values, ...(altcha ? { altcha } : {}), ...(!signedIn ? { email } : {}) },
      });
      setErrors({});
      setDone(outcome.message);
      if (outcome.status !== "pending") await revalidator.revalidate();
    } catch (caught) {
      const fields = caught instanceof ApiError ? { ...caught.fields } : {};
      if (caught instanceof ApiError && Object.keys(fields).length === 0) fields.submit = caught.message;
      if (!(caught instanceof ApiError)) fields.submit = String(caught);
      setErrors(fields);
      focusFirstError(fields);
    } finally {
      setBusy(false);
    }
  }

  const formError = errors.submit ?? (Object.keys(errors).some((k) => k.startsWith("answers.")) ? m.fixAnswers : undefined);
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-5" aria-label={`Answer ${survey.title}`}>
      {survey.questions.map((question, index) => (
        <QuestionControl
          key={question.id}
          question={question}
          index={index}
          value={values[question.id] ?? ""}
          error={errors[`answers.${question.id}`]}
          onChange={(value) => {
            setValues((all) => ({ ...all, [question.id]: value }));
            // Its refusal goes once the answer changes; the others stay until the next sending.
            setErrors(({ [`answers.${question.id}`]: _, ...others }) => others);
          }}
        />
      ))}
      {!signedIn && (
        <div className="grid gap-1">
          <label htmlFor={`${formId}-email`} className={ui.label}>
            {t("surveys.email")}
          </label>
          <p id={`${formId}-email-help`} className="text-sm text-stone-700">
            {t("surveys.emailHelp")}
            {survey.anonymous && ` ${t("surveys.emailAnonymous")}`}
          </p>
          <input
            id={`${formId}-email`}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className={ui.input}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={`${formId}-email-help${errors.email ? ` ${formId}-email-error` : ""}`}
          />
          {errors.email && (
            <p id={`${formId}-email-error`} className="text-sm font-medium text-red-800">
              {errors.email}
            </p>
          )}
        </div>
      )}
      {isPublic && proof.widget}
      <div className="grid gap-2">
        <div>
          <button id={`${formId}-submit`} type="submit" className={ui.primary} disabled={busy} aria-describedby={formError ? `${formId}-submit-error` : undefined}>
            {busy ? t("surveys.sending") : changing ? t("surveys.change") : t("surveys.send")}
          </button>
        </div>
        {formError && (
          <p id={`${formId}-submit-error`} role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
            {formError}
          </p>
        )}
        <p role="status" className="text-sm font-semibold text-green-900">
          {done}
        </p>
      </div>
    </form>
  );
}
