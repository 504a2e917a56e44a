// A saved newsletter's preview, its test to oneself, and its sending (now, or at a time on the site's clock), with
// how many messages wait, went and failed.
import { useEffect, useId, useState } from "react";
import type { Newsletter, NewsletterPreview } from "#shared/schemas/newsletter.ts";
import { DateTimeField } from "#web/components/ui/date-time-field.tsx";
import { ui } from "#web/components/ui/classes.ts";
import { When } from "#web/components/ui/when.tsx";
import { ApiError, apiFetch } from "#web/lib/api-client.ts";
import { useManageText } from "#web/lib/manage-text.ts";
import { PreviewFrame } from "./newsletter-preview.tsx";

export function Counts({ newsletter }: { newsletter: Newsletter }) {
  const { t } = useManageText();
  return <span>{t("newsletters.counts", newsletter.counts)}</span>;
}

export function NewsletterSending({ newsletter, timeZone, onChanged }: { newsletter: Newsletter; timeZone: string; onChanged: (n: Newsletter) => void }) {
  const id = useId();
  const { t } = useManageText();
  // Kept with the version it shows, so a newer save shows "Drawing the preview…" until its own arrives.
  const version = `${newsletter.id}:${newsletter.updatedAt}`;
  const [drawn, setDrawn] = useState<{ version: string; preview: NewsletterPreview } | null>(null);
  const preview = drawn?.version === version ? drawn.preview : null;
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [sendAt, setSendAt] = useState<string | null>(null);
  const [sendAtError, setSendAtError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const open = newsletter.status === "draft" || newsletter.status === "scheduled";

  useEffect(() => {
    let live = true;
    apiFetch<NewsletterPreview>(`/newsletters/${newsletter.id}/preview`)
      .then((p) => live && setDrawn({ version, preview: p }))
      .catch((error: unknown) => live && setPreviewError(error instanceof ApiError ? error.message : t("newsletters.previewFailed")));
    return () => {
      live = false;
    };
  }, [newsletter.id, version, t]);

  async function act(run: () => Promise<string>) {
    setBusy(true);
    setMessage(null);
    setSendAtError(null);
    try {
      setMessage({ ok: true, text: await run() });
    } catch (error) {
      if (error instanceof ApiError && error.fields.sendAt) setSendAtError(error.fields.sendAt);
      else setMessage({ ok: false, text: error instanceof ApiError ? error.message : t("newsletters.failed") });
    } finally {
      setBusy(false);
    }
  }

  const test = () => act(async () => t("newsletters.testSent", { to: (await apiFetch<{ to: string }>(`/newsletters/${newsletter.id}/test`, { method: "POST" })).to }));
  const send = (at: string | null) =>
    act(async () => {
      const sent = await apiFetch<Newsletter>(`/newsletters/${newsletter.id}/send`, { method: "POST", json: at ? { sendAt: at } : {} });
      onChanged(sent);
      return at ? t("newsletters.scheduled") : t("newsletters.queued");
    });

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4">
      <h3 id={`${id}-heading`} className="text-lg font-semibold text-stone-900">
        {t("newsletters.previewAndSend")}
      </h3>
      <p className="text-sm text-stone-700">
        {t(`newsletters.statuses.${newsletter.status}`)}
        {newsletter.sendAt && (newsletter.status === "scheduled" || newsletter.status === "sending") && (
          <>
            {" "}
            {t("newsletters.for")} <When iso={newsletter.sendAt} />
          </>
        )}
        : <Counts newsletter={newsletter} />
      </p>
      {previewError && (
        <p role="alert" className={ui.error}>
          {previewError}
        </p>
      )}
      {preview ? <PreviewFrame preview={preview} title={t("newsletters.previewOf", { subject: newsletter.subject })} /> : !previewError && <p className="text-sm text-stone-700">{t("newsletters.drawing")}</p>}
      <div className="flex flex-wrap gap-2">
        <button type="button" className={ui.secondary} disabled={busy} onClick={() => void test()}>
          {t("newsletters.sendTest")}
        </button>
        <button type="button" className={ui.primary} disabled={busy || !open} onClick={() => void send(null)}>
          {t("newsletters.sendNow")}
        </button>
      </div>
      {open && (
        <div className="grid max-w-md gap-2">
          <DateTimeField
            name="sendAt"
            label={t("newsletters.sendAt")}
            defaultValue={newsletter.status === "scheduled" ? (newsletter.sendAt ?? "") : ""}
            timeZone={timeZone}
            onChange={setSendAt}
            errors={sendAtError ? [sendAtError] : null}
          />
          <div>
            <button type="button" className={ui.secondary} disabled={busy || !sendAt} onClick={() => void send(sendAt)}>
              {t("newsletters.schedule")}
            </button>
          </div>
        </div>
      )}
      {message && (
        <p role={message.ok ? "status" : "alert"} className={message.ok ? ui.success : ui.error}>
          {message.text}
        </p>
      )}
    </section>
  );
}
