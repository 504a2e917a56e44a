// A picker that can be typed into (categories, businesses): React Aria's combobox, submitting the chosen
// option's value under `name`, with the form's messages tied to its text box.
import { Button, ComboBox, Input, Label } from "react-aria-components";
import { ErrorList, ui } from "./field.tsx";
import { Chevron, PickerList, type PickerProps } from "./select.tsx";

export function PickerComboBox({ id, name, label, options, grouped = [], group, empty, defaultValue, errorId, errors, onChange }: PickerProps) {
  const invalid = !!errors?.length;
  // The chosen option's name from the start: React Aria fills the text box from its list once that is built, but not
  // while the box has focus, and a form opened on the page gives its first field focus at once.
  const chosen = defaultValue ? [...options, ...grouped].find((option) => option.value === defaultValue) : undefined;
  return (
    <ComboBox
      id={`${id}-box`}
      name={name}
      defaultSelectedKey={defaultValue || null}
      defaultInputValue={chosen?.label ?? ""}
      isInvalid={invalid}
      onSelectionChange={(key) => onChange?.(key === null ? "" : String(key))}
      className="min-w-0"
    >
      {/* The text box keeps the form's id for its field (its messages, the focus after a refusal): the label names it. */}
      <Label className={ui.label} htmlFor={id}>
        {label}
      </Label>
      <div className="relative mt-1">
        <Input id={id} placeholder={empty} aria-describedby={invalid ? errorId : undefined} className={`${ui.input} mt-0 pe-10`} />
        <Button className="absolute inset-y-0 end-0 flex items-center px-3 text-stone-600">
          <Chevron />
        </Button>
      </div>
      <ErrorList id={errorId} errors={errors} />
      <PickerList options={options} grouped={grouped} group={group} />
    </ComboBox>
  );
}
