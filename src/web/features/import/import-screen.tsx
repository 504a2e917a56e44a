// /admin/import: upload a CSV of businesses, check how its columns are read, see what each row would do, fix rows,
// then apply it (all or nothing) and undo it within 7 days. The import being looked at is in the address (?id=), so
// the page can be left while addresses are being looked up, and come back to.
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { ImportPreview } from "#shared/schemas/data-import.ts";
import { ui } from "#web/components/ui/classes.ts";
import { useManageText } from "#web/lib/manage-text.ts";
import { importErrorText } from "./import-format.ts";
import { getGeocoding, getImport } from "./import-api.ts";
import { UploadForm, UrlForm } from "./import-upload.tsx";
import { PreviewView } from "./import-preview.tsx";
import { RecentImports } from "./recent-imports.tsx";

const POLL_MS = 1500;

export function ImportScreen() {
  const { t } = useManageText();
  const [params, setParams] = useSearchParams();
  const id = params.get("id");
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const open = (next: ImportPreview | null) => {
    setPreview(next);
    setParams(next ? { id: next.id } : {}, { replace: !!id && next?.id === id, preventScrollReset: true });
  };

  // The import in the address. While its addresses are being looked up, only the counts are read every moment (for
  // the progress bar); its rows are read again once the lookups are over, or when one failed (it is then listed to fix).
  const pending = preview?.id === id ? (preview?.geocoding.pending ?? 0) : -1;
  useEffect(() => {
    if (!id || pending === 0) return;
    let stopped = false;
    const refresh = async () => {
      const progress = pending === -1 ? null : await getGeocoding(id);
      if (stopped) return;
      if (progress && progress.pending > 0 && progress.failed === preview?.geocoding.failed) setPreview((current) => current && { ...current, geocoding: progress });
      else {
        const loaded = await getImport(id);
        if (!stopped) setPreview(loaded);
      }
      setLoadError(null);
    };
    const timer = setTimeout(() => void refresh().catch((error: unknown) => !stopped && setLoadError(importErrorText(error))), pending === -1 ? 0 : POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [id, pending, preview]);

  return (
    <div className="grid gap-6">
      <section aria-labelledby="import-heading" className="card min-w-0">
        <h2 id="import-heading" className={ui.sectionHeading}>
          {t("importer.heading")}
        </h2>
        <p className="mt-2 text-stone-700">
          {t("importer.intro")}
        </p>
        {id ? (
          <p className="mt-3">
            <Link to="?" className="text-brand-700 underline" onClick={() => setPreview(null)}>
              {t("importer.another")}
            </Link>
          </p>
        ) : (
          <>
            <UploadForm onUploaded={open} />
            <UrlForm onUploaded={open} />
          </>
        )}
        {loadError && (
          <p role="alert" className={ui.error}>
            {loadError}
          </p>
        )}
      </section>
      {id && preview?.id === id && <PreviewView preview={preview} onChange={setPreview} />}
      <RecentImports current={id} version={preview} />
    </div>
  );
}
