// An admin form's image: the one it has now (with a way to remove it), the shared upload control for a new one, and
// the form's messages about it below, tied to the file picker.
// The upload is stored at once but only attached when the form is saved; the server then deletes the file it replaces.
import { useTranslation } from "react-i18next";
import { UploadField } from "../upload/upload-field.tsx";
import type { UploadKind } from "#shared/upload-kinds.ts";
import { ErrorList } from "./field.tsx";
import { ui } from "./classes.ts";

export interface FormImage {
  path: string | null;
  url: string | null;
}

export function ImageField({
  kind,
  label,
  image,
  alt,
  metadata,
  disabled,
  failureMessage,
  removeText,
  onChange,
  onBusyChange,
  errorId,
  errors,
}: {
  removeText?: string;
  kind: UploadKind;
  label: string;
  image: FormImage;
  alt: string;
  metadata?: Record<string, string>;
  disabled: boolean;
  failureMessage?: (reason: string) => string;
  onChange: (image: FormImage) => void;
  onBusyChange?: (busy: boolean) => void;
  /** The id of the field's messages, shown below the upload control and describing its file picker. */
  errorId?: string;
  /** The form's messages about the image (one the server refused). */
  errors?: ReadonlyArray<string> | null;
}) {
  const { t } = useTranslation("ui");
  return (
    <div className="grid gap-2">
      {image.url && (
        <div className="flex flex-wrap items-end gap-3">
          <img src={image.url} alt={alt} className="max-h-32 w-auto max-w-full rounded-md border border-stone-200 object-contain" />
          <button type="button" className={ui.secondary} disabled={disabled} onClick={() => onChange({ path: null, url: null })}>
            {removeText ?? t("image.remove")}
          </button>
        </div>
      )}
      <UploadField
        kind={kind}
        label={label}
        metadata={metadata}
        disabled={disabled}
        failureMessage={failureMessage}
        onBusyChange={onBusyChange}
        onUploaded={(file) => onChange({ path: file.fullPath, url: file.url })}
        errorId={errorId}
        invalid={!!errors?.length}
      />
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
