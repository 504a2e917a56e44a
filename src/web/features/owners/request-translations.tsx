// The texts in other languages an owner's request changes (decision 0044), shown under its fields so an administrator
// reads what they approve: each field and its language, the live text beside the requested one (a new item's alone).
import { useTranslation } from "react-i18next";
import { LANGUAGE_NAMES } from "#shared/i18n/index.ts";
import type { RequestTranslation } from "#shared/schemas/owners.ts";
import { ui } from "#web/components/ui/classes.ts";

/** `live`: beside the live texts (a change); `choose`: the administrator picks what to approve, the translations as one choice. */
export function RequestTranslations({ translations, live, choose }: { translations: RequestTranslation[]; live: boolean; choose: boolean }) {
  const { t } = useTranslation("owners");
  if (translations.length === 0) return null;
  const empty = t("review.empty");
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
              {/* The columns of the fields' table above, so the two read as one. */}
              <th scope="col" className={`${ui.th} w-[36%] sm:w-1/4`}>
                {t("review.headings.field")}
              </th>
              {live && (
                <th scope="col" className={ui.th}>
                  {t("review.headings.live")}
                </th>
              )}
              <th scope="col" className={ui.th}>
                {t("review.headings.requested")}
              </th>
            </tr>
          </thead>
          <tbody>
            {translations.map((row) => (
              <tr key={`${row.language}-${row.field}`} className="border-b border-stone-200">
                <th scope="row" className="px-2 py-2 text-start align-top font-semibold hyphens-auto [overflow-wrap:anywhere]">
                  {row.label}
                  <span lang={row.language} className="block font-normal text-stone-600">
                    {LANGUAGE_NAMES[row.language]}
                  </span>
                </th>
                {live && (
                  <td className="px-2 py-2 align-top break-words whitespace-pre-wrap" lang={row.live === null ? undefined : row.language}>
                    {row.live ?? empty}
                  </td>
                )}
                <td className="px-2 py-2 align-top break-words whitespace-pre-wrap" lang={row.requested === null ? undefined : row.language}>
                  {row.requested ?? empty}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
