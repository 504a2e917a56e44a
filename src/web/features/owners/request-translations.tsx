// The texts in other languages an owner's request carries (decision 0044), shown under its fields so an administrator
// reads what they approve: each language, field and text. Blank ones are left out: they keep no text to read.
import { useTranslation } from "react-i18next";
import { LANGUAGE_NAMES, LANGUAGES, type Language } from "#shared/i18n/index.ts";
import type { RequestDetail } from "#shared/schemas/owners.ts";
import { ui } from "#web/components/ui/field.tsx";

export interface CarriedTranslation {
  language: Language;
  field: string;
  label: string;
  text: string;
}

/** The translations with text a request carries, by language then by the order of the form's fields. */
export function carriedTranslations(request: Pick<RequestDetail, "payload" | "fields">): CarriedTranslation[] {
  const translations = request.payload.translations;
  if (!translations || typeof translations !== "object") return [];
  const byLanguage = translations as Partial<Record<string, Record<string, unknown> | null>>;
  return LANGUAGES.flatMap((language) => {
    const values = byLanguage[language];
    if (!values) return [];
    return Object.entries(values).flatMap(([field, text]) => {
      if (typeof text !== "string" || text.trim() === "") return [];
      return [{ language, field, label: request.fields.find((f) => f.name === field)?.label ?? field, text }];
    });
  });
}

/** `choose`: the administrator picks what to approve, the translations as one choice. */
export function RequestTranslations({ translations, choose }: { translations: CarriedTranslation[]; choose: boolean }) {
  const { t } = useTranslation("owners");
  if (translations.length === 0) return null;
  return (
    <div className="grid gap-2">
      {choose && (
        <label className="flex items-center gap-2 text-sm font-semibold">
          <input type="checkbox" name="fields" value="translations" defaultChecked className="size-4 accent-brand-700" />
          {t("reviewTranslations.approve")}
        </label>
      )}
      <div className="overflow-x-auto">
        <table className="w-full table-fixed border-collapse text-start text-sm">
          <caption className="pb-1 text-start font-semibold text-stone-800">{t("reviewTranslations.caption")}</caption>
          <thead>
            <tr>
              <th scope="col" className={`${ui.th} w-1/5`}>
                {t("reviewTranslations.language")}
              </th>
              <th scope="col" className={`${ui.th} w-1/4`}>
                {t("reviewTranslations.field")}
              </th>
              <th scope="col" className={ui.th}>
                {t("reviewTranslations.text")}
              </th>
            </tr>
          </thead>
          <tbody>
            {translations.map((row) => (
              <tr key={`${row.language}-${row.field}`} className="border-b border-stone-200">
                <td className="px-2 py-2 align-top" lang={row.language}>
                  {LANGUAGE_NAMES[row.language]}
                </td>
                <th scope="row" className="px-2 py-2 text-start align-top font-semibold [overflow-wrap:anywhere]">
                  {row.label}
                </th>
                <td className="px-2 py-2 align-top break-words whitespace-pre-wrap" lang={row.language}>
                  {row.text}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
