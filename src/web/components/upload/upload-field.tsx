// The one upload control of the site: pick or drop a file, preview it, watch it go up, pause, resume or cancel.
import { useTranslation } from "react-i18next";
import { useEffect, useId, useRef, useState, type DragEvent } from "react";
import { messages } from "#shared/messages.ts";
import { DOCUMENT_EXTENSIONS, UPLOAD_RULES, claimedType, megabytes, typeNames, type UploadKind } from "#shared/upload-kinds.ts";
import { canCancel, canPause, canResume, isFinished } from "#shared/upload-task.ts";
import { UploadTask, type StoredUpload, type UploadSnapshot } from "./upload-task.ts";

export interface UploadFieldProps {
  kind: UploadKind;
  /** Label of the file picker, e.g. "New profile picture". */
  label: string;
  /** Sent with the upload: a business or event name for the file's path, or the post id. */
  metadata?: Record<string, string>;
  /** Called with the stored file and the one picked; a thrown error's message is shown as is (the caller words it). */
  onUploaded: (file: StoredUpload, picked: File) => Promise<void> | void;
  /** Wraps a failed upload's reason, e.g. the spec's "Upload failed: ..." (the default). */
  failureMessage?: (reason: string) => string;
  /** Disables the control while the surrounding form submits. */
  disabled?: boolean;
  /** Told when an upload starts and ends, so the surrounding form can hold its submit button meanwhile. */
  onBusyChange?: (busy: boolean) => void;
  /** The id of the surrounding form's messages about this field, which describe the file picker while `invalid`. */
  errorId?: string;
  /** The surrounding form refused this field: the file picker is marked invalid. */
  invalid?: boolean;
}

const buttonClass =
  "rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium text-stone-800 hover:bg-stone-50 disabled:cursor-not-allowed disabled:opacity-50";

