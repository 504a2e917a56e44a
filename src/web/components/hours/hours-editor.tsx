// One editor for a business's opening hours: intervals per day (overnight allowed), "copy Monday to the other
// weekdays", closed on public holidays, dated exceptions, or OpenStreetMap `opening_hours` text pasted whole.
// It sends one form field: the structured form as JSON, or the text, which the server reads.
import { useId, useState } from "react";
import { WEEKDAY_NAMES, WEEKDAYS, toOsm, type HoursException, type Interval, type OpeningHours, type Weekday } from "#shared/opening-hours.ts";
import { ui } from "#web/components/ui/field.tsx";

type DayMode = "open" | "closed" | "unknown";
interface Draft {
  week: Record<Weekday, Interval[] | null>;
  exceptions: HoursException[];
  closedOnPublicHolidays: boolean;
}

const EMPTY: Draft = { week: Object.fromEntries(WEEKDAYS.map((d) => [d, null])) as Draft["week"], exceptions: [], closedOnPublicHolidays: false };
const NEW_INTERVAL: Interval = { open: "09:00", close: "17:00" };

/** The saved hours, as the form holds them (JSON text), or none. */
export function initialDraft(initial: unknown): Draft {
  let value = initial;
  if (typeof value === "string" && value.trim().startsWith("{")) {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      value = null;
    }
  }
  if (!value || typeof value !== "object" || !("week" in value)) return EMPTY;
  const hours = value as Partial<OpeningHours>;
  // Parts left out are what they mean when absent: an exception without hours is closed all day.
  const exceptions = (hours.exceptions ?? []).map((e) => ({ ...e, to: e.to ?? null, intervals: e.intervals ?? [], note: e.note ?? null }));
  return { week: { ...EMPTY.week, ...hours.week }, exceptions, closedOnPublicHolidays: !!hours.closedOnPublicHolidays };
}

/** A time input cannot hold 24:00; midnight at the end of a day is entered as 00:00. */
const shown = (time: string) => (time === "24:00" ? "00:00" : time);
const stored = (interval: Interval): Interval => (interval.close === "00:00" ? { ...interval, close: "24:00" } : interval);

function IntervalRows({ label, intervals, onChange }: { label: string; intervals: Interval[]; onChange: (next: Interval[]) => void }) {
  const set = (index: number, patch: Partial<Interval>) => onChange(intervals.map((interval, i) => (i === index ? { ...interval, ...patch } : interval)));
  return (
    <div className="grid gap-2">
      {intervals.map((interval, index) => (
        <div key={index} className="flex flex-wrap items-center gap-2">
          <label className="flex items-center gap-1 text-sm">
            <span className="sr-only">
              {label} interval {index + 1}
            </span>
            opens
            <input type="time" required value={shown(interval.open)} onChange={(e) => set(index, { open: e.target.value })} className="rounded-md border border-stone-400 px-2 py-1" aria-label={`${label} opens (interval ${index + 1})`} />
          </label>
          <label className="flex items-center gap-1 text-sm">
            closes
            <input type="time" required value={shown(interval.close)} onChange={(e) => set(index, { close: e.target.value })} className="rounded-md border border-stone-400 px-2 py-1" aria-label={`${label} closes (interval ${index + 1})`} />
          </label>
          <button type="button" className="text-sm text-brand-700 underline" onClick={() => onChange(intervals.filter((_, i) => i !== index))} aria-label={`Remove ${label} interval ${index + 1}`}>
            Remove
          </button>
        </div>
      ))}
      {intervals.length < 6 && (
        <button type="button" className="justify-self-start text-sm text-brand-700 underline" onClick={() => onChange([...intervals, intervals.length === 0 ? NEW_INTERVAL : { open: "18:00", close: "22:00" }])}>
          Add hours<span className="sr-only"> to {label}</span>
        </button>
      )}
    </div>
  );
}

function ExceptionRow({ exception, index, onChange, onRemove }: { exception: HoursException; index: number; onChange: (next: HoursException) => void; onRemove: () => void }) {
  const closed = exception.intervals.length === 0;
  const name = `Exception ${index + 1}`;
  return (
    <fieldset className="grid gap-2 rounded-md border border-stone-300 p-3">
      <legend className="px-1 text-sm font-semibold">{name}</legend>
      <div className="flex flex-wrap gap-3">
        <label className="grid text-sm">
          From
          <input type="date" required value={exception.from} onChange={(e) => onChange({ ...exception, from: e.target.value })} className={ui.input} />
        </label>
        <label className="grid text-sm">
          To (optional)
          <input type="date" value={exception.to ?? ""} onChange={(e) => onChange({ ...exception, to: e.target.value || null })} className={ui.input} />
        </label>
        <label className="grid grow text-sm">
          Note (optional)
          <input type="text" maxLength={100} value={exception.note ?? ""} placeholder="Christmas" onChange={(e) => onChange({ ...exception, note: e.target.value || null })} className={ui.input} />
        </label>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={closed} onChange={(e) => onChange({ ...exception, intervals: e.target.checked ? [] : [NEW_INTERVAL] })} />
        Closed all day
      </label>
      {!closed && <IntervalRows label={name} intervals={exception.intervals} onChange={(intervals) => onChange({ ...exception, intervals })} />}
      <button type="button" className="justify-self-start text-sm text-brand-700 underline" onClick={onRemove}>
        Remove {name.toLowerCase()}
      </button>
    </fieldset>
  );
}

/**
 * The hours as one field. Its value is a hidden input, so the group names the field (`data-field`): a refused sending
 * focuses its first control (the way the hours are given), and the form's messages below it describe the group.
 */
