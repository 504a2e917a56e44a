// On one date's page of a series, for administrators: move that date (a new start and end, in the site's time zone),
// cancel it, or put it back as the rule has it. A refused change says why beside the field at fault.
import { useTranslation } from "react-i18next";
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo, useState } from "react";
import { useScripted } from "#web/lib/scripted.ts";
import { Form, useNavigation } from "react-router";
import { DateTimeField } from "#web/components/ui/date-time-field.tsx";
import { ui } from "#web/components/ui/classes.ts";
import { OccurrenceChangeSchema } from "#shared/schemas/event.ts";
import type { OccurrenceActionData, OccurrenceIntent } from "./occurrence-result.ts";


interface Props {
  start: string;
  end: string | null;
  cancelled: boolean;
  /** When the rule has this date, in words, if it was moved from there. */
  movedFrom: string | null;
  timeZone: string;
  result: OccurrenceActionData | undefined;
}

function IntentButton({ intent, className, children }: { intent: OccurrenceIntent; className: string; children: string }) {
  return (
    <button type="submit" name="intent" value={intent} className={className}>
      {children}
    </button>
  );
}


export function OccurrenceChanges({ start, end, cancelled, movedFrom, timeZone, result }: Props) {
  const { t } = useTranslation("owners");
  const busy = useNavigation().state !== "idle";
  // The date pickers' segments are formatted by the browser's Intl, which can differ from the server's: they are drawn
  // once the page runs.
  const hydrated = useScripted();
  // A new start carries the end along with it, keeping the length, until the end is changed by hand.
  const length = end ? Date.parse(end) - Date.parse(start) : null;
  const [endValue, setEndValue] = useState(end ?? "");
  const [endChanged, setEndChanged] = useState(false);
  const startChanged = (iso: string | null) => {
    if (iso && length !== null && !endChanged) setEndValue(new Date(Date.parse(iso) + length).toISOString());
  };
  const refused = result?.fields ?? {};
  // The page's action answers in its own shape; Conform takes the messages of the two dates from it, and checks the
  // dates with the same rules before they are sent.
  const lastResult = useMemo<SubmissionResult<string[]> | undefined>(
    () => (result ? { status: result.fields ? "error" : "success", error: Object.fromEntries(["startDate", "endDate"].flatMap((name) => (result.fields?.[name] ? [[name, [result.fields[name]]]] : []))) } : undefined),
    [result],
  );
  const [form, fields] = useForm({ id: "occurrence-move", lastResult, shouldValidate: "onSubmit", onValidate: ({ formData }) => parseWithZod(formData, { schema: OccurrenceChangeSchema }) });
  const elsewhere = result?.message && !refused.startDate && !refused.endDate ? (refused.date ?? result.message) : null;
  return (
    <section aria-labelledby="occurrence-change" className="mt-4 rounded-md border border-stone-300 bg-stone-50 p-4">
      <h2 id="occurrence-change" className="text-lg font-semibold text-brand-800">
        {t("occurrence.heading")}
      </h2>
      {result?.done && (
        <p role="status" className={ui.success}>
          {t(`occurrence.done.${result.done}`)}
        </p>
      )}
      {elsewhere && (
        <p role="alert" className={ui.error}>
          {elsewhere}
        </p>
      )}
      {movedFrom && <p className="mt-2 text-stone-800">{t("occurrence.movedFrom", { when: movedFrom })}</p>}
      {(movedFrom || cancelled) && (
        <Form method="post" className="mt-3">
          <IntentButton intent="restore" className={ui.secondary}>
            {cancelled ? t("occurrence.restore") : t("occurrence.putBack")}
          </IntentButton>
        </Form>
      )}
      {!cancelled && hydrated && (
          <Form id={form.id} method="post" noValidate onSubmit={form.onSubmit} className="mt-3 grid gap-3 sm:grid-cols-2" aria-label={t("occurrence.move")}>
            <DateTimeField name={fields.startDate.name} label={t("occurrence.newStart")} defaultValue={start} timeZone={timeZone} errors={fields.startDate.errors} onChange={startChanged} />
            <DateTimeField key={endValue} name={fields.endDate.name} label={t("occurrence.newEnd")} defaultValue={endValue} timeZone={timeZone} errors={fields.endDate.errors} onChange={() => setEndChanged(true)} />
            <p className="sm:col-span-2">
              <IntentButton intent="move" className={ui.primary}>
                {busy ? t("occurrence.saving") : t("occurrence.move")}
              </IntentButton>
            </p>
          </Form>
      )}
      {!cancelled && (
        <Form method="post" className="mt-3">
          <IntentButton intent="cancel" className={ui.danger}>
            {t("occurrence.cancel")}
          </IntentButton>
        </Form>
      )}
    </section>
  );
}
