// The language switch of an entity's form: the original fields stay as they are (in the site's default language),
// and each other language the site offers has a panel of the translatable fields, sent with the same form as
// `translations.<language>.<field>` (src/shared/schemas/translations.ts). Every panel stays in the form, so
// switching keeps what was typed and one sending saves every language.
import { useTranslation } from "react-i18next";
import { Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import { useFetcher } from "react-router";
import { LANGUAGE_NAMES, type Language } from "#shared/i18n/index.ts";
import type { FieldView } from "#shared/schemas/entity.ts";
import type { Translations } from "#shared/schemas/translations.ts";
import { ErrorList } from "./field.tsx";
import { ui } from "./classes.ts";
import { RichTextEditor } from "./rich-text-editor.tsx";
import type { FormActionData } from "./entity-form.tsx";
import { useLanguages } from "#web/lib/language.ts";

const TAB_CLASS =
  "cursor-pointer rounded-md px-3 py-1.5 text-sm font-semibold text-stone-700 outline-none hover:bg-stone-100 focus-visible:ring-2 focus-visible:ring-brand-700 data-[selected]:bg-brand-700 data-[selected]:text-white";

/** The name of `language` in the language the form is shown in ("French" on an English page, "anglais" on a French one). */
function nameIn(uiLanguage: string, language: Language): string {
  try {
    return (
      new Intl.DisplayNames([uiLanguage], { type: "language" }).of(language) ??
      LANGUAGE_NAMES[language]
    );
  } catch {
    return LANGUAGE_NAMES[language];
  }
}

export function TranslationSection({
  formId,
  views,
  values,
  markdown = false,
}: {
  formId: string;
  views: Record<string, FieldView>;
  values: Record<string, unknown>;
  /** Rich text is written as Markdown (a page whose format is Markdown), as its original. */
  markdown?: boolean;
}) {
  const { t, i18n } = useTranslation("content");
  const { languages, defaultLanguage } = useLanguages();
  const errors = useFetcher<FormActionData>({ key: formId }).data?.result
    ?.error;
  const fields = Object.entries(views).filter(([, view]) => view.translatable);
  const others = languages.filter((language) => language !== defaultLanguage);
  // An item read without its translations is not offered them: blank fields sent would remove the saved ones.
  const known = values.translations !== undefined || values.id === undefined;
  if (fields.length === 0 || others.length === 0 || !known) return null;
  const saved = (values.translations ?? {}) as Translations;
  const original = nameIn(i18n.language, defaultLanguage);
  return (
    <Tabs
      defaultSelectedKey={defaultLanguage}
      className="grid gap-2 rounded-md border border-stone-200 bg-stone-50 p-3"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span
          aria-hidden="true"
          className="text-sm font-semibold text-stone-800"
        >
          {t("switch.label")}
        </span>
        <TabList
          aria-label={t("switch.label")}
          className="flex flex-wrap gap-1"
        >
          {[defaultLanguage, ...others].map((language) => (
            <Tab
              key={language}
              id={language}
              lang={language}
              className={TAB_CLASS}
            >
              {LANGUAGE_NAMES[language]}
            </Tab>
          ))}
        </TabList>
      </div>
      <TabPanel
        id={defaultLanguage}
        className="text-sm text-stone-700 outline-none focus-visible:ring-2 focus-visible:ring-brand-700"
      >
        {t("switch.original", { language: original })}
      </TabPanel>
      {others.map((language) => (
        <TabPanel
          key={language}
          id={language}
          shouldForceMount
          className={({ isInert }) =>
            isInert
              ? "hidden"
              : "grid gap-3 outline-none focus-visible:ring-2 focus-visible:ring-brand-700"
          }
        >
          {({ isInert }) => (
            <>
              {fields.map(([field, view]) => {
                const name = `translations.${language}.${field}`;
                const id = `${formId}-${language}-${field}`;
                const fieldErrors =
                  errors?.[name] ?? errors?.[`translations.${language}`];
                const invalid = !!fieldErrors?.length;
                const common = {
                  id,
                  name,
                  lang: language,
                  defaultValue: saved[language]?.[field] ?? "",
                  maxLength: view.maxLength,
                  className: ui.input,
                  "aria-invalid": invalid || undefined,
                  "aria-describedby": invalid ? `${id}-error` : undefined,
                };
                const label = isInert
                  ? ""
                  : t("field", {
                      field: view.label,
                      language: LANGUAGE_NAMES[language],
                    });
                if (view.widget === "richtext")
                  // Its value is a hidden input, so the wrapper names the field, as the original's does.
                  return (
                    <div key={field} lang={language} data-field={name} className="min-w-0">
                      <RichTextEditor
                        key={String(markdown)}
                        label={label}
                        name={name}
                        markdown={markdown}
                        defaultValue={common.defaultValue}
                        invalid={invalid}
                        describedBy={common["aria-describedby"]}
                      />
                      <ErrorList id={`${id}-error`} errors={fieldErrors} />
                    </div>
                  );
                // A hidden language's fields stay in the form (what was typed is kept and sent) without their labels,
                // so the form's controls are named once: by the original fields' labels and the shown language's.
                return (
                  <div key={field} className="min-w-0">
                    <label htmlFor={id} className={ui.label}>
                      {label || null}
                    </label>
                    {view.widget === "textarea" ? (
                      <textarea rows={view.rows ?? 4} {...common} />
                    ) : (
                      <input type="text" {...common} />
                    )}
                    <ErrorList id={`${id}-error`} errors={fieldErrors} />
                  </div>
                );
              })}
              <p className="text-sm text-stone-600">
                {t("switch.fallback", {
                  language: nameIn(i18n.language, language),
                  original,
                })}
              </p>
            </>
          )}
        </TabPanel>
      ))}
    </Tabs>
  );
}

/** The translations a submitted entity form holds, as the API takes them (`{}` when the form had no language switch). */
export function translationsOf(form: FormData): {
  translations?: Translations;
} {
  const translations: Record<string, Record<string, string>> = {};
  for (const [key, value] of form.entries()) {
    const match = /^translations\.([a-z]{2})\.([\w.]+)$/.exec(key);
    if (match && typeof value === "string")
      (translations[match[1]!] ??= {})[match[2]!] = value;
  }
  return Object.keys(translations).length > 0 ? { translations } : {};
}
