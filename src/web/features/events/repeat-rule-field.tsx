// How an event repeats, chosen rather than typed: never, daily, weekly on chosen days, monthly on a day or on the Nth
// weekday, yearly; every N; ending never, on a date or after N times. The form says it back in plain words as it
// changes ("Every month on the first Friday, 18:00–21:00") and sends it as an RFC 5545 RRULE under the field's name.
// A rule the builder cannot show (say, from the API) is edited as RRULE text, which stays available as an option.
import type { FieldMetadata } from "@conform-to/react";
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { describeRule, hasOccurrence, normalizeRule } from "#shared/recurrence.ts";
import type { FieldWidgetProps } from "#web/components/ui/entity-fields.tsx";
import { ErrorList } from "#web/components/ui/field.tsx";
import { ui } from "#web/components/ui/classes.ts";
import { clockTime, defaultChoices, describeChoices, fromRule, NTHS, toRule, WEEKDAYS, type Frequency, type RepeatChoices, type Weekday } from "./repeat-rule.ts";

const FREQUENCIES: Frequency[] = ["never", "daily", "weekly", "monthly", "yearly"];

const small = "rounded-md border border-stone-400 bg-white px-2 py-1.5 text-stone-900";
const choiceRow = "flex flex-wrap items-center gap-2";

interface Props {
  label: string;
  meta: FieldMetadata<unknown>;
  start: unknown;
  end: unknown;
  timeZone: string;
  /** The form's fields holding the event's start and end, read as they change so the words keep up. */
  startName?: string;
  endName?: string;
}

/**
 * The current values of other fields of the same form. The date pickers change their hidden inputs without an input
 * event, so they are read again after each key, click or change within the form.
 */
function useFormValues(anchor: RefObject<HTMLInputElement | null>, names: string[], initial: unknown[]): unknown[] {
  const [values, setValues] = useState(initial);
  const key = names.join(",");
  useEffect(() => {
    const form = anchor.current?.form;
    if (!form) return;
    const read = () => setTimeout(() => setValues(key.split(",").map((name) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? "")));
    const kinds = ["keyup", "click", "change", "focusout"] as const;
    for (const kind of kinds) form.addEventListener(kind, read);
    read();
    return () => kinds.forEach((kind) => form.removeEventListener(kind, read));
  }, [anchor, key]);
  return values;
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="mt-3 min-w-0">
      <legend className="text-sm font-medium text-stone-800">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2">{children}</div>
    </fieldset>
  );
}

function count(value: string, max: number): number {
  const n = Math.trunc(Number(value));
  return Number.isFinite(n) ? Math.min(max, Math.max(1, n)) : 1;
}