export function UploadField({
  kind,
  label,
  metadata,
  onUploaded,
  failureMessage = messages.uploads.uploadFailed,
  disabled = false,
  onBusyChange,
  errorId,
  invalid = false,
}: UploadFieldProps) {
  const rules = UPLOAD_RULES[kind];
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { t } = useTranslation("ui");
  const taskRef = useRef<UploadTask | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [snapshot, setSnapshot] = useState<UploadSnapshot | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [dragging, setDragging] = useState(false);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const busy = saving || (snapshot !== null && !isFinished(snapshot.state));
  const locked = disabled || busy;
  // Taken away while busy (the gallery closes its upload control as the photo it sent is added), it is busy no more.
  useEffect(() => {
    onBusyChange?.(busy);
    return () => {
      if (busy) onBusyChange?.(false);
    };
  }, [busy, onBusyChange]);

  async function choose(next: File | null) {
    setProblem(null);
    setNotice(null);
    setSnapshot(null);
    if (!next) return;
    if (!rules.images) {
      chooseDocument(next);
      return;
    }
    // A hint for the user only: the server reads the real type from the file's bytes. A file the browser gives no
    // type is judged by its name's extension; one that names no image is not of a kind taken here.
    const type = claimedType(next);
    if (!type.startsWith("image/")) {
      setFile(null);
      setPreview(null);
      setProblem(next.type ? messages.uploads.selectImageFirst : messages.uploads.typeNotAllowed(typeNames(rules.types)));
      return;
    }
    if (next.size > rules.maxBytes) {
      setFile(null);
      setPreview(null);
      setProblem(messages.uploads.fileTooLarge(megabytes(rules.maxBytes)));
      return;
    }
    // A picture of a kind the site does not take (a phone's HEIC) is named as such, before the browser tries it.
    if (!rules.types.includes(type)) {
      setFile(null);
      setPreview(null);
      setProblem(messages.uploads.typeNotAllowed(typeNames(rules.types)));
      return;
    }
    // Only a picture the browser can draw gets a preview (a broken one would show as an error on the page).
    try {
      (await createImageBitmap(next)).close();
    } catch {
      setFile(null);
      setPreview(null);
      setProblem(messages.uploads.unreadableImage);
      return;
    }
    setFile(next);
    setPreview(URL.createObjectURL(next));
  }

  /** A file kept as it is (a library document): its name and size are checked here, its bytes by the server. */
  function chooseDocument(next: File) {
    setPreview(null);
    const named = DOCUMENT_EXTENSIONS.some((ext) => next.name.toLowerCase().endsWith(ext));
    const problem = !named
      ? messages.uploads.documentTypeNotAllowed(typeNames(rules.types))
      : next.size > rules.maxBytes
        ? messages.uploads.fileTooLarge(megabytes(rules.maxBytes))
        : next.size === 0
          ? messages.uploads.emptyFile
          : null;
    setProblem(problem);
    setFile(problem ? null : next);
  }

  async function finish(state: UploadSnapshot, picked: File) {
    if (state.state === "error") setProblem(failureMessage(state.error ?? ""));
    if (state.state === "canceled") setNotice(messages.storage.canceled);
    if (state.state !== "success" || !state.result) return;
    setSaving(true);
    try {
      await onUploaded({ ...state.result, name: picked.name }, picked);
      setNotice(t("upload.complete"));
      setFile(null);
      setPreview(null);
      if (inputRef.current) inputRef.current.value = "";
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setSaving(false);
    }
  }

  function start() {
    if (!file) {
      setProblem(rules.images ? messages.uploads.selectImageFirst : messages.uploads.selectFileFirst);
      return;
    }
    setProblem(null);
    setNotice(null);
    const task = new UploadTask(file, {
      kind,
      metadata,
      onChange: (next) => {
        setSnapshot(next);
        if (isFinished(next.state)) void finish(next, file);
      },
    });
    taskRef.current = task;
    void task.start().catch((error: Error) => setProblem(failureMessage(error.message)));
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (!locked) void choose(event.dataTransfer.files[0] ?? null);
  }

  const percent = snapshot && snapshot.totalBytes > 0 ? Math.floor((snapshot.bytesTransferred / snapshot.totalBytes) * 100) : 0;
  const state = snapshot?.state;

  return (
    <div className="grid min-w-0 gap-3">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          if (!locked) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`grid gap-2 rounded-lg border-2 border-dashed p-4 ${dragging ? "border-brand-600 bg-brand-50" : "border-stone-300"}`}
      >
        <label htmlFor={inputId} className="font-semibold">
          {label}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={rules.images ? rules.types.join(",") : [...DOCUMENT_EXTENSIONS, ...rules.types].join(",")}
          aria-describedby={invalid && errorId ? `${errorId} ${hintId}` : hintId}
          aria-invalid={invalid || undefined}
          disabled={locked}
          onChange={(event) => void choose(event.currentTarget.files?.[0] ?? null)}
          className="w-full min-w-0 text-sm file:me-3 file:rounded-md file:border-0 file:bg-brand-700 file:px-3 file:py-1.5 file:text-white disabled:opacity-50"
        />
        <p id={hintId} className="text-sm text-stone-600">
          {t("upload.hint", { types: rules.images ? rules.types.map((type) => type.replace("image/", "").toUpperCase()).join(", ") : typeNames(rules.types, t("upload.or")), size: megabytes(rules.maxBytes) })}
        </p>
      </div>

      {preview && (
        <img src={preview} alt={t("upload.preview", { name: file?.name ?? t("upload.chosenFile") })} className="max-h-40 w-auto max-w-full rounded-md object-contain" />
      )}

      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClass} onClick={start} disabled={locked || !file}>
          {t("upload.upload")}
        </button>
        {snapshot && (
          <>
            <button type="button" className={buttonClass} onClick={() => taskRef.current?.pause()} disabled={!state || !canPause(state)}>
              {t("upload.pause")}
            </button>
            <button type="button" className={buttonClass} onClick={() => taskRef.current?.resume()} disabled={!state || !canResume(state)}>
              {t("upload.resume")}
            </button>
            <button type="button" className={buttonClass} onClick={() => taskRef.current?.cancel()} disabled={!state || !canCancel(state)}>
              {t("upload.cancel")}
            </button>
          </>
        )}
      </div>

      {snapshot && (
        <div className="grid gap-1">
          <div
            role="progressbar"
            aria-label={t("upload.progress")}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 w-full overflow-hidden rounded-full bg-stone-200"
          >
            <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          <p className="text-sm text-stone-700" aria-live="polite">
            {t("upload.percent", { percent })} <span className="sr-only">{t("upload.uploaded")}</span>
            <span data-testid="upload-state">{state}</span>
          </p>
        </div>
      )}

      {problem && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
      {notice && (
        <p role="status" className="text-sm text-stone-700">
          {notice}
        </p>
      )}
    </div>
  );
}
