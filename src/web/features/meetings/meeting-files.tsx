// A meeting's files (agenda, slides, minutes: library documents attached to it), and for administrators a form that
// uploads one and attaches it (POST /api/v1/documents with the meeting as what it belongs to), members-only.
import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import { documentFileUrl, type LibraryDocument } from "#shared/schemas/document.ts";
import { apiFetch, ApiError } from "#web/lib/api-client.ts";
import { ui } from "#web/components/ui/field.tsx";
import { UploadField } from "#web/components/upload/upload-field.tsx";

/** "340 KB", "2.5 MB". */
const sizeText = (bytes: number) => (bytes < 1_000_000 ? `${Math.max(1, Math.round(bytes / 1000))} KB` : `${(bytes / 1_000_000).toFixed(1)} MB`);

export function MeetingFiles({ files }: { files: LibraryDocument[] }) {
  if (files.length === 0) return null;
  return (
    <ul className="grid gap-1" aria-label="Files">
      {files.map((file) => (
        <li key={file.id}>
          <a href={documentFileUrl(file.id)} className="font-semibold text-brand-700 underline" download>
            {file.title}
          </a>{" "}
          <span className="text-sm text-stone-600">
            ({file.fileName}, {sizeText(file.size)})
          </span>
        </li>
      ))}
    </ul>
  );
}

export function AttachFileForm({ meetingId, date }: { meetingId: string; date: string }) {
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
      setSaved(`File attached: ${title}.`);
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
        Attach a file (administrators)
      </h3>
      <div>
        <label htmlFor={`${id}-title`} className={ui.label}>
          Title
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
      {file && <p className="text-sm text-stone-700">New file: {file.name}</p>}
      <UploadField
        kind="document"
        label="File"
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
          {busy ? "Attaching..." : "Attach file"}
        </button>
      </div>
      <p role="status" className="text-sm text-green-900">
        {saved}
      </p>
    </form>
  );
}
