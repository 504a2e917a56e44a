// The Markers form's gallery editor: upload through the resumable upload path, alt text required, reorder.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { MAX_BUSINESS_PHOTOS } from "#shared/schemas/business.ts";
import { ErrorList } from "#web/components/ui/field.tsx";
import { ui } from "#web/components/ui/classes.ts";
import { UploadField } from "#web/components/upload/upload-field.tsx";
import { fileUrl } from "#shared/upload-kinds.ts";
import { jsonListField } from "#web/lib/json-list-field.ts";

interface Draft {
  path: string;
  url: string;
  alt: string;
}

function initialPhotos(value: unknown): Draft[] {
  // A waiting request's photos carry only their path.
  return jsonListField<Draft>(value).map((p) => ({ ...p, url: p.url ?? fileUrl(p.path) }));
}

/**
 * The form's gallery: each photo with its alt text and its place; sent as one JSON field of { path, alt }. The form's
 * messages about it (a photo the server refuses names its place) are listed below it and describe the whole group;
 * as its value is a hidden input, the group names the field (`data-field`) so a refused sending focuses its first control,
 * or, when a photo is refused, the first control of that photo's row (`data-item`, its place from 0).
 */
export function PhotosEditor({
  name,
  label,
  initialValue,
  errorId,
  errors,
  metadata,
  onBusyChange,
}: {
  name: string;
  label: string;
  initialValue: unknown;
  errorId: string;
  errors?: string[];
  /** What the upload says it is for (an owner's business). */
  metadata?: Record<string, string> | undefined;
  onBusyChange?: (busy: boolean) => void;
}) {
  const { t } = useTranslation("owners");
  const [photos, setPhotos] = useState<Draft[]>(() => initialPhotos(initialValue));
  // The upload control is drawn only while a photo is being added, so the form keeps one "Upload" button (the logo's).
  const [adding, setAdding] = useState(false);
  const invalid = !!errors?.length;
  const move = (from: number, to: number) =>
    setPhotos((all) => {
      const next = [...all];
      const [photo] = next.splice(from, 1);
      next.splice(to, 0, photo!);
      return next;
    });
  return (
    <fieldset className="grid gap-3" aria-describedby={invalid ? errorId : undefined} aria-invalid={invalid || undefined} data-field={name}>
      <legend className={ui.label}>{label}</legend>
      <input type="hidden" name={name} value={JSON.stringify(photos.map(({ path, alt }) => ({ path, alt })))} />
      {photos.length === 0 && <p className="text-sm text-stone-600">{t("photos.none")}</p>}
      <ol className="grid gap-3" aria-label={t("photos.gallery")}>
        {photos.map((photo, index) => (
          <li key={photo.path} data-item={index} className="flex flex-wrap items-end gap-3 rounded-md border border-stone-300 p-2">
            <img src={photo.url} alt="" className="h-16 w-24 rounded object-cover" />
            <label className="grid min-w-0 grow text-sm">
              {t("photos.alt", { n: index + 1 })}
              <input type="text" required maxLength={300} value={photo.alt} onChange={(e) => setPhotos((all) => all.map((p, i) => (i === index ? { ...p, alt: e.target.value } : p)))} className={ui.input} />
            </label>
            <span className="flex gap-1">
              <button type="button" className={ui.secondary} disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={t("photos.earlier", { n: index + 1 })}>
                ↑
              </button>
              <button type="button" className={ui.secondary} disabled={index === photos.length - 1} onClick={() => move(index, index + 1)} aria-label={t("photos.later", { n: index + 1 })}>
                ↓
              </button>
              <button type="button" className={ui.danger} onClick={() => setPhotos((all) => all.filter((_, i) => i !== index))} aria-label={t("photos.removeLabel", { n: index + 1 })}>
                {t("photos.remove")}
              </button>
            </span>
          </li>
        ))}
      </ol>
      {photos.length >= MAX_BUSINESS_PHOTOS ? (
        <p className="text-sm text-stone-600">{t("photos.full", { max: MAX_BUSINESS_PHOTOS })}</p>
      ) : adding ? (
        <UploadField
          kind="businessPhoto"
          metadata={metadata}
          label={t("photos.addCount", { n: photos.length, max: MAX_BUSINESS_PHOTOS })}
          onBusyChange={onBusyChange}
          errorId={errorId}
          invalid={invalid}
          onUploaded={(file) => {
            setPhotos((all) => [...all, { path: file.fullPath, url: file.url, alt: "" }]);
            setAdding(false);
          }}
        />
      ) : (
        <button type="button" className={`${ui.secondary} justify-self-start`} onClick={() => setAdding(true)}>
          {t("photos.add")}
        </button>
      )}
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}
