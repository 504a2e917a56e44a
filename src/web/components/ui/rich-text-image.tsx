// Inserting an image into the rich-text editor: a file picked here goes up through the site's upload endpoint (its
// bytes checked and re-encoded there, as every upload is) and comes back as one of the site's own addresses; the
// person describes it for those who cannot see it, or marks it decorative, before it goes in.
import type { Editor } from "@tiptap/react";
import { useEffect, useId, useRef, useState } from "react";
import { Dialog, Popover } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { messages } from "#shared/messages.ts";
import { isFinished } from "#shared/upload-task.ts";
import { claimedType, megabytes, typeNames, UPLOAD_RULES, type UploadKind } from "#shared/upload-kinds.ts";
import { UploadTask } from "#web/components/upload/upload-task.ts";
import { ui } from "./classes.ts";

export const IMAGE_DESCRIPTION_REQUIRED = "Describe the image, or mark it decorative.";

interface Props {
  editor: Editor;
  /** The kind of upload the site stores the image as (its folder and who may upload it). */
  kind: UploadKind;
  trigger: React.RefObject<HTMLButtonElement | null>;
  onClose: () => void;
}

/** What is wrong with a picked file before it is sent, or null. The server still reads its real type from its bytes. */
function fileProblem(file: File | null, kind: UploadKind): string | null {
  const rules = UPLOAD_RULES[kind];
  if (!file) return messages.uploads.selectImageFirst;
  if (!rules.types.includes(claimedType(file))) return messages.uploads.typeNotAllowed(typeNames(rules.types));
  if (file.size > rules.maxBytes) return messages.uploads.fileTooLarge(megabytes(rules.maxBytes));
  return null;
}

export function ImagePopover({ editor, kind, trigger, onClose }: Props) {
  const { t } = useTranslation("ui");
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState("");
  const [decorative, setDecorative] = useState(false);
  const [errors, setErrors] = useState<{ file?: string | null; alt?: string | null }>({});
  const [progress, setProgress] = useState<number | null>(null);
  const task = useRef<UploadTask | null>(null);
  // An upload still going when the dialog closes is cancelled (the clean-up removes what is left).
  useEffect(() => () => task.current?.cancel(), []);

  const insert = () => {
    const description = alt.trim();
    const next = { file: fileProblem(file, kind), alt: decorative || description ? null : t("imageDialog.describe") };
    setErrors(next);
    if (next.file || next.alt || !file) return;
    setProgress(0);
    const upload = new UploadTask(file, {
      kind,
      onChange: (snapshot) => {
        setProgress(snapshot.totalBytes ? Math.round((snapshot.bytesTransferred / snapshot.totalBytes) * 100) : 0);
        if (!isFinished(snapshot.state)) return;
        task.current = null;
        setProgress(null);
        if (snapshot.state !== "success" || !snapshot.result) {
          if (snapshot.state === "error") setErrors({ file: messages.uploads.uploadFailed(snapshot.error ?? "") });
          return;
        }
        const { url, width, height } = snapshot.result;
        editor
          .chain()
          .focus()
          .setImage({ src: url, alt: decorative ? "" : description, width, height })
          .run();
        onClose();
      },
    });
    task.current = upload;
    void upload.start().catch((error: Error) => {
      setProgress(null);
      setErrors({ file: messages.uploads.uploadFailed(error.message) });
    });
  };

  const busy = progress !== null;
  return (
    <Popover triggerRef={trigger} isOpen onOpenChange={(open) => !open && onClose()} placement="bottom start" className="z-50 w-96 max-w-[90vw] rounded-md border border-stone-300 bg-white p-3 shadow-lg">
      <Dialog aria-labelledby={`${id}-title`} className="grid gap-3 outline-none">
        <p id={`${id}-title`} className="font-semibold text-stone-900">
          {t("imageDialog.title")}
        </p>
        <div>
          <label htmlFor={`${id}-file`} className={ui.label}>
            {t("imageDialog.file")}
          </label>
          <input
            id={`${id}-file`}
            type="file"
            autoFocus
            accept={UPLOAD_RULES[kind].types.join(",")}
            className="mt-1 block w-full text-sm text-stone-800 file:me-3 file:rounded file:border file:border-stone-400 file:bg-stone-100 file:px-3 file:py-1"
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={errors.file ? `${id}-file-error` : undefined}
            disabled={busy}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setErrors((e) => ({ ...e, file: null }));
            }}
          />
          {errors.file && (
            <p id={`${id}-file-error`} className="mt-1 text-sm font-medium text-red-800">
              {errors.file}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={`${id}-alt`} className={ui.label}>
            {t("imageDialog.alt")}
          </label>
          <input
            id={`${id}-alt`}
            className={`${ui.input} disabled:bg-stone-100`}
            value={alt}
            maxLength={300}
            disabled={decorative || busy}
            aria-invalid={errors.alt ? true : undefined}
            aria-describedby={errors.alt ? `${id}-alt-error` : `${id}-alt-hint`}
            onChange={(event) => setAlt(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== "Enter") return;
              event.preventDefault();
              insert();
            }}
          />
          <p id={`${id}-alt-hint`} className="mt-1 text-sm text-stone-700">
            {t("imageDialog.altHint")}
          </p>
          {errors.alt && (
            <p id={`${id}-alt-error`} className="mt-1 text-sm font-medium text-red-800">
              {errors.alt}
            </p>
          )}
        </div>
        <label className="flex items-center gap-2 text-sm text-stone-800">
          <input
            type="checkbox"
            className="size-4"
            checked={decorative}
            disabled={busy}
            onChange={(event) => {
              setDecorative(event.target.checked);
              setErrors((e) => ({ ...e, alt: null }));
            }}
          />
          {t("imageDialog.decorative")}
        </label>
        {busy && (
          <p role="status" className="text-sm text-stone-700">
            {t("imageDialog.uploading", { progress })}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className={ui.secondary} onClick={onClose}>
            {t("imageDialog.cancel")}
          </button>
          <button type="button" className={ui.primary} onClick={insert} disabled={busy}>
            {t("imageDialog.insert")}
          </button>
        </div>
      </Dialog>
    </Popover>
  );
}
