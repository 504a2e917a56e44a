// The standalone add-category page (admins only), on the spec's two plain endpoints:
// GET /api/getCategories and POST /api/addCategory.
import { useEffect, useState, type FormEvent } from "react";
import type { Route } from "./+types/add-category";
import { requireUser } from "../lib/app-context.ts";
import { pageTitle } from "../lib/meta.ts";
import { DEFAULT_CATEGORY_COLOR } from "#shared/constants.ts";
import { messages } from "#shared/messages.ts";
import type { PlainCategory } from "#shared/schemas/category.ts";
import { ui } from "../components/ui/field.tsx";

export function loader({ context }: Route.LoaderArgs) {
  requireUser(context, "admin");
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Add Category");

export default function AddCategory() {
  const [categories, setCategories] = useState<PlainCategory[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [hexColor, setHexColor] = useState<string>(DEFAULT_CATEGORY_COLOR);
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ kind: "error" | "success"; text: string } | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let current = true;
    fetch("/api/getCategories", { headers: { Accept: "application/json" } })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        return (await response.json()) as PlainCategory[];
      })
      .then(
        (list) => {
          if (!current) return;
          setCategories(list);
          setLoadError(null);
        },
        () => current && setLoadError(messages.categories.plainLoadFailed),
      );
    return () => {
      current = false;
    };
  }, [version]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setResult(null);
    if (!name.trim() || !description.trim() || !hexColor.trim()) {
      setResult({ kind: "error", text: messages.categories.fillAllFields });
      return;
    }
    setSaving(true);
    try {
      const response = await fetch("/api/addCategory", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ name, description, hex_color: hexColor }),
      });
      if (!response.ok) throw new Error(String(response.status));
      setResult({ kind: "success", text: `Category "${name.trim()}" added.` });
      setName("");
      setDescription("");
      setHexColor(DEFAULT_CATEGORY_COLOR);
    } catch {
      setResult({ kind: "error", text: messages.categories.plainAddFailed });
    } finally {
      setSaving(false);
      setVersion((v) => v + 1);
    }
  }

  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <h1 className="page-heading">Add Category</h1>
      <form className="card grid gap-4" onSubmit={submit} noValidate aria-busy={saving}>
        <div>
          <label htmlFor="add-category-name" className={ui.label}>
            Name
          </label>
          <input id="add-category-name" className={ui.input} value={name} disabled={saving} required maxLength={100} onChange={(e) => setName(e.target.value)} />
        </div>
        <div>
          <label htmlFor="add-category-description" className={ui.label}>
            Description
          </label>
          <textarea
            id="add-category-description"
            className={ui.input}
            rows={2}
            value={description}
            disabled={saving}
            required
            maxLength={1000}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor="add-category-color" className={ui.label}>
            Colour
          </label>
          <div className="mt-1 flex items-center gap-3">
            <input
              id="add-category-color"
              type="color"
              className="h-10 w-16 cursor-pointer rounded-md border border-stone-400 bg-white p-1"
              value={hexColor}
              disabled={saving}
              onChange={(e) => setHexColor(e.target.value)}
            />
            <span className="font-mono text-sm text-stone-700">{hexColor}</span>
          </div>
        </div>
        <div>
          <button type="submit" className={ui.primary} disabled={saving}>
            {saving ? "Adding..." : "Add Category"}
          </button>
        </div>
        {result && (
          <p role={result.kind === "error" ? "alert" : "status"} className={result.kind === "error" ? ui.error : ui.success}>
            {result.text}
          </p>
        )}
      </form>

      <section aria-labelledby="add-category-list-heading" className="card">
        <h2 id="add-category-list-heading" className={ui.sectionHeading}>
          Categories
        </h2>
        {loadError && (
          <p role="alert" className={ui.error}>
            {loadError}
          </p>
        )}
        {!categories && !loadError && <p className="mt-3 text-stone-700">Loading categories...</p>}
        {categories && categories.length === 0 && <p className="mt-3 text-stone-700">No categories yet.</p>}
        {categories && categories.length > 0 && (
          <ul className="mt-3 divide-y divide-stone-200" aria-label="Categories">
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
