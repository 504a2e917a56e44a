// The Pages tab: the list of CMS pages and the add/edit form (the pattern the other tabs follow).
import { useEffect, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { PAGE_PERMISSIONS, type PagePermission } from "../../../shared/constants.ts";
import { messages } from "../../../shared/messages.ts";
import { PageInputSchema, type Page, type PageContentFormat, type PageSummary } from "../../../shared/schemas/page.ts";
import { paths } from "../../lib/paths.ts";
import { ApiError, apiFetch, type Paginated } from "./api-client.ts";
import { Pager } from "./pager.tsx";
import { RichTextEditor } from "./rich-text-editor.tsx";
import { type ActionResult, CancelEditButton, LoadError, ResultMessage } from "./admin-parts.tsx";
import { ui } from "./styles.ts";

const PAGE_SIZE = 50;
const PERMISSION_LABELS: Record<PagePermission, string> = { public: "Public", user: "Signed-in users", business: "Business", admin: "Admin" };

interface Draft {
  name: string;
  permission: PagePermission;
  contentFormat: PageContentFormat;
  content: string;
}

const EMPTY: Draft = { name: "", permission: "public", contentFormat: "html", content: "" };

export function PagesTab() {
  const [listPage, setListPage] = useState(1);
  const [list, setList] = useState<Paginated<PageSummary> | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null);
  // Bumped whenever the form loads other content, so the rich-text area takes it.
  const [formKey, setFormKey] = useState(0);
  const [busy, setBusy] = useState<null | "submitting" | "loading" | "deleting">(null);
  const [result, setResult] = useState<ActionResult>(null);

  // Bumped after every change, so the list reloads.
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);

  useEffect(() => {
    let current = true;
    apiFetch<Paginated<PageSummary>>(`/pages?page=${listPage}&pageSize=${PAGE_SIZE}`).then(
      (result) => {
        if (!current) return;
        setList(result);
        setLoadError(null);
      },
      () => current && setLoadError(messages.pages.loadFailed),
    );
    return () => {
      current = false;
    };
  }, [listPage, version]);

  function resetForm() {
    setDraft(EMPTY);
    setEditing(null);
    setFormKey((k) => k + 1);
  }

  async function startEdit(summary: PageSummary) {
    setBusy("loading");
    setResult(null);
    try {
      const page = await apiFetch<Page>(`/pages/${encodeURIComponent(summary.id)}`);
      setDraft({ name: page.name, permission: page.permission, contentFormat: page.contentFormat, content: page.content });
      setEditing({ id: page.id, name: page.name });
      setFormKey((k) => k + 1);
      document.getElementById("page-name")?.focus();
    } catch (error) {
      setResult({ kind: "error", text: error instanceof ApiError ? error.message : messages.pages.loadFailed });
    } finally {
      setBusy(null);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setResult(null);
    const parsed = PageInputSchema.safeParse(draft);
    if (!parsed.success) {
      setResult({ kind: "error", text: messages.pages.required });
      return;
    }
    setBusy("submitting");
    try {
      if (editing) {
        await apiFetch<Page>(`/pages/${encodeURIComponent(editing.id)}`, { method: "PUT", json: parsed.data });
        setResult({ kind: "success", text: `Page "${parsed.data.name}" updated.` });
      } else {
        await apiFetch<Page>("/pages", { method: "POST", json: parsed.data });
        setResult({ kind: "success", text: `Page "${parsed.data.name}" added.` });
      }
      resetForm();
    } catch (error) {
      const detail = error instanceof ApiError ? error.detail : "";
      setResult({ kind: "error", text: editing ? messages.pages.updateFailed(detail) : messages.pages.addFailed(detail) });
    } finally {
      setBusy(null);
      reload();
    }
  }

  async function remove(page: PageSummary) {
    if (!window.confirm(messages.pages.confirmDelete(page.name))) return;
    setBusy("deleting");
    setResult(null);
    try {
      await apiFetch(`/pages/${encodeURIComponent(page.id)}`, { method: "DELETE" });
      if (editing?.id === page.id) resetForm();
      setResult({ kind: "success", text: `Page "${page.name}" deleted.` });
    } catch {
      setResult({ kind: "error", text: messages.pages.deleteFailed(page.id) });
    } finally {
      setBusy(null);
      reload();
    }
  }

  const disabled = busy !== null;

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <section aria-labelledby="page-form-heading" className="card">
        <h2 id="page-form-heading" className={ui.sectionHeading}>
          {editing ? `Edit Page: ${editing.name}` : "Add Page"}
        </h2>
        <form className="mt-3 grid gap-4" onSubmit={submit} noValidate aria-busy={busy === "submitting"}>
          <div>
            <label htmlFor="page-name" className={ui.label}>
              Page Name
            </label>
            <input
              id="page-name"
              className={ui.input}
              value={draft.name}
              disabled={disabled}
              required
              maxLength={200}
              onChange={(event) => setDraft({ ...draft, name: event.target.value })}
            />
          </div>
          <div>
            <label htmlFor="page-permission" className={ui.label}>
              Permission
            </label>
            <select
              id="page-permission"
              className={ui.input}
              value={draft.permission}
              disabled={disabled}
              onChange={(event) => setDraft({ ...draft, permission: event.target.value as PagePermission })}
            >
              {PAGE_PERMISSIONS.map((permission) => (
                <option key={permission} value={permission}>
                  {PERMISSION_LABELS[permission]}
                </option>
              ))}
            </select>
          </div>
          <fieldset>
            <legend className={ui.label}>Content format</legend>
            <div className="mt-1 flex flex-wrap gap-4">
              {(["html", "markdown"] as const).map((format) => (
                <label key={format} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="page-format"
                    value={format}
                    checked={draft.contentFormat === format}
                    disabled={disabled}
                    onChange={() => setDraft({ ...draft, contentFormat: format })}
                  />
                  {format === "html" ? "Rich text" : "Markdown"}
                </label>
              ))}
            </div>
          </fieldset>
          <RichTextEditor
            label="Content"
            format={draft.contentFormat}
            value={draft.content}
            resetKey={formKey}
            disabled={disabled}
            onChange={(content) => setDraft((current) => ({ ...current, content }))}
          />
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={ui.primary} disabled={disabled}>
              {busy === "submitting" ? "Saving..." : editing ? "Update Page" : "Add Page"}
            </button>
            {editing && <CancelEditButton disabled={disabled} onClick={resetForm} />}
          </div>
        </form>
        <ResultMessage result={result} />
      </section>

      <section aria-labelledby="page-list-heading" className="card">
        <h2 id="page-list-heading" className={ui.sectionHeading}>
          Existing Pages
        </h2>
        <LoadError message={loadError} />
        {!list && !loadError && <p className="mt-3 text-stone-700">Loading pages...</p>}
        {list && list.total === 0 && <p className="mt-3 text-stone-700">No pages yet.</p>}
        {list && list.total > 0 && (
          <>
            <ul className="mt-3 divide-y divide-stone-200" aria-label="Pages">
              {list.items.map((page) => (
                <li key={page.id} className="py-3">
                  <h3 className="font-semibold">
                    <Link to={paths.page(page.slug)} className="text-brand-700 underline">
                      {page.name}
                    </Link>
                  </h3>
                  <p className="text-sm text-stone-600">
                    {PERMISSION_LABELS[page.permission]} · {page.contentFormat === "html" ? "Rich text" : "Markdown"} · /pages/{page.slug}
                  </p>
                  <p className="mt-1 text-sm text-stone-800">{page.preview || "(empty)"}</p>
                  <div className="mt-2 flex gap-2">
                    <button type="button" className={ui.secondary} disabled={disabled} aria-label={`Edit ${page.name}`} onClick={() => void startEdit(page)}>
                      Edit
                    </button>
                    <button type="button" className={ui.danger} disabled={disabled} aria-label={`Delete ${page.name}`} onClick={() => void remove(page)}>
                      {busy === "deleting" ? "Deleting..." : "Delete"}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
            <Pager label="Pages" page={list.page} pageSize={list.pageSize} total={list.total} disabled={disabled} onPage={setListPage} />
          </>
        )}
      </section>
    </div>
  );
}
