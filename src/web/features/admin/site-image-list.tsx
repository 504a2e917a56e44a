// The Site settings form's lists of images (hero photos, sponsor logos): each one's place in the list, and adding one
// through the site's upload field, up to as many as the site shows.
import type { FormMetadata } from "@conform-to/react";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { UploadField } from "#web/components/upload/upload-field.tsx";
import { ui } from "#web/components/ui/classes.ts";
import { useManageText } from "#web/lib/manage-text.ts";

/** How the items of one list are called, in the page's language: "hero photo", "Hero photos", "New hero photo", and the add button's text. */
export interface ListNames {
  one: string;
  many: string;
  newOne: string;
  add: (count: number, max: number) => string;
  full: (count: number, max: number) => string;
}

/** The ids of an item's buttons and of the list's add button, so focus can follow an item moved or removed. */
const buttonId = (list: string, index: number, button: "up" | "down" | "remove") => `${list}-${index}-${button}`;
const addButtonId = (list: string) => `${list}-add`;

/** Focuses the first of these that is there once the list is drawn again (after the form has taken the change). */
function focusLater(...ids: string[]) {
  window.setTimeout(() => {
    for (const id of ids) {
      const element = document.getElementById(id);
      if (element && !(element as HTMLButtonElement).disabled) return element.focus();
    }
  }, 0);
}

/**
 * An item's Up, Down and Remove buttons. Focus follows the item moved (to its other move button when it reached an end
 * of the list), and after a removal goes to the next item's Remove button, else the previous one's, else Add.
 */
export function ItemButtons({
  form,
  list,
  index,
  count,
  label,
  disabled,
}: {
  form: Pick<FormMetadata, "reorder" | "remove">;
  list: string;
  index: number;
  count: number;
  /** The item as its buttons name it: "hero photo 2". */
  label: string;
  disabled: boolean;
}) {
  const { t } = useManageText();
  // Plain buttons, not submit buttons: Enter in a field of the form still saves it.
  const move = (to: number) => () => {
    form.reorder({ name: list, from: index, to });
    focusLater(buttonId(list, to, to < index ? "up" : "down"), buttonId(list, to, to < index ? "down" : "up"));
  };
  const remove = () => {
    form.remove({ name: list, index });
    focusLater(buttonId(list, index, "remove"), buttonId(list, index - 1, "remove"), addButtonId(list));
  };
  return (
    <span className="flex flex-wrap gap-1">
      <button type="button" id={buttonId(list, index, "up")} className={ui.secondary} disabled={disabled || index === 0} aria-label={t("imageList.moveUp", { label })} onClick={move(index - 1)}>
        {t("imageList.up")}
      </button>
      <button type="button" id={buttonId(list, index, "down")} className={ui.secondary} disabled={disabled || index === count - 1} aria-label={t("imageList.moveDown", { label })} onClick={move(index + 1)}>
        {t("imageList.down")}
      </button>
      <button type="button" id={buttonId(list, index, "remove")} className={ui.danger} disabled={disabled} aria-label={t("imageList.removeItem", { label })} onClick={remove}>
        {t("imageList.remove")}
      </button>
    </span>
  );
}

/**
 * The list's add button, which opens the upload field; once the image is uploaded, `onUploaded` adds it. When the
 * list is full the button says so, and takes no more.
 */
export function AddImage({
  list,
  names,
  count,
  max,
  disabled,
  onUploaded,
  onBusyChange,
  newItemFocus,
}: {
  list: string;
  names: ListNames;
  count: number;
  max: number;
  disabled: boolean;
  onUploaded: (url: string) => void;
  onBusyChange: (busy: boolean) => void;
  /** The id of the new item's first field, which takes the focus once the item is added. */
  newItemFocus: string;
}) {
  const { t } = useManageText();
  const [adding, setAdding] = useState(false);
  const [uploading, setUploading] = useState(false);
  const uploadArea = useRef<HTMLDivElement>(null);
  const full = count >= max;
  const busy = useCallback(
    (value: boolean) => {
      setUploading(value);
      onBusyChange(value);
    },
    [onBusyChange],
  );
  // The file picker takes the focus as it opens.
  useEffect(() => {
    if (adding) uploadArea.current?.querySelector<HTMLInputElement>('input[type="file"]')?.focus();
  }, [adding]);
  if (adding && !full) {
    return (
      <div ref={uploadArea} className="grid gap-2">
        <UploadField
          kind="siteImage"
          label={names.newOne}
          disabled={disabled}
          onBusyChange={busy}
          onUploaded={(file) => {
            // The upload field goes away with its upload done, so it will not say so itself.
            busy(false);
            setAdding(false);
            onUploaded(file.url);
            focusLater(newItemFocus);
          }}
        />
        <button
          type="button"
          className={`${ui.secondary} justify-self-start`}
          disabled={uploading}
          onClick={() => {
            setAdding(false);
            focusLater(addButtonId(list));
          }}
        >
          {t("imageList.cancelAdding")}
        </button>
      </div>
    );
  }
  return (
    <button id={addButtonId(list)} type="button" className={`${ui.secondary} justify-self-start`} disabled={disabled || full} onClick={() => setAdding(true)}>
      {full ? names.full(count, max) : names.add(count, max)}
    </button>
  );
}

/** One list's frame: its legend and hint, its items in order, the add button, and the list's own message. */
export function ImageList({
  id,
  names,
  hint,
  errorId,
  errors,
  empty,
  children,
  add,
}: {
  id: string;
  names: ListNames;
  hint: string;
  errorId: string;
  errors: string[] | undefined;
  empty: boolean;
  children: ReactNode;
  add: ReactNode;
}) {
  const { t } = useManageText();
  const invalid = !!errors?.length;
  return (
    <fieldset id={id} className="grid min-w-0 gap-3" aria-describedby={`${id}-hint${invalid ? ` ${errorId}` : ""}`}>
      <legend className={ui.label}>{names.many}</legend>
      <p id={`${id}-hint`} className="text-sm text-stone-600">
        {hint}
      </p>
      {empty ? <p className="text-sm text-stone-600">{t("imageList.none")}</p> : <ol className="grid gap-3">{children}</ol>}
      {add}
      {invalid && (
        <p id={errorId} className="text-sm font-medium text-red-800">
          {errors.join(" ")}
        </p>
      )}
    </fieldset>
  );
}
