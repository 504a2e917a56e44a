// A picker that can be typed into (categories, businesses): React Aria's combobox, submitting the chosen
// option's value under `name`, with the form's messages tied to its text box.
import { Button, ComboBox, Header, Input, Label, ListBox, ListBoxItem, ListBoxSection, Popover } from "react-aria-components";
import { ErrorList, ui } from "./field.tsx";

export interface ComboOption {
  value: string;
  label: string;
}

const itemClass =
  "cursor-pointer rounded px-3 py-2 text-sm text-stone-900 outline-none data-[focused]:bg-brand-50 data-[focused]:text-brand-800 data-[selected]:font-semibold";

export function PickerComboBox({
  id,
  name,
  label,
  fixed,
  grouped,
  group,
  placeholder,
  defaultValue,
  errorId,
  errors,
  onPick,
}: {
  id: string;
  name: string;
  label: string;
  /** Options listed first; `grouped` follow under the heading `group` when one is given. */
  fixed: ComboOption[];
  grouped: ComboOption[];
  group?: string;
  placeholder?: string;
  defaultValue?: string;
  errorId: string;
  errors?: ReadonlyArray<string> | null;
  onPick?: (value: string) => void;
}) {
  const item = (option: ComboOption) => (
    <ListBoxItem key={option.value} id={option.value} textValue={option.label} className={itemClass}>
      {option.label}
    </ListBoxItem>
  );
  const invalid = !!errors?.length;
  return (
    <ComboBox
      id={`${id}-box`}
      name={name}
      defaultSelectedKey={defaultValue || null}
      isInvalid={invalid}
      onSelectionChange={(key) => onPick?.(key === null ? "" : String(key))}
      className="min-w-0"
    >
      <Label className={ui.label}>{label}</Label>
      <div className="relative mt-1">
        <Input id={id} placeholder={placeholder} aria-describedby={invalid ? errorId : undefined} className={`${ui.input} mt-0 pr-10`} />
        <Button className="absolute inset-y-0 right-0 flex items-center px-3 text-stone-600">
          <span aria-hidden="true">▾</span>
        </Button>
      </div>
      <ErrorList id={errorId} errors={errors} />
      <Popover className="z-50 max-h-72 w-(--trigger-width) overflow-auto rounded-md border border-stone-300 bg-white p-1 shadow-lg">
        <ListBox className="outline-none">
          {fixed.map(item)}
          {grouped.length > 0 &&
            (group ? (
              <ListBoxSection>
                <Header className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-stone-600 uppercase">{group}</Header>
                {grouped.map(item)}
              </ListBoxSection>
            ) : (
              grouped.map(item)
            ))}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
