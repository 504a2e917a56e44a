// The announcement form's "Attach files" field: each file uploaded here (PDF, DOCX, XLSX, CSV, PPTX or an image,
// checked by the server) becomes a members-only library document of the announcement when the form is saved. Sent
// as JSON text: [{ path, title }].
import { useState } from "react";
import { ErrorList } from "#web/components/ui/field.tsx";
import { ui } from "#web/components/ui/classes.ts";
import type { FieldWidgetProps } from "#web/components/ui/entity-fields.tsx";
import { UploadField } from "#web/components/upload/upload-field.tsx";
import { useManageText } from "#web/lib/manage-text.ts";

interface NewAttachment {
  path: string;
  title: string;
}

/** The file's name without its extension, as the title it is listed under. */
function titleOf(fileName: string): string {
  return fileName.replace(/\.[^.]+$/, "") || fileName;
}

export function AttachmentsField({ name, label, errorId, errors, onBusyChange }: FieldWidgetProps) {
  const { t } = useManageText();
  const [files, setFiles] = useState<NewAttachment[]>([]);
  return (
    <div className="grid gap-2" data-field={name}>
      <span className={ui.label}>{label}</span>
      <p className="text-sm text-stone-600">{t("attachments.hint")}</p>
      {files.length > 0 && <input type="hidden" name={name} value={JSON.stringify(files)} />}
      {files.length > 0 && (
        <ul aria-label={t("attachments.list")} className="grid gap-1">
          {files.map((file, index) => (
            <li key={file.path} className="flex flex-wrap items-center gap-2 text-sm text-stone-800">
              <span className="min-w-0 break-all">{file.title}</span>
              <button type="button" className={ui.secondary} onClick={() => setFiles((list) => list.filter((_, i) => i !== index))}>
                {t("attachments.remove", { title: file.title })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <UploadField
        kind="document"
        label={t("attachments.file")}
        onBusyChange={onBusyChange}
        errorId={errorId}
        invalid={!!errors?.length}
        onUploaded={(stored, picked) => setFiles((list) => [...list, { path: stored.fullPath, title: titleOf(picked.name) }])}
      />
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
