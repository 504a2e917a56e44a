// The person's language (PUT /api/v1/account/language): their signed-in pages and their mail follow it. Saved, the
// page loads again in it.
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { LANGUAGE_NAMES, type Language } from "#shared/i18n/index.ts";
import { ui } from "#web/components/ui/classes.ts";
import { useLanguages } from "#web/lib/language.ts";
import { primaryButtonClass } from "./status-message.tsx";

export function LanguageForm({ initial }: { initial: Language | null }) {
  const id = useId();
  const { t } = useTranslation("account");
  const { languages, defaultLanguage } = useLanguages();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = new FormData(event.currentTarget).get("language");
    setBusy(true);
    setError(null);
    try {
      const response = await fetch("/api/v1/account/language", {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ language: chosen ? chosen : null }),
        credentials: "same-origin",
      });
      if (response.ok) return window.location.reload();
      const body = (await response.json().catch(() => null)) as { error?: { message?: string; fields?: Record<string, string> } } | null;
      setError(body?.error?.fields?.language ?? body?.error?.message ?? `HTTP ${response.status}`);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  if (languages.length < 2 && initial === null) return null;
  return (
    <form onSubmit={submit} className="grid max-w-md gap-3" noValidate>
      <div>
        <label htmlFor={`${id}-language`} className={ui.label}>
          {t("language.label")}
        </label>
        <select
          id={`${id}-language`}
          name="language"
          defaultValue={initial ?? ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={ui.input}
        >
          <option value="">{t("language.siteDefault", { language: LANGUAGE_NAMES[defaultLanguage] })}</option>
          {languages.map((language) => (
            <option key={language} value={language} lang={language}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
        </select>
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700" hidden={!error}>
          {error}
        </p>
      </div>
      <div>
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? t("saving") : t("language.submit")}
        </button>
      </div>
    </form>
  );
}
