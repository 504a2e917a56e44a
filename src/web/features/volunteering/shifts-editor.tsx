// The Volunteering form's shifts: a start and an end (the site's time), a place, the places needed and requirements per
// row, sent as one JSON field. A shift already saved keeps its id, so its sign-ups stay with it; one removed here is
// removed with its sign-ups when the form is saved. As the value is a hidden input, the group names the field
// (`data-field`) so a refused sending focuses it; the messages of any row are told below the rows.
import { useState } from "react";
import { DateTimeField } from "#web/components/ui/date-time-field.tsx";
import type { FieldWidgetProps } from "#web/components/ui/entity-fields.tsx";
import { ui } from "#web/components/ui/classes.ts";
import { jsonListField } from "#web/lib/json-list-field.ts";
import { useManageText } from "#web/lib/manage-text.ts";

interface Row {
  id?: string | null;
  startsAt: string;
  endsAt: string;
  place: string;
  placesNeeded: number | string;
  requirements?: string | null;
}

const blank = (): Row => ({ startsAt: "", endsAt: "", place: "", placesNeeded: 1, requirements: "" });

export function ShiftsEditor({ name, label, initialValue, errorId, errors, timeZone }: FieldWidgetProps) {
  const { t } = useManageText();
  const [rows, setRows] = useState<Row[]>(() => {
    const saved = jsonListField<Row>(initialValue).map(({ id, startsAt, endsAt, place, placesNeeded, requirements }) => ({ id, startsAt, endsAt, place, placesNeeded, requirements: requirements ?? "" }));
    return saved.length > 0 ? saved : [blank()];
  });
  const invalid = !!errors?.length;
  const set = (index: number, patch: Partial<Row>) => setRows((all) => all.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const sent = rows.map((row) => ({ ...row, placesNeeded: Number(row.placesNeeded) }));
  return (
    <fieldset className="grid gap-3" aria-describedby={invalid ? errorId : undefined} aria-invalid={invalid || undefined} data-field={name}>
      <legend className={ui.label}>{label}</legend>
      <input type="hidden" name={name} value={JSON.stringify(sent)} />
      {rows.map((row, index) => (
        <div key={row.id ?? `new-${index}`} className="grid gap-2 rounded-md border border-stone-300 p-3" role="group" aria-label={t("shifts.shift", { n: index + 1 })}>
          <div className="grid gap-2 sm:grid-cols-2">
            <DateTimeField name={`${name}-starts-${index}`} label={t("shifts.starts", { n: index + 1 })} defaultValue={row.startsAt} timeZone={timeZone} onChange={(iso) => set(index, { startsAt: iso ?? "" })} />
            <DateTimeField name={`${name}-ends-${index}`} label={t("shifts.ends", { n: index + 1 })} defaultValue={row.endsAt} timeZone={timeZone} onChange={(iso) => set(index, { endsAt: iso ?? "" })} />
          </div>
          <div className="grid gap-2 sm:grid-cols-[1fr_10rem]">
            <label className="grid text-sm font-semibold text-stone-800">
              {t("shifts.place", { n: index + 1 })}
              <input value={row.place} maxLength={500} onChange={(e) => set(index, { place: e.target.value })} className={ui.input} />
            </label>
            <label className="grid text-sm font-semibold text-stone-800">
              {t("shifts.placesNeeded", { n: index + 1 })}
              <input type="number" min={1} max={1000} step={1} value={row.placesNeeded} onChange={(e) => set(index, { placesNeeded: e.target.value })} className={ui.input} />
            </label>
          </div>
          <label className="grid text-sm font-semibold text-stone-800">
            {t("shifts.requirements", { n: index + 1 })}
            <input value={row.requirements ?? ""} maxLength={2000} onChange={(e) => set(index, { requirements: e.target.value })} className={ui.input} />
          </label>
          {rows.length > 1 && (
            <button type="button" className="justify-self-start text-sm text-brand-700 underline" onClick={() => setRows((all) => all.filter((_, i) => i !== index))}>
              {t("shifts.remove", { n: index + 1 })}
            </button>
          )}
        </div>
      ))}
      <button type="button" className={`${ui.secondary} justify-self-start`} onClick={() => setRows((all) => [...all, blank()])}>
        {t("shifts.add")}
      </button>
      <p id={errorId} className="text-sm font-medium text-red-800 empty:hidden">
        {errors?.join(" ")}
      </p>
    </fieldset>
  );
}
