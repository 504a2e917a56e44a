// The newsletter's topics as one group of checkboxes: the fixed ones (events, offers, news), then one per category
// of business when the categories are given. A refusal of the choice is told under the group.
import { categoryTopic, FIXED_TOPIC_LABELS, FIXED_TOPICS, type FixedTopic } from "#shared/schemas/subscription.ts";
import type { Category } from "#shared/schemas/category.ts";
import { localizedText } from "#shared/i18n/localized-text.ts";
import { useLanguages } from "../../lib/language.ts";
import { ErrorList } from "#web/components/ui/field.tsx";

export function TopicChoices({
  name,
  chosen,
  categories = [],
  legend,
  errorId,
  errors,
  labels = FIXED_TOPIC_LABELS,
  byKind = "New businesses and news by kind of business",
}: {
  name: string;
  chosen: readonly string[];
  categories?: ReadonlyArray<Pick<Category, "id" | "name" | "translations">>;
  legend: string;
  errorId: string;
  errors?: ReadonlyArray<string> | null | undefined;
  /** The fixed topics' names and the categories' legend in the page's language (English by default). */
  labels?: Record<FixedTopic, string>;
  byKind?: string;
}) {
  const invalid = !!errors?.length;
  // A category's name in the page's language, else its original marked with the site's language.
  const { language, defaultLanguage } = useLanguages();
  const box = (value: string, label: string, lang?: string) => (
    <label key={value} className="flex items-center gap-2 text-stone-800">
      <input type="checkbox" name={name} value={value} defaultChecked={chosen.includes(value)} className="size-4 accent-brand-700" />
      {lang ? <span lang={lang}>{label}</span> : label}
    </label>
  );
  return (
    <fieldset className="grid gap-2" aria-describedby={invalid ? errorId : undefined} aria-invalid={invalid || undefined}>
      <legend className="text-sm font-semibold text-stone-800">{legend}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-1">{FIXED_TOPICS.map((topic) => box(topic, labels[topic]))}</div>
      {categories.length > 0 && (
        <fieldset className="grid gap-1">
          <legend className="text-sm text-stone-700">{byKind}</legend>
          <div className="grid gap-x-5 gap-y-1 sm:grid-cols-2">{categories.map((c) => {
            const { text, lang } = localizedText(c.name, c.translations, "name", language, defaultLanguage);
            return box(categoryTopic(c.id), text ?? c.name, lang);
          })}</div>
        </fieldset>
      )}
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}
