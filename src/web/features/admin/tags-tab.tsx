// The Tags tab: every tag by name, and the add/edit form (names are unique ignoring case).
import { useEffect, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { slugify } from "../../../shared/format.ts";
import { messages } from "../../../shared/messages.ts";
import { TagInputSchema, type Tag } from "../../../shared/schemas/tag.ts";
import { paths } from "../../lib/paths.ts";
import { ApiError, apiFetch } from "./api-client.ts";
import { type ActionResult, CancelEditButton, LoadError, ResultMessage } from "./admin-parts.tsx";
import { ui } from "./styles.ts";

export function TagsTab() {
  const [tags, setTags] = useState<Tag[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [editing, setEditing] = useState<Tag | null>(null);
  const [busy, setBusy] = useState<null | "submitting" | "deleting">(null);
  const [result, setResult] = useState<ActionResult>(null);
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);

  useEffect(() => {
    let current = true;
    apiFetch<Tag[]>("/tags").then(
      (list) => {
        if (!current) return;
        setTags(list);
        setLoadError(null);
      },
      () => current && setLoadError(messages.tags.loadListFailed),
    );
    return () => {
      current = false;
    };
  }, [version]);

  function resetForm() {
    setName("");
    setEditing(null);
  }

  function startEdit(tag: Tag) {
    setResult(null);
    setEditing(tag);
    setName(tag.name);
    document.getElementById("tag-name")?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setResult(null);
    const parsed = TagInputSchema.safeParse({ name });
    if (!parsed.success) {
      setResult({ kind: "error", text: messages.tags.nameRequired });
      return;
    }
    const clash = tags?.find((tag) => tag.id !== editing?.id && tag.name.toLowerCase() === parsed.data.name.toLowerCase());
    if (clash) {
      setResult({ kind: "error", text: messages.tags.duplicate(parsed.data.name) });
      return;
    }
    setBusy("submitting");
    try {
      if (editing) {
        await apiFetch<Tag>(`/tags/${encodeURIComponent(editing.id)}`, { method: "PUT", json: parsed.data });
        setResult({ kind: "success", text: `Tag "${parsed.data.name}" updated.` });
      } else {
        await apiFetch<Tag>("/tags", { method: "POST", json: parsed.data });
        setResult({ kind: "success", text: `Tag "${parsed.data.name}" added.` });
      }
      resetForm();
    } catch (error) {
      const duplicate = error instanceof ApiError && error.status === 409;
      setResult({
        kind: "error",
        text: duplicate ? error.detail : editing ? messages.tags.updateFailed(editing.name) : messages.tags.addFailed,
      });
    } finally {
      setBusy(null);
      reload();
    }
  }

  async function remove(tag: Tag) {
    if (!window.confirm(messages.tags.confirmDelete)) return;
    setBusy("deleting");
    setResult(null);
    try {
      await apiFetch(`/tags/${encodeURIComponent(tag.id)}`, { method: "DELETE" });
      if (editing?.id === tag.id) resetForm();
      setResult({ kind: "success", text: `Tag "${tag.name}" deleted.` });
    } catch {
      setResult({ kind: "error", text: messages.tags.deleteFailed(tag.id) });
    } finally {
      setBusy(null);
      reload();
    }
  }

  const disabled = busy !== null;

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="tag-form-heading" className="card">
        <h2 id="tag-form-heading" className={ui.sectionHeading}>
          {editing ? `Edit Tag: ${editing.name}` : "Add Tag"}
        </h2>
        <form className="mt-3 grid gap-4" onSubmit={submit} noValidate aria-busy={busy === "submitting"}>
          <div>
            <label htmlFor="tag-name" className={ui.label}>
              Tag Name
            </label>
            <input id="tag-name" className={ui.input} value={name} disabled={disabled} required maxLength={100} onChange={(e) => setName(e.target.value)} />
          </div>
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={ui.primary} disabled={disabled}>
              {busy === "submitting" ? "Saving..." : editing ? "Update Tag" : "Add Tag"}
            </button>
            {editing && <CancelEditButton disabled={disabled} onClick={resetForm} />}
          </div>
        </form>
        <ResultMessage result={result} />
      </section>

      <section aria-labelledby="tag-list-heading" className="card">
        <h2 id="tag-list-heading" className={ui.sectionHeading}>
          Existing Tags
        </h2>
        <LoadError message={loadError} />
        {!tags && !loadError && <p className="mt-3 text-stone-700">Loading tags...</p>}
        {tags && tags.length === 0 && <p className="mt-3 text-stone-700">No tags yet.</p>}
        {tags && tags.length > 0 && (
          <ul className="mt-3 divide-y divide-stone-200" aria-label="Tags">
            {tags.map((tag) => (
              <li key={tag.id} className="flex items-center justify-between gap-3 py-2">
                <Link to={paths.tag(slugify(tag.name))} className="min-w-0 flex-1 break-words font-semibold text-brand-700 underline">
                  {tag.name}
                </Link>
                <div className="flex shrink-0 gap-2">
                  <button type="button" className={ui.secondary} disabled={disabled} aria-label={`Edit ${tag.name}`} onClick={() => startEdit(tag)}>
                    Edit
                  </button>
                  <button type="button" className={ui.danger} disabled={disabled} aria-label={`Delete ${tag.name}`} onClick={() => void remove(tag)}>
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
