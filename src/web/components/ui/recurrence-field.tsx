// A repeat rule (RFC 5545 RRULE) typed in its own words, said back in plain words with the event's times as it is typed:
// "Every month on the 1st Friday, 18:00–21:00".
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { describeRule } from "../../../shared/recurrence.ts";
import { Field, ui } from "./field.tsx";
import { toLocalInput } from "./image-field.tsx";

/** "18:00" of a form's date-time: as typed, or a saved instant as the date-time field shows it. */
function time(value: unknown): string {
  if (typeof value !== "string") return "";
  const local = /(Z|[+-]\d{2}:\d{2})$/.test(value) ? toLocalInput(value) : value;
  return local.match(/T(\d{2}:\d{2})/)?.[1] ?? "";
}

export function RecurrenceField({ label, placeholder, maxLength, meta, start, end }: { label: string; placeholder?: string; maxLength?: number; meta: FieldMetadata<unknown>; start: unknown; end: unknown }) {
  const { key, ...rest } = getInputProps(meta, { type: "text" });
  const [rule, setRule] = useState(typeof meta.initialValue === "string" ? meta.initialValue : "");
  const words = rule.trim() ? describeRule(rule) : null;
  const times = [time(start), time(end)].filter(Boolean).join("–");
  const hintId = `${meta.id}-words`;
  return (
    <Field id={meta.id} label={label} errorId={meta.errorId} errors={meta.errors}>
      <input key={key} {...rest} aria-describedby={[rest["aria-describedby"], hintId].filter(Boolean).join(" ")} placeholder={placeholder} maxLength={maxLength} className={ui.input} onInput={(e) => setRule(e.currentTarget.value)} />
      <p id={hintId} aria-live="polite" className="mt-1 text-sm text-stone-700">
        {!rule.trim()
          ? "Does not repeat. Examples: FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270630 or FREQ=MONTHLY;BYDAY=1FR."
          : words
            ? `${words}${times ? `, ${times}` : ""}`
            : "Not a rule yet."}
      </p>
    </Field>
  );
}
