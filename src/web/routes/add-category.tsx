// The standalone add-category page (admins only), on the spec's two plain endpoints:
// GET /api/getCategories and POST /api/addCategory.
import { useTranslation } from "react-i18next";
import { getFixedT } from "#shared/i18n/index.ts";
import { requestLanguage } from "../features/admin/index.ts";
import { useEffect, useState } from "react";
import type { Route } from "./+types/add-category";
import { getApp, requireUser, serverFetch } from "../lib/app-context.ts";
import type { Fetcher } from "../lib/api-client.ts";
import { pageTitle } from "../lib/meta.ts";
import { DEFAULT_CATEGORY_COLOR } from "#shared/constants.ts";
import { messages } from "#shared/messages.ts";
import { PlainCategoryInputSchema, type PlainCategory } from "#shared/schemas/category.ts";
import { Field, formSentence, inputProps, OutcomeMessage, textareaProps, type Outcome } from "../components/ui/field.tsx";
import { ui } from "../components/ui/classes.ts";
import { useCheckedForm } from "../lib/checked-form.ts";

const MESSAGE_ID = "add-category-message";

/** The list beside the form, or the spec's message when it cannot be read. */
async function loadCategories(fetcher: Fetcher = fetch): Promise<{ categories: PlainCategory[] | null; loadError: string | null }> {
  try {
    const response = await fetcher("/api/getCategories", { headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error(String(response.status));
    return { categories: (await response.json()) as PlainCategory[], loadError: null };
  } catch {
    return { categories: null, loadError: messages.categories.plainLoadFailed };
  }
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, "admin");
  const [list, site] = await Promise.all([loadCategories(serverFetch(context)), getApp(context).services.siteSettings.get()]);
  const t = await getFixedT(requestLanguage(request, user, site), "admin");
  return { ...list, title: t("addCategory.title") };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageTitle(matches, loaderData?.title);

export default function AddCategory({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const [{ categories, loadError }, setList] = useState({ categories: loaderData.categories, loadError: loaderData.loadError });
  const [outcome, setOutcome] = useState<Outcome>(null);
  // Each category sent (added or not) reads the list again; the first list came with the page.
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (version === 0) return;
    let current = true;
    void loadCategories().then((list) => current && setList((shown) => (list.categories ? list : { ...shown, loadError: list.loadError })));
    return () => {
      current = false;
    };
  }, [version]);

  const { form, fields, busy: saving } = useCheckedForm(
    PlainCategoryInputSchema,
    async ({ value }) => {
      try {
        const response = await fetch("/api/addCategory", {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify(value),
        });
        if (!response.ok) throw new Error(String(response.status));
        setOutcome({ kind: "success", text: t("entities.category.added", { name: value.name }) });
      } catch {
        setOutcome({ kind: "error", text: messages.categories.plainAddFailed });
        return {};
      } finally {
        setVersion((v) => v + 1);
      }
    },
    { id: "add-category", defaultValue: { hex_color: DEFAULT_CATEGORY_COLOR }, reset: true },
  );
  // The spec tells a missing field in one sentence for the whole form, which every field left empty points to.
  const sentence = formSentence(form.allErrors, [messages.categories.fillAllFields], MESSAGE_ID);
  const message: Outcome = sentence.text ? { kind: "error", text: sentence.text } : outcome;
  const hexColor = fields.hex_color.value ?? DEFAULT_CATEGORY_COLOR;

  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <h1 className="page-heading">{t("addCategory.title")}</h1>
      <form
        id={form.id}
        className="card grid gap-4"
        onSubmit={(event) => {
          setOutcome(null);
          form.onSubmit(event);
        }}
        noValidate
        aria-busy={saving}
      >
        <Field id={fields.name.id} label={t("fields.business.name.label")} errorId={fields.name.errorId} errors={sentence.others(fields.name.errors)}>
          <input {...inputProps(fields.name)} aria-describedby={sentence.describedBy(fields.name)} className={ui.input} disabled={saving} required maxLength={100} />
        </Field>
        <Field id={fields.description.id} label={t("fields.business.description.label")} errorId={fields.description.errorId} errors={sentence.others(fields.description.errors)}>
          <textarea {...textareaProps(fields.description)} aria-describedby={sentence.describedBy(fields.description)} className={ui.input} rows={2} disabled={saving} required maxLength={1000} />
        </Field>
        <Field id={fields.hex_color.id} label={t("fields.category.color.label")} errorId={fields.hex_color.errorId} errors={sentence.others(fields.hex_color.errors)}>
          <div className="mt-1 flex items-center gap-3">
            <input
              {...inputProps(fields.hex_color, "color")}
              aria-describedby={sentence.describedBy(fields.hex_color)}
              className="h-10 w-16 cursor-pointer rounded-md border border-stone-400 bg-white p-1"
              disabled={saving}
            />
            <span className="font-mono text-sm text-stone-700">{hexColor}</span>
          </div>
        </Field>
        <div>
          <button type="submit" className={ui.primary} disabled={saving}>
            {saving ? t("markers.adding") : t("addCategory.title")}
          </button>
        </div>
        <OutcomeMessage outcome={message} id={MESSAGE_ID} />
      </form>

      <section aria-labelledby="add-category-list-heading" className="card">
        <h2 id="add-category-list-heading" className={ui.sectionHeading}>
          {t("tabs.categories")}
        </h2>
        {loadError && (
          <p role="alert" className={ui.error}>
            {loadError}
          </p>
        )}
        {categories && categories.length === 0 && <p className="mt-3 text-stone-700">{t("entities.category.none")}</p>}
        {categories && categories.length > 0 && (
          <ul className="mt-3 divide-y divide-stone-200" aria-label={t("tabs.categories")}>
            {categories.map((category) => (
              <li key={category.id} className="flex items-center gap-3 py-2">
                <span aria-hidden="true" className="size-5 shrink-0 rounded-full border border-stone-400" style={{ backgroundColor: category.hex_color }} />
                <div className="min-w-0">
                  <p className="font-semibold">{category.name}</p>
                  {category.description && <p className="text-sm text-stone-600">{category.description}</p>}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
