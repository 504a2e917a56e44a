// The Subscribers tab's CSV import: the file is previewed row by row (what each would do, or why it is refused), then
// its new addresses are added with their consent records, and the import can be undone at once.
import { useId, useState } from "react";
import { Trans } from "react-i18next";
import type { SubscriberImportPreview } from "#shared/schemas/subscription.ts";
import { ui } from "#web/components/ui/classes.ts";
import { apiFetch, ApiError } from "#web/lib/api-client.ts";
import { useManageText } from "#web/lib/manage-text.ts";

export function SubscriberImport({ onChanged }: { onChanged: () => void }) {
  const id = useId();
  const { t } = useManageText();
  const [csv, setCsv] = useState<string | null>(null);
  const [preview, setPreview] = useState<SubscriberImportPreview | null>(null);
  const [done, setDone] = useState<{ importId: string; added: number } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run<T>(work: () => Promise<T>): Promise<T | undefined> {
    setBusy(true);
    setError(null);
    try {
      return await work();
    } catch (e) {
      setError(e instanceof ApiError ? e.detail : String(e));
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  async function choose(file: File | undefined) {
    setPreview(null);
    setDone(null);
    setMessage(null);
    if (!file) return;
    const text = await file.text();
    setCsv(text);
    const answer = await run(() => apiFetch<SubscriberImportPreview>("/subscriber-imports/preview", { method: "POST", json: { csv: text } }));
    if (answer) setPreview(answer);
  }

  async function apply() {
    const answer = await run(() => apiFetch<{ importId: string; added: number }>("/subscriber-imports", { method: "POST", json: { csv } }));
    if (!answer) return;
    setDone(answer);
    setPreview(null);
    setMessage(t("subscriberImport.imported", { count: answer.added }));
    onChanged();
  }

  async function undo() {
    if (!done) return;
    const answer = await run(() => apiFetch<{ removed: number; kept: number }>(`/subscriber-imports/${encodeURIComponent(done.importId)}`, { method: "DELETE" }));
    if (!answer) return;
    setDone(null);
    setMessage(answer.kept ? t("subscriberImport.undoneKept", { removed: answer.removed, kept: answer.kept }) : t("subscriberImport.undone", { removed: answer.removed }));
    onChanged();
  }

  return (
    <details className="card">
      <summary className="cursor-pointer font-semibold text-brand-800">{t("subscriberImport.heading")}</summary>
      <div className="mt-3 grid gap-3">
        <p className="text-sm text-stone-700">
          <Trans t={t} i18nKey="subscriberImport.columns" components={{ code: <code /> }} />
        </p>
        <div>
          <label htmlFor={`${id}-file`} className={ui.label}>
            {t("subscriberImport.file")}
          </label>
          <input id={`${id}-file`} type="file" accept=".csv,text/csv" className={ui.input} onChange={(e) => void choose(e.currentTarget.files?.[0])} aria-describedby={error ? `${id}-error` : undefined} />
        </div>
        {error && (
          <p id={`${id}-error`} role="alert" className={ui.error}>
            {error}
          </p>
        )}
        {message && (
          <p role="status" className={ui.success}>
            {message}
          </p>
        )}
        {done && (
          <div>
            <button type="button" className={ui.secondary} disabled={busy} onClick={() => void undo()}>
              {t("subscriberImport.undo")}
            </button>
          </div>
        )}
        {preview && (
          <>
            <p className="text-sm text-stone-800">
              {t("subscriberImport.summary", { add: preview.add, skip: preview.skip, refused: preview.refused })}
            </p>
            <div className="overflow-x-auto">
              <table className={ui.table} aria-label={t("subscriberImport.preview")}>
                <thead>
                  <tr>
                    <th className={ui.th}>{t("subscriberImport.line")}</th>
                    <th className={ui.th}>{t("subscriberImport.email")}</th>
                    <th className={ui.th}>{t("subscriberImport.topics")}</th>
                    <th className={ui.th}>{t("subscriberImport.consent")}</th>
                    <th className={ui.th}>{t("subscriberImport.result")}</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.rows.map((row) => (
                    <tr key={row.line}>
                      <td className={ui.td}>{row.line}</td>
                      <td className={`${ui.td} break-all`}>{row.email}</td>
                      <td className={ui.td}>{row.topics.join(" ")}</td>
                      <td className={ui.td}>{row.consentAt ? `${row.consentAt.slice(0, 10)}, ${row.consentSource}` : ""}</td>
                      <td className={ui.td}>
                        {t(`subscriberImport.statuses.${row.status}`)}
                        {row.reason && `: ${row.reason}`}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div>
              <button type="button" className={ui.primary} disabled={busy || preview.add === 0} onClick={() => void apply()}>
                {t("subscriberImport.import", { count: preview.add })}
              </button>
            </div>
          </>
        )}
      </div>
    </details>
  );
}
