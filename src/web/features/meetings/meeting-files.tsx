// A meeting's files (agenda, slides, minutes: library documents attached to it), and for administrators a form that
// uploads one and attaches it (POST /api/v1/documents with the meeting as what it belongs to), members-only.
import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { formatNumber, type Lang } from "#shared/i18n/format.ts";
import { langOf } from "#web/lib/public-text.ts";
import { documentFileUrl, type LibraryDocument } from "#shared/schemas/document.ts";
import { apiFetch, ApiError } from "#web/lib/api-client.ts";
import { ui } from "#web/components/ui/classes.ts";
import { UploadField } from "#web/components/upload/upload-field.tsx";

/** "340 KB", "2.5 MB" ("2,5 Mo" in French). */
const sizeText = (bytes: number, t: TFunction, lang: Lang) =>
  bytes < 1_000_000 ? t("files.kb", { size: formatNumber(Math.max(1, Math.round(bytes / 1000)), lang) }) : t("files.mb", { size: formatNumber(bytes / 1_000_000, lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) });

export function MeetingFiles({ files }: { files: LibraryDocument[] }) {
  const { t, i18n } = useTranslation("members");
  if (files.length === 0) return null;
  return (
    <ul className="grid gap-1" aria-label={t("meetings.files")}>
      {files.map((file) => (
        <li key={file.id}>
          <a href={documentFileUrl(file.id)} className="font-semibold text-brand-700 underline" download>
            {file.title}
          </a>{" "}
          <span className="text-sm text-stone-600">
            ({file.fileName}, {sizeText(file.size, t, langOf(i18n.language))})
          </span>
        </li>
      ))}
    </ul>
  );
}

export function AttachFileForm({ meetingId, date }: { meetingId: string; date: string }) {
  const { t } = useTranslation("members");
  const [title, setTitle] = useState("");
  const [file, setFile] = useState<{ path: string; name: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const revalidator = useRevalidator();
  const id = useId();
  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(null);
    setBusy(true);
    try {
      await apiFetch("/documents", { method: "POST", json: { title, date, filePath: file?.path ?? "", visibility: "members", tags: "meeting", attachedTo: { kind: "meeting", id: meetingId } } });
      setErrors({});
      setSaved(t("files.attached", { title }));
      setTitle("");
      setFile(null);
      await revalidator.revalidate();
    } catch (error) {
      setErrors(error instanceof ApiError && Object.keys(error.fields).length > 0 ? error.fields : { "": error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={(event) => void submit(event)} className="card grid gap-3" aria-labelledby={`${id}-heading`} noValidate>
      <h3 id={`${id}-heading`} className="font-semibold text-stone-900">
        {t("files.attach")}
      </h3>
      <div>
        <label htmlFor={`${id}-title`} className={ui.label}>
          {t("files.title")}
        </label>
        <input
          id={`${id}-title`}
          className={ui.input}
          value={title}
          maxLength={200}
          onChange={(event) => setTitle(event.target.value)}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? `${id}-title-error` : undefined}
        />
        {errors.title && (
          <p id={`${id}-title-error`} className={ui.error}>
            {errors.title}
          </p>
        )}
      </div>
      {file && <p className="text-sm text-stone-700">{t("files.newFile", { name: file.name })}</p>}
      <UploadField
        kind="document"
        label={t("files.file")}
        onUploaded={(stored) => {
          setFile({ path: stored.fullPath, name: stored.name ?? stored.fullPath.split("/").pop() ?? "" });
          if (!title) setTitle((stored.name ?? "").replace(/\.[^.]+$/, ""));
        }}
        onBusyChange={setUploading}
        errorId={errors.filePath ? `${id}-file-error` : undefined}
        invalid={!!errors.filePath}
      />
      {errors.filePath && (
        <p id={`${id}-file-error`} className={ui.error}>
          {errors.filePath}
        </p>
      )}
      {errors[""] && (
        <p role="alert" className={ui.error}>
          {errors[""]}
        </p>
      )}
      <div>
        <button type="submit" className={ui.primary} disabled={busy || uploading}>
          {busy ? t("files.attaching") : t("files.submit")}
        </button>
      </div>
      <p role="status" className="text-sm text-green-900">
        {saved}
      </p>
    </form>
  );
}
