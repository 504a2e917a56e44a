// Several choices from a long list (a business's tags): the chosen ones as removable tags (React Aria's tag
// group), more added through a combobox that offers the others; each chosen value is sent under `name`. The values are
// hidden inputs, so the picker names its field on its wrapper (`data-field`): when a refused sending finds the field
// first at fault, the entity form focuses the combobox, and the message below it describes the combobox.
import { useTranslation } from "react-i18next";
import { useState, type ReactNode } from "react";
import { Button, ComboBox, Input, Label, Tag, TagGroup, TagList } from "react-aria-components";
import { ErrorList } from "./field.tsx";
import { ui } from "./classes.ts";
import { Chevron, PickerList, type SelectOption } from "./select.tsx";

interface Props {
  id: string;
  name: string;
  label: string;
  options: SelectOption[];
  defaultValue: string[];
  /** Values chosen from outside (a tag just created); added when they appear. */
  added?: string[];
  errorId: string;
  errors?: ReadonlyArray<string> | null;
  /** Drawn after the combobox (e.g. a way to create a tag). */
  children?: ReactNode;
}

export function TagPicker({ id, name, label, options, defaultValue, added, errorId, errors, children }: Props) {
  const { t } = useTranslation("ui");
  const [chosen, setChosen] = useState(() => [...new Set([...defaultValue, ...(added ?? [])])]);
  // Each pick starts a fresh combobox (empty and closed), keeping the focus in it for the next tag.
  const [picks, setPicks] = useState(0);
  // A value added from outside joins the chosen ones once, when it first appears.
  const addedKey = (added ?? []).join(" ");
  const [seen, setSeen] = useState(addedKey);
  if (addedKey !== seen) {
    setSeen(addedKey);
    setChosen((held) => [...held, ...(added ?? []).filter((value) => !held.includes(value))]);
  }
  const labelOf = new Map(options.map((option) => [option.value, option.label]));
  const invalid = !!errors?.length;
  return (
    <div className="grid min-w-0 gap-2" data-field={name}>
      <TagGroup onRemove={(keys) => setChosen((held) => held.filter((value) => !keys.has(value)))}>
        <Label className={ui.label}>{label}</Label>
        <TagList className="mt-1 flex flex-wrap gap-2" renderEmptyState={() => <span className="text-sm text-stone-600">{t("tags.noneChosen")}</span>}>
          {chosen.map((value) => (
            <Tag
              key={value}
              id={value}
              textValue={labelOf.get(value) ?? value}
              className="flex items-center gap-1 rounded-full border border-brand-200 bg-brand-50 py-0.5 pe-1 ps-3 text-sm text-brand-900 outline-none data-[focus-visible]:outline-2 data-[focus-visible]:outline-brand-700"
            >
              {labelOf.get(value) ?? value}
              <Button slot="remove" aria-label={t("tags.remove", { name: labelOf.get(value) ?? value })} className="rounded-full px-1.5 text-brand-800 hover:bg-brand-100">
                <span aria-hidden="true">×</span>
              </Button>
            </Tag>
          ))}
        </TagList>
      </TagGroup>
      {chosen.map((value) => (
        <input key={value} type="hidden" name={name} value={value} />
      ))}
      {options.length === 0 ? (
        <p className="text-sm text-stone-600">{t("tags.none")}</p>
      ) : (
        <ComboBox
          key={picks}
          isInvalid={invalid}
          onSelectionChange={(key) => {
            if (key === null) return;
            setChosen((held) => (held.includes(String(key)) ? held : [...held, String(key)]));
            setPicks((count) => count + 1);
          }}
          className="min-w-0"
        >
          <Label className="text-sm text-stone-700" htmlFor={id}>
            {t("tags.add", { item: label.toLowerCase().replace(/s$/, "") })}
          </Label>
          <div className="relative mt-1">
            <Input id={id} autoFocus={picks > 0} aria-describedby={invalid ? errorId : undefined} className={`${ui.input} mt-0 pe-10`} />
            <Button className="absolute inset-y-0 end-0 flex items-center px-3 text-stone-600">
              <Chevron />
            </Button>
          </div>
          <PickerList options={options.filter((option) => !chosen.includes(option.value))} />
        </ComboBox>
      )}
      <ErrorList id={errorId} errors={errors} />
      {children}
    </div>
  );
}
