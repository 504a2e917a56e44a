// Writing a newsletter: its subject, its body in the rich-text editor, the cards it pulls in (events, offers and
// businesses chosen from the site's own), and the topics whose subscribers get it. Saved through the API; a fault is
// told beside its field.
import { useId, useState, type FormEvent } from "react";
import type { Newsletter, NewsletterCardRef } from "#shared/schemas/newsletter.ts";
import { ErrorList } from "#web/components/ui/field.tsx";
import { ui } from "#web/components/ui/classes.ts";
import { RichTextEditor } from "#web/components/ui/rich-text-editor.tsx";
import { ApiError, apiFetch } from "#web/lib/api-client.ts";
import { useManageText } from "#web/lib/manage-text.ts";
import { CardPicker, type CardOption } from "./newsletter-card-picker.tsx";

export interface NewsletterOptions {
  /** The upcoming events and running offers; businesses are searched for (a directory can hold thousands). */
  cards: Record<"event" | "offer", CardOption[]>;
  topics: Array<{ value: string; label: string }>;
}

/** A topic per checkbox: the subscribers of any of those chosen. */
export function TopicChecks({
  legend,
  topics,
  chosen,
  onChange,
  errors = [],
  errorId,
}: {
  legend: string;
  topics: NewsletterOptions["topics"];
  chosen: string[];
  onChange: (chosen: string[]) => void;
  errors?: string[];
  errorId?: string;
}) {
  return (
    <fieldset className="grid min-w-0 gap-1" aria-describedby={errors.length ? errorId : undefined}>
      <legend className={ui.label}>{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {topics.map((topic) => (
          <label key={topic.value} className="flex items-center gap-2 text-sm text-stone-800">
            <input
              type="checkbox"
              className="size-4"
              checked={chosen.includes(topic.value)}
              onChange={(event) => onChange(event.target.checked ? [...chosen, topic.value] : chosen.filter((t) => t !== topic.value))}
            />
            {topic.label}
          </label>
        ))}
      </div>
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}

export function NewsletterForm({ newsletter, options, onSaved }: { newsletter: Newsletter | null; options: NewsletterOptions; onSaved: (saved: Newsletter) => void }) {
  const id = useId();
  const { t } = useManageText();
  const [cards, setCards] = useState<NewsletterCardRef[]>(newsletter?.cards ?? []);
  const [topics, setTopics] = useState<string[]>(newsletter?.topics ?? []);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const locked = newsletter !== null && !["draft", "scheduled"].includes(newsletter.status);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSaving(true);
    setMessage(null);
    try {
      const json = { subject: String(form.get("subject") ?? ""), body: String(form.get("body") ?? ""), cards, topics };
      const saved = await apiFetch<Newsletter>(newsletter ? `/newsletters/${newsletter.id}` : "/newsletters", { method: newsletter ? "PUT" : "POST", json });
      setFields({});
      setMessage({ ok: true, text: t("newsletters.saved") });
      onSaved(saved);
    } catch (error) {
      setFields(error instanceof ApiError ? error.fields : {});
      setMessage({ ok: false, text: error instanceof ApiError ? error.message : t("newsletters.saveFailed") });
    } finally {
      setSaving(false);
    }
  }

  const errorOf = (name: string) => (fields[name] ? [fields[name]] : []);
  return (
    <form onSubmit={(event) => void save(event)} className="grid gap-4" aria-labelledby={`${id}-heading`} noValidate>
      <h3 id={`${id}-heading`} className="text-lg font-semibold text-stone-900">
        {newsletter ? t("newsletters.edit", { subject: newsletter.subject }) : t("newsletters.new")}
      </h3>
      {locked && <p className="text-sm text-stone-700">{t("newsletters.locked")}</p>}
      <div>
        <label htmlFor={`${id}-subject`} className={ui.label}>
          {t("newsletters.subject")}
        </label>
        <input
          id={`${id}-subject`}
          name="subject"
          className={ui.input}
          defaultValue={newsletter?.subject ?? ""}
          maxLength={200}
          required
          aria-invalid={fields.subject ? true : undefined}
          aria-describedby={fields.subject ? `${id}-subject-error` : undefined}
        />
        <ErrorList id={`${id}-subject-error`} errors={errorOf("subject")} />
      </div>
      <div>
        <RichTextEditor label={t("newsletters.text")} name="body" images="newsletterImage" defaultValue={newsletter?.body ?? ""} invalid={!!fields.body} describedBy={fields.body ? `${id}-body-error` : undefined} />
        <ErrorList id={`${id}-body-error`} errors={errorOf("body")} />
      </div>
      <CardPicker options={options.cards} cards={cards} setCards={setCards} errors={errorOf("cards")} errorId={`${id}-cards-error`} />
      <TopicChecks
        legend={t("newsletters.sendTo")}
        topics={options.topics}
        chosen={topics}
        onChange={setTopics}
        errors={errorOf("topics")}
        errorId={`${id}-topics-error`}
      />
      <div>
        <button type="submit" className={ui.primary} disabled={saving || locked}>
          {saving ? t("newsletters.saving") : t("newsletters.save")}
        </button>
      </div>
      {message && (
        <p role={message.ok ? "status" : "alert"} className={message.ok ? ui.success : ui.error}>
          {message.text}
        </p>
      )}
    </form>
  );
}
