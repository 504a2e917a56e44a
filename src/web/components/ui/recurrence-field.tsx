// A repeat rule (RFC 5545 RRULE) typed in its own words, said back in plain words with the event's times as it is typed:
// "Every month on the 1st Friday, 18:00–21:00".
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { describeRule } from "../../../shared/recurrence.ts";
import { Field, ui } from "./field.tsx";
import { wallClock } from "../../../shared/zoned-time.ts";

/** "18:00": a form's date-time (an instant) on the site's clock, as the date-time field shows it. */
function time(value: unknown, timeZone: string): string {
  if (typeof value !== "string" || !value || Number.isNaN(Date.parse(value))) return "";
  const w = wallClock(new Date(value), timeZone);
  return `${String(w.hour).padStart(2, "0")}:${String(w.minute).padStart(2, "0")}`;
}

export function RecurrenceField({ label, placeholder, maxLength, meta, start, end, timeZone }: { label: string; placeholder?: string; maxLength?: number; meta: FieldMetadata<unknown>; start: unknown; end: unknown; timeZone: string }) {
  const { key, ...rest } = getInputProps(meta, { type: "text" });
  const [rule, setRule] = useState(typeof meta.initialValue === "string" ? meta.initialValue : "");
  const words = rule.trim() ? describeRule(rule) : null;
  const times = [time(start, timeZone), time(end, timeZone)].filter(Boolean).join("–");
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
