// The Categories tab: every category by name with its colour, and the add/edit form.
import { useEffect, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { DEFAULT_CATEGORY_COLOR } from "../../../shared/constants.ts";
import { slugify } from "../../../shared/format.ts";
import { messages } from "../../../shared/messages.ts";
import { CategoryInputSchema, type Category } from "../../../shared/schemas/category.ts";
import { paths } from "../../lib/paths.ts";
import { ApiError, apiFetch } from "./api-client.ts";
import { type ActionResult, CancelEditButton, LoadError, ResultMessage } from "./admin-parts.tsx";
import { ui } from "./styles.ts";

interface Draft {
  name: string;
  color: string;
  description: string;
}

const EMPTY: Draft = { name: "", color: DEFAULT_CATEGORY_COLOR, description: "" };

export function CategoriesTab() {
  const [categories, setCategories] = useState<Category[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [editing, setEditing] = useState<Category | null>(null);
  const [busy, setBusy] = useState<null | "submitting" | "deleting">(null);
  const [result, setResult] = useState<ActionResult>(null);
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);

  useEffect(() => {
    let current = true;
    apiFetch<Category[]>("/categories").then(
      (list) => {
        if (!current) return;
        setCategories(list);
        setLoadError(null);
      },
      () => current && setLoadError(messages.categories.loadFailed),
    );
    return () => {
      current = false;
    };
  }, [version]);

  function resetForm() {
    setDraft(EMPTY);
    setEditing(null);
  }

  function startEdit(category: Category) {
    setResult(null);
    setEditing(category);
    setDraft({ name: category.name, color: category.color, description: category.description ?? "" });
    document.getElementById("category-name")?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setResult(null);
    const parsed = CategoryInputSchema.safeParse(draft);
    if (!parsed.success) {
      setResult({ kind: "error", text: parsed.error.issues[0]?.message ?? messages.categories.nameRequired });
      return;
    }
    setBusy("submitting");
    try {
      if (editing) {
        await apiFetch<Category>(`/categories/${encodeURIComponent(editing.id)}`, { method: "PUT", json: parsed.data });
        setResult({ kind: "success", text: `Category "${parsed.data.name}" updated.` });
      } else {
        await apiFetch<Category>("/categories", { method: "POST", json: parsed.data });
        setResult({ kind: "success", text: `Category "${parsed.data.name}" added.` });
      }
      resetForm();
    } catch (error) {
      const base = editing ? messages.categories.updateFailed(editing.name) : messages.categories.addFailed;
      // A clash of names is worth saying in full; anything else gets the spec's text alone.
      const detail = error instanceof ApiError && error.status === 409 ? ` ${error.detail}` : "";
      setResult({ kind: "error", text: `${base}${detail}` });
    } finally {
      setBusy(null);
      reload();
    }
  }

  async function remove(category: Category) {
    if (!window.confirm(messages.categories.confirmDelete)) return;
    setBusy("deleting");
    setResult(null);
    try {
      await apiFetch(`/categories/${encodeURIComponent(category.id)}`, { method: "DELETE" });
      if (editing?.id === category.id) resetForm();
      setResult({ kind: "success", text: `Category "${category.name}" deleted.` });
    } catch {
      setResult({ kind: "error", text: messages.categories.deleteFailed(category.id) });
    } finally {
      setBusy(null);
      reload();
    }
  }

  const disabled = busy !== null;

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="category-form-heading" className="card">
        <h2 id="category-form-heading" className={ui.sectionHeading}>
          {editing ? `Edit Category: ${editing.name}` : "Add Category"}
        </h2>
        <form className="mt-3 grid gap-4" onSubmit={submit} noValidate aria-busy={busy === "submitting"}>
          <div>
            <label htmlFor="category-name" className={ui.label}>
              Category Name
            </label>
            <input
              id="category-name"
              className={ui.input}
              value={draft.name}
              disabled={disabled}
              required
              maxLength={100}
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            />
          </div>
          <div>
            <label htmlFor="category-color" className={ui.label}>
              Colour
            </label>
            <div className="mt-1 flex items-center gap-3">
              <input
                id="category-color"
                type="color"
                className="h-10 w-16 cursor-pointer rounded-md border border-stone-400 bg-white p-1 disabled:cursor-not-allowed"
                value={draft.color}
                disabled={disabled}
                onChange={(e) => setDraft({ ...draft, color: e.target.value })}
              />
              <span className="font-mono text-sm text-stone-700">{draft.color}</span>
            </div>
          </div>
          <div>
            <label htmlFor="category-description" className={ui.label}>
              Description (optional)
            </label>
            <textarea
              id="category-description"
              className={ui.input}
              rows={2}
              value={draft.description}
              disabled={disabled}
              maxLength={1000}
              onChange={(e) => setDraft({ ...draft, description: e.target.value })}
            />
          </div>
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={ui.primary} disabled={disabled}>
              {busy === "submitting" ? "Saving..." : editing ? "Update Category" : "Add Category"}
            </button>
            {editing && <CancelEditButton disabled={disabled} onClick={resetForm} />}
          </div>
        </form>
        <ResultMessage result={result} />
      </section>

      <section aria-labelledby="category-list-heading" className="card">
        <h2 id="category-list-heading" className={ui.sectionHeading}>
          Existing Categories
        </h2>
        <LoadError message={loadError} />
        {!categories && !loadError && <p className="mt-3 text-stone-700">Loading categories...</p>}
        {categories && categories.length === 0 && <p className="mt-3 text-stone-700">No categories yet.</p>}
        {categories && categories.length > 0 && (
          <ul className="mt-3 divide-y divide-stone-200" aria-label="Categories">
            {categories.map((category) => (
              <li key={category.id} className="flex items-center justify-between gap-3 py-2">
                <div className="flex min-w-0 flex-1 items-center gap-2">
                  <span aria-hidden="true" className="size-5 shrink-0 rounded-full border border-stone-400" style={{ backgroundColor: category.color }} />
                  <div className="min-w-0">
                    <Link to={paths.category(slugify(category.name))} className="font-semibold text-brand-700 underline">
                      {category.name}
                    </Link>
                    <p className="text-sm text-stone-600">
                      <span className="font-mono">{category.color}</span>
                      {category.description ? ` · ${category.description}` : ""}
                    </p>
                  </div>
                </div>
                <div className="flex shrink-0 gap-2">
                  <button type="button" className={ui.secondary} disabled={disabled} aria-label={`Edit ${category.name}`} onClick={() => startEdit(category)}>
                    Edit
                  </button>
                  <button type="button" className={ui.danger} disabled={disabled} aria-label={`Delete ${category.name}`} onClick={() => void remove(category)}>
                    Delete
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
