// A choice from a short fixed list (permission, offer type, author, order, role): React Aria's select, with
// the site's input look. Given a `name`, it sends the chosen value with its form like a native select.
import { useTranslation } from "react-i18next";
import type { Key } from "react-aria-components";
import { Button, Header, Label, ListBox, ListBoxItem, ListBoxSection, Popover, Select, SelectValue } from "react-aria-components";
import { useState } from "react";
import { ErrorList } from "./field.tsx";
import { ui } from "./classes.ts";

export interface SelectOption {
  value: string;
  label: string;
}

const listItemClass =
  "cursor-pointer rounded px-3 py-2 text-sm text-stone-900 outline-none data-[focused]:bg-brand-50 data-[focused]:text-brand-800 data-[selected]:font-semibold";
const popoverClass = "z-50 max-h-72 w-(--trigger-width) min-w-40 overflow-auto rounded-md border border-stone-300 bg-white p-1 shadow-lg";
const groupHeaderClass = "px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-stone-600 uppercase";

/** What the pickers (this select and the combobox) are given. */
export interface PickerProps {
  /** The trigger's id, so a label elsewhere or a test can find it. */
  id?: string;
  name?: string;
  label: string;
  options: SelectOption[];
  /** Options listed after `options` under the heading `group`. */
  grouped?: SelectOption[];
  group?: string;
  /** The choice meaning "none" (listed first with the value ""; in a combobox, the empty box's placeholder). */
  empty?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  errorId?: string;
  errors?: ReadonlyArray<string> | null;
  /** A combobox's options found on the server as it is typed into: a paged list's API path taking `q` (a select has none). */
  searchPath?: string | undefined;
}

const item = (option: SelectOption) => (
  <ListBoxItem key={option.value} id={option.value} textValue={option.label} className={listItemClass}>
    {option.label}
  </ListBoxItem>
);

/** The arrow of a control that opens a list (drawn, so it adds no text to the control's value). */
export function Chevron() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0 fill-current text-stone-600">
      <path d="M5.5 7.5 10 12l4.5-4.5" stroke="currentColor" strokeWidth="1.8" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The popup list of a select or combobox: its options, then the grouped ones under their heading. */
/** `footer`: a line after the options, not one of them (its words reach screen readers another way). */
export function PickerList({ options, grouped = [], group, footer }: Pick<PickerProps, "options" | "grouped" | "group"> & { footer?: string | undefined }) {
  return (
    <Popover className={popoverClass}>
      <ListBox className="outline-none">
        {options.map(item)}
        {grouped.length > 0 &&
          (group ? (
            <ListBoxSection>
              <Header className={groupHeaderClass}>{group}</Header>
              {grouped.map(item)}
            </ListBoxSection>
          ) : (
            grouped.map(item)
          ))}
      </ListBox>
      {footer && (
        <p aria-hidden="true" className="border-t border-stone-200 px-3 py-2 text-sm text-stone-600">
          {footer}
        </p>
      )}
    </Popover>
  );
}

/**
 * The key of the "none" choice: React Aria's hidden select lists an option of value "" of its own, and a second one
 * would leave two options selected. The form is sent "" for it (the hidden input below).
 */
const NONE = "-none-";
const keyOf = (value: string | undefined, empty: string | undefined): Key | null | undefined => (value === undefined ? undefined : value === "" ? (empty ? NONE : null) : value);
const valueOf = (key: Key | null) => (key === null || key === NONE ? "" : String(key));

export function PickerSelect({ id, name, label, hideLabel, options, grouped = [], group, empty, defaultValue, value, onChange, disabled, errorId, errors, className, triggerClassName }: PickerProps & { hideLabel?: boolean; value?: string; disabled?: boolean; className?: string; triggerClassName?: string }) {
  const invalid = !!errors?.length;
  const all = empty ? [{ value: NONE, label: empty }, ...options] : options;
  const { t } = useTranslation("ui");
  const [chosen, setChosen] = useState(defaultValue ?? "");
  return (
    <Select
      aria-label={hideLabel ? label : undefined}
      placeholder={empty ?? t("select.placeholder")}
      defaultValue={keyOf(defaultValue, empty)}
      value={keyOf(value, empty)}
      onChange={(key) => {
        setChosen(valueOf(key));
        onChange?.(valueOf(key));
      }}
      isDisabled={disabled}
      isInvalid={invalid}
      className={`group ${className ?? "min-w-0"}`}
    >
      {!hideLabel && <Label className={ui.label}>{label}</Label>}
      <Button
        id={id}
        aria-describedby={invalid ? errorId : undefined}
        className={triggerClassName ?? `${ui.input} flex items-center justify-between gap-2 text-start group-data-[invalid]:border-red-700 group-data-[invalid]:ring-1 group-data-[invalid]:ring-red-700`}
      >
        <SelectValue className="truncate data-[placeholder]:text-stone-600" />
        <Chevron />
      </Button>
      <ErrorList id={errorId} errors={errors} />
      <PickerList options={all} grouped={grouped} group={group} />
      {name !== undefined && <input type="hidden" name={name} value={value ?? chosen} disabled={disabled} />}
    </Select>
  );
}