export function RepeatRuleField({ label, meta, timeZone, startName = "eventDate", endName = "endDate", ...given }: Props) {
  const { t } = useTranslation("admin");
  const days = useTranslation("hours").t;
  const dayName = (code: Weekday) => days(`day.${code.toLowerCase()}`);
  const id = useId();
  const hidden = useRef<HTMLInputElement>(null);
  const [start, end] = useFormValues(hidden, [startName, endName], [given.start, given.end]);
  const initial = typeof meta.initialValue === "string" ? meta.initialValue : "";
  const fallback = defaultChoices(start, timeZone);
  const [choices, setChoices] = useState<RepeatChoices>(() => fromRule(initial, fallback) ?? fallback);
  // RRULE text is what the field sends when chosen, or when the stored rule says more than the builder can show.
  const [text, setText] = useState<string | null>(() => (fromRule(initial, fallback) ? null : initial));
  const select = useRef<HTMLSelectElement>(null);
  const textInput = useRef<HTMLInputElement>(null);
  const change = (patch: Partial<RepeatChoices>) => setChoices((c) => ({ ...c, ...patch }));

  const rule = text !== null ? text.trim() : (toRule(choices) ?? "");
  const times = [clockTime(start, timeZone), clockTime(end, timeZone)].filter(Boolean).join("–");
  const words =
    text === null
      ? describeChoices(choices, { start, end, timeZone })
      : !rule
        ? t("repeat.frequency.never")
        : describeRule(rule)
          ? `${describeRule(rule)}${times ? `, ${times}` : ""}`
          : t("repeat.notARule");
  const noDates = rule && normalizeRule(rule) && typeof start === "string" && start && !hasOccurrence(rule, start, timeZone);
  const wordsId = `${id}-words`;
  const describedBy = [wordsId, meta.errors?.length ? meta.errorId : null].filter(Boolean).join(" ");
  const invalid = meta.errors?.length ? true : undefined;

  const switchToText = (on: boolean) => {
    if (on) setText(toRule(choices) ?? "");
    else {
      const parsed = fromRule(text, fallback);
      if (parsed) setChoices(parsed);
      setText(parsed ? null : text);
    }
  };

  return (
    <fieldset className="min-w-0 rounded-md border border-stone-300 p-3" aria-describedby={describedBy}>
      <legend className={`${ui.label} px-1`}>{label}</legend>
      {text === null ? (
        <>
          <label htmlFor={`${id}-frequency`} className="text-sm font-medium text-stone-800">
            {t("repeat.repeats")}
          </label>
          <select
            id={`${id}-frequency`}
            ref={select}
            value={choices.frequency}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(e) => {
              // Starting to repeat: the days follow the event's date as it is now.
              const { weekdays, monthDay, nth, nthWeekday } = defaultChoices(start, timeZone);
              change({ frequency: e.currentTarget.value as Frequency, ...(choices.frequency === "never" ? { weekdays, monthDay, nth, nthWeekday } : {}) });
            }}
            className={ui.input}
          >
            {FREQUENCIES.map((value) => (
              <option key={value} value={value}>
                {t(`repeat.frequency.${value}`)}
              </option>
            ))}
          </select>
          {choices.frequency !== "never" && (
            <>
              <p className={`mt-3 ${choiceRow}`}>
                <label htmlFor={`${id}-interval`} className="text-sm font-medium text-stone-800">
                  {t("repeat.every")}
                </label>
                <input id={`${id}-interval`} type="number" min={1} max={99} inputMode="numeric" value={choices.interval} onChange={(e) => change({ interval: count(e.currentTarget.value, 99) })} className={`${small} w-20`} />
                <span className="text-stone-800">{t(`repeat.unit.${choices.frequency}`, { count: choices.interval })}</span>
              </p>
              {choices.frequency === "weekly" && (
                <Group legend={t("repeat.on")}>
                  {WEEKDAYS.map((day) => (
                    <label key={day.code} className="flex items-center gap-1.5">
                      <input
                        type="checkbox"
                        className="size-4"
                        checked={choices.weekdays.includes(day.code)}
                        onChange={(e) => {
                          const on = e.currentTarget.checked;
                          const weekdays = on ? [...choices.weekdays, day.code] : choices.weekdays.filter((d) => d !== day.code);
                          change({ weekdays: weekdays.length ? weekdays : choices.weekdays });
                        }}
                      />
                      <abbr title={dayName(day.code)} className="no-underline">
                        {days(`dayShort.${day.code.toLowerCase()}`)}
                      </abbr>
                    </label>
                  ))}
                </Group>
              )}
              {choices.frequency === "monthly" && (
                <Group legend={t("repeat.on")}>
                  <span className={choiceRow}>
                    <input id={`${id}-by-day`} type="radio" name={`${id}-monthly`} className="size-4" checked={choices.monthlyBy === "day"} onChange={() => change({ monthlyBy: "day" })} />
                    <label htmlFor={`${id}-by-day`}>{t("repeat.monthDay")}</label>
                    <input type="number" min={1} max={31} aria-label={t("repeat.monthDay")} value={choices.monthDay} onChange={(e) => change({ monthlyBy: "day", monthDay: count(e.currentTarget.value, 31) })} className={`${small} w-20`} />
                  </span>
                  <span className={choiceRow}>
                    <input id={`${id}-by-weekday`} type="radio" name={`${id}-monthly`} className="size-4" checked={choices.monthlyBy === "weekday"} onChange={() => change({ monthlyBy: "weekday" })} />
                    <label htmlFor={`${id}-by-weekday`}>{t("repeat.the")}</label>
                    <select aria-label={t("repeat.whichWeek")} value={choices.nth} onChange={(e) => change({ monthlyBy: "weekday", nth: Number(e.currentTarget.value) })} className={small}>
                      {NTHS.map((n) => (
                        <option key={n.value} value={n.value}>
                          {t(`repeat.nth.${n.value}`)}
                        </option>
                      ))}
                    </select>
                    <select aria-label={t("repeat.weekday")} value={choices.nthWeekday} onChange={(e) => change({ monthlyBy: "weekday", nthWeekday: e.currentTarget.value as Weekday })} className={small}>
                      {WEEKDAYS.map((day) => (
                        <option key={day.code} value={day.code}>
                          {dayName(day.code)}
                        </option>
                      ))}
                    </select>
                  </span>
                </Group>
              )}
              <Group legend={t("repeat.ends")}>
                <label className={choiceRow}>
                  <input type="radio" name={`${id}-ends`} className="size-4" checked={choices.ends === "never"} onChange={() => change({ ends: "never" })} />
                  {t("repeat.never")}
                </label>
                <span className={choiceRow}>
                  <input id={`${id}-ends-on`} type="radio" name={`${id}-ends`} className="size-4" checked={choices.ends === "on"} onChange={() => change({ ends: "on" })} />
                  <label htmlFor={`${id}-ends-on`}>{t("repeat.onDate")}</label>
                  <input type="date" aria-label={t("repeat.lastDate")} value={choices.until} onChange={(e) => change({ ends: "on", until: e.currentTarget.value })} className={small} />
                </span>
                <span className={choiceRow}>
                  <input id={`${id}-ends-after`} type="radio" name={`${id}-ends`} className="size-4" checked={choices.ends === "after"} onChange={() => change({ ends: "after" })} />
                  <label htmlFor={`${id}-ends-after`}>{t("repeat.after")}</label>
                  <input type="number" min={1} max={500} aria-label={t("repeat.times")} value={choices.count} onChange={(e) => change({ ends: "after", count: count(e.currentTarget.value, 500) })} className={`${small} w-20`} />
                  <span>{t("repeat.timesUnit", { count: choices.count })}</span>
                </span>
              </Group>
            </>
          )}
        </>
      ) : (
        <>
          <label htmlFor={`${id}-text`} className="text-sm font-medium text-stone-800">
            {t("repeat.rule")}
          </label>
          <input
            id={`${id}-text`}
            ref={textInput}
            value={text}
            maxLength={500}
            placeholder="FREQ=MONTHLY;BYDAY=1FR"
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(e) => setText(e.currentTarget.value)}
            className={ui.input}
          />
        </>
      )}
      <p id={wordsId} aria-live="polite" className="mt-3 rounded-md bg-stone-100 px-3 py-2 font-medium text-stone-900">
        {words}
        {noDates && !invalid && <span className="block text-sm font-normal text-red-800">{t("repeat.noDates")}</span>}
      </p>
      <label className="mt-3 flex items-center gap-2 text-sm text-stone-800">
        <input type="checkbox" className="size-4" checked={text !== null} onChange={(e) => switchToText(e.currentTarget.checked)} />
        {t("repeat.asText")}
      </label>
      <ErrorList id={meta.errorId} errors={meta.errors} />
      {/* What the form sends; a refused form focuses it, and it hands the focus to the builder. */}
      <input
        ref={hidden}
        id={meta.id}
        name={meta.name}
        value={rule}
        readOnly
        tabIndex={-1}
        aria-hidden="true"
        className="sr-only"
        onFocus={() => (text === null ? select.current : textInput.current)?.focus()}
      />
    </fieldset>
  );
}

/** The repeat rule as an entity form's widget: the event's start and end are the form's own fields. */
export function RepeatRuleWidget({ label, meta, values, timeZone }: FieldWidgetProps) {
  return <RepeatRuleField label={label} meta={meta} start={values.eventDate} end={values.endDate} timeZone={timeZone} />;
}