export function HoursEditor({ name, label, initialValue, errorId, errors }: { name: string; label: string; initialValue: unknown; errorId: string; errors?: string[] }) {
  const [draft, setDraft] = useState<Draft>(() => initialDraft(initialValue));
  const [osmMode, setOsmMode] = useState(false);
  const [osmText, setOsmText] = useState("");
  const id = useId();
  const invalid = !!errors?.length;
  const setDay = (day: Weekday, intervals: Interval[] | null) => setDraft((d) => ({ ...d, week: { ...d.week, [day]: intervals } }));
  const modeOf = (day: Weekday): DayMode => (draft.week[day] === null ? "unknown" : draft.week[day]!.length === 0 ? "closed" : "open");
  const structured: OpeningHours = {
    week: Object.fromEntries(WEEKDAYS.map((d) => [d, draft.week[d]?.map(stored) ?? null])) as OpeningHours["week"],
    exceptions: draft.exceptions.map((e) => ({ ...e, intervals: e.intervals.map(stored) })),
    closedOnPublicHolidays: draft.closedOnPublicHolidays,
  };
  // Empty text means no hours are given: sent as a week of days not given, since a blank field keeps the saved hours.
  const value = osmMode ? osmText.trim() || JSON.stringify(EMPTY) : JSON.stringify(structured);

  return (
    <fieldset className="grid gap-3" aria-describedby={invalid ? errorId : undefined} aria-invalid={invalid || undefined} data-hours-editor data-field={name}>
      <legend className={ui.label}>{label}</legend>
      <input type="hidden" name={name} value={value} />
      <div role="radiogroup" aria-label="How to give the hours" className="flex flex-wrap gap-4 text-sm">
        <label className="flex items-center gap-2">
          <input type="radio" name={`${id}-mode`} checked={!osmMode} onChange={() => setOsmMode(false)} />
          By day
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={`${id}-mode`}
            checked={osmMode}
            onChange={() => {
              setOsmText((text) => text || toOsm(structured));
              setOsmMode(true);
            }}
          />
          OpenStreetMap text
        </label>
      </div>

      {osmMode ? (
        <label className="grid gap-1 text-sm">
          opening_hours text
          <textarea value={osmText} rows={3} maxLength={2000} onChange={(e) => setOsmText(e.target.value)} placeholder="Mo-Fr 09:00-17:00; Sa 10:00-14:00; PH off" className={ui.input} aria-describedby={`${id}-osm-help`} />
          <span id={`${id}-osm-help`} className="text-stone-600">
            Paste the hours from OpenStreetMap, e.g. <code>Mo-Fr 09:00-17:00; Sa 10:00-14:00; PH off</code>. Leave it empty when no hours are given.
          </span>
        </label>
      ) : (
        <>
          <ul className="grid gap-3" aria-label="Hours by day">
            {WEEKDAYS.map((day) => (
              <li key={day} className="grid gap-2 border-b border-stone-200 pb-3 sm:grid-cols-[8rem_9rem_1fr] sm:items-start">
                <span id={`${id}-${day}`} className="font-medium">
                  {WEEKDAY_NAMES[day]}
                </span>
                <select
                  aria-labelledby={`${id}-${day}`}
                  value={modeOf(day)}
                  onChange={(e) => setDay(day, e.target.value === "unknown" ? null : e.target.value === "closed" ? [] : [NEW_INTERVAL])}
                  className="rounded-md border border-stone-400 px-2 py-1"
                >
                  <option value="open">Open</option>
                  <option value="closed">Closed</option>
                  <option value="unknown">Not given</option>
                </select>
                {modeOf(day) === "open" && <IntervalRows label={WEEKDAY_NAMES[day]} intervals={draft.week[day]!} onChange={(intervals) => setDay(day, intervals.length === 0 ? [] : intervals)} />}
              </li>
            ))}
          </ul>
          <p className="text-sm text-stone-600">A closing time before the opening time is on the next day (18:00 to 02:00).</p>
          <button
            type="button"
            className={`${ui.secondary} justify-self-start`}
            onClick={() => setDraft((d) => ({ ...d, week: { ...d.week, tu: d.week.mo, we: d.week.mo, th: d.week.mo, fr: d.week.mo } }))}
          >
            Copy Monday to the other weekdays
          </button>
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={draft.closedOnPublicHolidays} onChange={(e) => setDraft((d) => ({ ...d, closedOnPublicHolidays: e.target.checked }))} />
            Closed on public holidays
          </label>
          <div className="grid gap-2">
            <span className="font-medium">Exceptions</span>
            {draft.exceptions.length === 0 && <p className="text-sm text-stone-600">No exceptions.</p>}
            {draft.exceptions.map((exception, index) => (
              <ExceptionRow
                key={index}
                exception={exception}
                index={index}
                onChange={(next) => setDraft((d) => ({ ...d, exceptions: d.exceptions.map((e, i) => (i === index ? next : e)) }))}
                onRemove={() => setDraft((d) => ({ ...d, exceptions: d.exceptions.filter((_, i) => i !== index) }))}
              />
            ))}
            <button
              type="button"
              className={`${ui.secondary} justify-self-start`}
              onClick={() => setDraft((d) => ({ ...d, exceptions: [...d.exceptions, { from: new Date().toLocaleDateString("en-CA"), to: null, intervals: [], note: null }] }))}
            >
              Add an exception
            </button>
          </div>
        </>
      )}
      <p id={errorId} className="text-sm font-medium text-red-800 empty:hidden">
        {errors?.join(" ")}
      </p>
    </fieldset>
  );
}
