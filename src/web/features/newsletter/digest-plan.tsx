// The next weekly digest: when it goes, an introduction the administrators add, skipping its week, and a preview of it
// for any mix of topics (it writes itself from the events, offers and news of the week).
import { useId, useState, type FormEvent } from "react";
import type { DigestPlan, NewsletterPreview } from "#shared/schemas/newsletter.ts";
import { ErrorList } from "#web/components/ui/field.tsx";
import { ui } from "#web/components/ui/classes.ts";
import { RichTextEditor } from "#web/components/ui/rich-text-editor.tsx";
import { When } from "#web/components/ui/when.tsx";
import { ApiError, apiFetch } from "#web/lib/api-client.ts";
import { useManageText } from "#web/lib/manage-text.ts";
import { PreviewFrame } from "./newsletter-preview.tsx";
import { TopicChecks, type NewsletterOptions } from "./newsletter-form.tsx";

export function DigestPlanner({ plan: initial, topics }: { plan: DigestPlan; topics: NewsletterOptions["topics"] }) {
  const id = useId();
  const { t } = useManageText();
  const [plan, setPlan] = useState(initial);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [introError, setIntroError] = useState<string | null>(null);
  const [mix, setMix] = useState<string[]>(topics.slice(0, 3).map((t) => t.value));
  const [preview, setPreview] = useState<NewsletterPreview | null | undefined>(undefined);
  const [previewError, setPreviewError] = useState<string | null>(null);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setMessage(null);
    setIntroError(null);
    try {
      const saved = await apiFetch<DigestPlan>("/newsletter-digest", { method: "PUT", json: { introduction: String(form.get("introduction") ?? ""), skipped: form.get("skipped") === "on" } });
      setPlan(saved);
      setMessage({ ok: true, text: saved.skipped ? t("digest.savedSkipped") : t("digest.saved") });
    } catch (error) {
      if (error instanceof ApiError && error.fields.introduction) setIntroError(error.fields.introduction);
      else setMessage({ ok: false, text: error instanceof ApiError ? error.message : t("digest.saveFailed") });
    }
  }

  async function showPreview() {
    setPreviewError(null);
    try {
      setPreview(await apiFetch<NewsletterPreview | null>(`/newsletter-digest/preview?topics=${encodeURIComponent(mix.join(","))}`));
    } catch (error) {
      setPreviewError(error instanceof ApiError ? error.detail : t("newsletters.previewFailed"));
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="card grid gap-4">
      <h3 id={`${id}-heading`} className="text-lg font-semibold text-stone-900">
        {t("digest.heading")}
      </h3>
      <p className="text-sm text-stone-700">
        {t("digest.goesOut")} <When iso={plan.period} /> {t("digest.explained")}
      </p>
      <form onSubmit={(event) => void save(event)} className="grid gap-3" noValidate>
        <div>
          <RichTextEditor
            key={plan.period}
            label={t("digest.introduction")}
            name="introduction"
            defaultValue={plan.introduction}
            invalid={!!introError}
            describedBy={introError ? `${id}-intro-error` : undefined}
          />
          <ErrorList id={`${id}-intro-error`} errors={introError ? [introError] : null} />
        </div>
        <label className="flex items-center gap-2 text-sm text-stone-800">
          <input type="checkbox" name="skipped" defaultChecked={plan.skipped} className="size-4" />
          {t("digest.skip")}
        </label>
        <div>
          <button type="submit" className={ui.primary}>
            {t("digest.save")}
          </button>
        </div>
        {message && (
          <p role={message.ok ? "status" : "alert"} className={message.ok ? ui.success : ui.error}>
            {message.text}
          </p>
        )}
      </form>
      <TopicChecks legend={t("digest.previewFor")} topics={topics} chosen={mix} onChange={setMix} />
      <div>
        <button type="button" className={ui.secondary} onClick={() => void showPreview()}>
          {t("digest.preview")}
        </button>
      </div>
      {previewError && (
        <p role="alert" className={ui.error}>
          {previewError}
        </p>
      )}
      {preview === null && <p role="status">{t("digest.nothingNew")}</p>}
      {preview && <PreviewFrame preview={preview} title={t("digest.previewTitle")} />}
    </section>
  );
}
