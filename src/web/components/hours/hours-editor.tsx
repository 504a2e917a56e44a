// One editor for a business's opening hours: intervals per day (overnight allowed), "copy Monday to the other
// weekdays", closed on public holidays, dated exceptions, or OpenStreetMap `opening_hours` text pasted whole.
// It sends one form field: the structured form as JSON, or the text, which the server reads.
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { WEEKDAYS, toOsm, type HoursException, type Interval, type OpeningHours, type Weekday } from "#shared/opening-hours.ts";
import { ui } from "#web/components/ui/classes.ts";

type DayMode = "open" | "closed" | "unknown";
interface Draft {
  week: Record<Weekday, Interval[] | null>;
  exceptions: HoursException[];
  closedOnPublicHolidays: boolean;
}

const EMPTY: Draft = { week: Object.fromEntries(WEEKDAYS.map((d) => [d, null])) as Draft["week"], exceptions: [], closedOnPublicHolidays: false };
const NEW_INTERVAL: Interval = { open: "09:00", close: "17:00" };
// OpenStreetMap's own syntax, the same in every language.
const OSM_EXAMPLE = "Mo-Fr 09:00-17:00; Sa 10:00-14:00; PH off";

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
  const { t } = useTranslation("ui");
  const set = (index: number, patch: Partial<Interval>) => onChange(intervals.map((interval, i) => (i === index ? { ...interval, ...patch } : interval)));
  return (
    <div className="grid gap-2">
      {intervals.map((interval, index) => (
        <div key={index} className="flex flex-wrap items-center gap-2">
          <label className="flex items-center gap-1 text-sm">
            <span className="sr-only">{t("hours.interval", { label, number: index + 1 })}</span>
            {t("hours.opens")}
            <input type="time" required value={shown(interval.open)} onChange={(e) => set(index, { open: e.target.value })} className="rounded-md border border-stone-400 px-2 py-1" aria-label={t("hours.opensLabel", { label, number: index + 1 })} />
          </label>
          <label className="flex items-center gap-1 text-sm">
            {t("hours.closes")}
            <input type="time" required value={shown(interval.close)} onChange={(e) => set(index, { close: e.target.value })} className="rounded-md border border-stone-400 px-2 py-1" aria-label={t("hours.closesLabel", { label, number: index + 1 })} />
          </label>
          <button type="button" className="text-sm text-brand-700 underline" onClick={() => onChange(intervals.filter((_, i) => i !== index))} aria-label={t("hours.removeInterval", { label, number: index + 1 })}>
            {t("hours.remove")}
          </button>
        </div>
      ))}
      {intervals.length < 6 && (
        <button type="button" className="justify-self-start text-sm text-brand-700 underline" onClick={() => onChange([...intervals, intervals.length === 0 ? NEW_INTERVAL : { open: "18:00", close: "22:00" }])}>
          {t("hours.add")}
          <span className="sr-only">{t("hours.addTo", { label })}</span>
        </button>
      )}
    </div>
  );
}

function ExceptionRow({ exception, index, onChange, onRemove }: { exception: HoursException; index: number; onChange: (next: HoursException) => void; onRemove: () => void }) {
  const { t } = useTranslation("ui");
  const closed = exception.intervals.length === 0;
  const name = t("hours.exception", { number: index + 1 });
  return (
    <fieldset className="grid gap-2 rounded-md border border-stone-300 p-3">
      <legend className="px-1 text-sm font-semibold">{name}</legend>
      <div className="flex flex-wrap gap-3">
        <label className="grid text-sm">
          {t("hours.from")}
          <input type="date" required value={exception.from} onChange={(e) => onChange({ ...exception, from: e.target.value })} className={ui.input} />
        </label>
        <label className="grid text-sm">
          {t("hours.to")}
          <input type="date" value={exception.to ?? ""} onChange={(e) => onChange({ ...exception, to: e.target.value || null })} className={ui.input} />
        </label>
        <label className="grid grow text-sm">
          {t("hours.note")}
          <input type="text" maxLength={100} value={exception.note ?? ""} placeholder={t("hours.notePlaceholder")} onChange={(e) => onChange({ ...exception, note: e.target.value || null })} className={ui.input} />
        </label>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={closed} onChange={(e) => onChange({ ...exception, intervals: e.target.checked ? [] : [NEW_INTERVAL] })} />
        {t("hours.closedAllDay")}
      </label>
      {!closed && <IntervalRows label={name} intervals={exception.intervals} onChange={(intervals) => onChange({ ...exception, intervals })} />}
      <button type="button" className="justify-self-start text-sm text-brand-700 underline" onClick={onRemove}>
        {t("hours.removeException", { name: name.toLowerCase() })}
      </button>
    </fieldset>
  );
}

