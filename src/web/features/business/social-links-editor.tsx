// The social links' editor in the Markers form and on /mybusiness (their display: social-links.tsx, which the business
// page loads without the form's styles and helpers).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SOCIAL_KINDS, SOCIAL_LABELS, type SocialKind, type SocialLink } from "#shared/social-links.ts";
import { ui } from "#web/components/ui/classes.ts";
import { jsonListField } from "#web/lib/json-list-field.ts";

/**
 * The form's social links: a network and an address per row; sent as one JSON field. As that is a hidden input, the
 * group names the field (`data-field`) so a refused sending focuses its first control.
 */
export function SocialLinksEditor({ name, label, initialValue, errorId, errors }: { name: string; label: string; initialValue: unknown; errorId: string; errors?: string[] }) {
  const { t } = useTranslation("owners");
  const [links, setLinks] = useState<SocialLink[]>(() => jsonListField<SocialLink>(initialValue));
  const invalid = !!errors?.length;
  const set = (index: number, patch: Partial<SocialLink>) => setLinks((all) => all.map((link, i) => (i === index ? { ...link, ...patch } : link)));
  return (
    <fieldset className="grid gap-2" aria-describedby={invalid ? errorId : undefined} aria-invalid={invalid || undefined} data-field={name}>
      <legend className={ui.label}>{label}</legend>
      <input type="hidden" name={name} value={JSON.stringify(links)} />
      {links.length === 0 && <p className="text-sm text-stone-600">{t("social.none")}</p>}
      {links.map((link, index) => (
        <div key={index} className="flex flex-wrap items-end gap-2">
          <label className="grid text-sm">
            {t("social.network")}
            <select value={link.kind} onChange={(e) => set(index, { kind: e.target.value as SocialKind })} className="mt-1 rounded-md border border-stone-400 px-2 py-2" aria-label={t("social.networkOf", { n: index + 1 })}>
              {SOCIAL_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {SOCIAL_LABELS[kind]}
                </option>
              ))}
            </select>
          </label>
          <label className="grid min-w-0 grow text-sm">
            {t("social.address")}
            <input type="url" value={link.url} placeholder="https://" maxLength={500} onChange={(e) => set(index, { url: e.target.value })} className={ui.input} aria-label={t("social.addressOf", { n: index + 1 })} />
          </label>
          <button type="button" className="py-2 text-sm text-brand-700 underline" onClick={() => setLinks((all) => all.filter((_, i) => i !== index))}>
            {t("photos.remove")}
            <span className="sr-only"> {t("social.link", { n: index + 1 })}</span>
          </button>
        </div>
      ))}
      {links.length < 10 && (
        <button type="button" className={`${ui.secondary} justify-self-start`} onClick={() => setLinks((all) => [...all, { kind: "facebook", url: "" }])}>
          {t("social.add")}
        </button>
      )}
      <p id={errorId} className="text-sm font-medium text-red-800 empty:hidden">
        {errors?.join(" ")}
      </p>
    </fieldset>
  );
}
