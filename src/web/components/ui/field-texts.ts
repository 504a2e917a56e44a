// An entity's field descriptions (src/shared/schemas) in the page's language: each keyed field's texts are read from
// the `admin` catalog (`fields.<entity>.<field>`), its English texts standing when the catalog lacks one.
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type { FieldView } from "#shared/schemas/entity.ts";

type Texts = (key: string, english: string) => string;

/** The view with its texts in the catalog's language. */
export function localizeView(view: FieldView, text: Texts): FieldView {
  if (!view.key) return view;
  const base = `fields.${view.key}`;
  const optional = (part: string, english: string | undefined) => (english === undefined ? undefined : text(`${base}.${part}`, english));
  return {
    ...view,
    label: text(`${base}.label`, view.label),
    options: view.options?.map((option) => ({ ...option, label: text(`${base}.options.${option.value}`, option.label) })),
    group: optional("group", view.group),
    empty: optional("empty", view.empty),
    missing: optional("missing", view.missing),
    placeholder: optional("placeholder", view.placeholder),
    alt: optional("alt", view.alt),
    uploadText: view.uploadText && {
      add: text(`${base}.uploadText.add`, view.uploadText.add),
      replace: text(`${base}.uploadText.replace`, view.uploadText.replace),
      remove: text(`${base}.uploadText.remove`, view.uploadText.remove),
      none: text(`${base}.uploadText.none`, view.uploadText.none),
    },
  };
}

/** Turns field views into the page's language. */
export function useFieldTexts(): (view: FieldView) => FieldView {
  const { t } = useTranslation("admin");
  return useCallback((view: FieldView) => localizeView(view, (key, english) => t(key, { defaultValue: english })), [t]);
}

/** An entity's names ("Marker", "Markers") in the page's language. */
export function useEntityNames(view: { key?: string; singular: string; plural: string }): { singular: string; plural: string } {
  const { t } = useTranslation("admin");
  if (!view.key) return view;
  return { singular: t(`entities.${view.key}.singular`, { defaultValue: view.singular }), plural: t(`entities.${view.key}.plural`, { defaultValue: view.plural }) };
}