/**
 * The hours as one field. Its value is a hidden input, so the group names the field (`data-field`): a refused sending
 * focuses its first control (the way the hours are given), and the form's messages below it describe the group.
 */
export function HoursEditor({ name, label, initialValue, errorId, errors }: { name: string; label: string; initialValue: unknown; errorId: string; errors?: string[] }) {
  const { t } = useTranslation("ui");
  const day = useTranslation("hours").t;
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
      <div role="radiogroup" aria-label={t("hours.how")} className="flex flex-wrap gap-4 text-sm">
        <label className="flex items-center gap-2">
          <input type="radio" name={`${id}-mode`} checked={!osmMode} onChange={() => setOsmMode(false)} />
          {t("hours.byDay")}
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
          {t("hours.osm")}
        </label>
      </div>

      {osmMode ? (
        <label className="grid gap-1 text-sm">
          {t("hours.osmText")}
          <textarea value={osmText} rows={3} maxLength={2000} onChange={(e) => setOsmText(e.target.value)} placeholder={OSM_EXAMPLE} className={ui.input} aria-describedby={`${id}-osm-help`} />
          <span id={`${id}-osm-help`} className="text-stone-600">
            {t("hours.osmHelp")} <code>{OSM_EXAMPLE}</code>. {t("hours.osmEmpty")}
          </span>
        </label>
      ) : (
        <>
          <ul className="grid gap-3" aria-label={t("hours.byDayList")}>
            {WEEKDAYS.map((weekday) => (
              <li key={weekday} className="grid gap-2 border-b border-stone-200 pb-3 sm:grid-cols-[8rem_9rem_1fr] sm:items-start">
                <span id={`${id}-${weekday}`} className="font-medium">
                  {day(`day.${weekday}`)}
                </span>
                <select
                  aria-labelledby={`${id}-${weekday}`}
                  value={modeOf(weekday)}
                  onChange={(e) => setDay(weekday, e.target.value === "unknown" ? null : e.target.value === "closed" ? [] : [NEW_INTERVAL])}
                  className="rounded-md border border-stone-400 px-2 py-1"
                >
                  <option value="open">{t("hours.open")}</option>
                  <option value="closed">{t("hours.closed")}</option>
                  <option value="unknown">{t("hours.notGiven")}</option>
                </select>
                {modeOf(weekday) === "open" && <IntervalRows label={day(`day.${weekday}`)} intervals={draft.week[weekday]!} onChange={(intervals) => setDay(weekday, intervals.length === 0 ? [] : intervals)} />}
              </li>
            ))}
          </ul>
          <p className="text-sm text-stone-600">{t("hours.overnight")}</p>
          <button
            type="button"
            className={`${ui.secondary} justify-self-start`}
            onClick={() => setDraft((d) => ({ ...d, week: { ...d.week, tu: d.week.mo, we: d.week.mo, th: d.week.mo, fr: d.week.mo } }))}
          >
            {t("hours.copyMonday")}
          </button>
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={draft.closedOnPublicHolidays} onChange={(e) => setDraft((d) => ({ ...d, closedOnPublicHolidays: e.target.checked }))} />
            {t("hours.holidays")}
          </label>
          <div className="grid gap-2">
            <span className="font-medium">{t("hours.exceptions")}</span>
            {draft.exceptions.length === 0 && <p className="text-sm text-stone-600">{t("hours.noExceptions")}</p>}
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
              {t("hours.addException")}
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
