// The Posts tab: every post newest first, and the add/edit form (pages-tab.tsx is the pattern). The
// content is rich text; the server sanitizes it before storing and again before showing it.
import { useEffect, useState, type FormEvent } from "react";
import { messages } from "../../../shared/messages.ts";
import { PostInputSchema, type AdminPost, type PostAuthor } from "../../../shared/schemas/post.ts";
import { ApiError, apiFetch, type Paginated } from "./api-client.ts";
import { formatWhen, fromLocalInput, ImageField, toLocalInput, type FormImage } from "./image-field.tsx";
import { Pager } from "./pager.tsx";
import { RichTextEditor } from "./rich-text-editor.tsx";
import { type ActionResult, CancelEditButton, LoadError, ResultMessage } from "./admin-parts.tsx";
import { ui } from "./styles.ts";

const PAGE_SIZE = 50;

interface Draft {
  title: string;
  authorUid: string;
  content: string;
  datetime: string;
  link: string;
  image: FormImage;
}

const EMPTY: Draft = { title: "", authorUid: "", content: "", datetime: "", link: "", image: { path: null, url: null } };

/** The server's answer in the spec's words: a missing session is "You must be logged in to submit a post.". */
function failureDetail(error: unknown): string {
  if (error instanceof ApiError) return error.status === 401 ? messages.adminPosts.mustBeLoggedIn : error.detail;
  return "";
}

export function PostsTab() {
  const [listPage, setListPage] = useState(1);
  const [list, setList] = useState<Paginated<AdminPost> | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [authors, setAuthors] = useState<PostAuthor[]>([]);
  const [authorsFailed, setAuthorsFailed] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [editing, setEditing] = useState<{ id: string; title: string } | null>(null);
  // Bumped whenever the form loads other content, so the rich-text area and the upload control take it.
  const [formKey, setFormKey] = useState(0);
  const [busy, setBusy] = useState<null | "submitting" | "deleting">(null);
  const [uploading, setUploading] = useState(false);
  const [result, setResult] = useState<ActionResult>(null);

  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);

  useEffect(() => {
    let current = true;
    apiFetch<Paginated<AdminPost>>(`/admin/posts?page=${listPage}&pageSize=${PAGE_SIZE}`).then(
      (result) => {
        if (!current) return;
        setList(result);
        setLoadError(null);
      },
      () => current && setLoadError(messages.adminPosts.loadFailed),
    );
    return () => {
      current = false;
    };
  }, [listPage, version]);

  useEffect(() => {
    let current = true;
    apiFetch<PostAuthor[]>("/admin/post-authors").then(
      (result) => {
        if (!current) return;
        setAuthors(result);
        setAuthorsFailed(false);
      },
      () => current && setAuthorsFailed(true),
    );
    return () => {
      current = false;
    };
  }, [version]);

  function resetForm() {
    setDraft(EMPTY);
    setEditing(null);
    setFormKey((k) => k + 1);
  }

  function startEdit(post: AdminPost) {
    setResult(null);
    setDraft({
      title: post.title,
      authorUid: post.authorUid ?? "",
      content: post.content,
      datetime: toLocalInput(post.datetime),
      link: post.link ?? "",
      image: { path: post.imagePath, url: post.imageUrl },
    });
    setEditing({ id: post.id, title: post.title });
    setFormKey((k) => k + 1);
    document.getElementById("post-title")?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setResult(null);
    const parsed = PostInputSchema.safeParse({
      title: draft.title,
      authorUid: draft.authorUid,
      // The editor leaves markup such as "<p><br></p>" behind when emptied: only text counts as content.
      content: (draft.content.replace(/<[^>]*>|&nbsp;/g, "").trim() || /<img\b/i.test(draft.content)) ? draft.content : "",
      datetime: fromLocalInput(draft.datetime),
      link: draft.link.trim(),
      imagePath: draft.image.path,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues.find((i) => i.message === messages.adminPosts.required) ?? parsed.error.issues[0];
      setResult({ kind: "error", text: issue?.message ?? messages.adminPosts.required });
      return;
    }
    setBusy("submitting");
    try {
      if (editing) {
        await apiFetch(`/posts/${encodeURIComponent(editing.id)}`, { method: "PUT", json: parsed.data });
        setResult({ kind: "success", text: `Post "${parsed.data.title}" updated.` });
      } else {
        await apiFetch("/posts", { method: "POST", json: parsed.data });
        setResult({ kind: "success", text: `Post "${parsed.data.title}" added.` });
      }
      resetForm();
    } catch (error) {
      const detail = failureDetail(error);
      setResult({ kind: "error", text: editing ? messages.adminPosts.updateFailed(detail) : messages.adminPosts.addFailed(detail) });
    } finally {
      setBusy(null);
      reload();
    }
  }

  async function remove(post: AdminPost) {
    if (!window.confirm(messages.adminPosts.confirmDelete(post.title))) return;
    setBusy("deleting");
    setResult(null);
    try {
      await apiFetch(`/posts/${encodeURIComponent(post.id)}`, { method: "DELETE" });
      if (editing?.id === post.id) resetForm();
      setResult({ kind: "success", text: `Post "${post.title}" deleted.` });
    } catch (error) {
      setResult({ kind: "error", text: messages.adminPosts.deleteFailed(failureDetail(error)) });
    } finally {
      setBusy(null);
      reload();
    }
  }

  const disabled = busy !== null;
  const authorMissing = draft.authorUid !== "" && !authors.some((a) => a.id === draft.authorUid);

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <section aria-labelledby="post-form-heading" className="card min-w-0">
        <h2 id="post-form-heading" className={ui.sectionHeading}>
          {editing ? `Edit Post: ${editing.title}` : "Add Post"}
        </h2>
        <form className="mt-3 grid gap-4" onSubmit={submit} noValidate aria-busy={busy === "submitting"}>
          <div>
            <label htmlFor="post-title" className={ui.label}>
              Title
            </label>
            <input id="post-title" className={ui.input} value={draft.title} disabled={disabled} required maxLength={200} onChange={(e) => setDraft({ ...draft, title: e.target.value })} />
          </div>
          <div>
            <label htmlFor="post-author" className={ui.label}>
              Author
            </label>
            {authorsFailed && (
              <p role="alert" className={ui.error}>
                {messages.adminPosts.authorsLoadFailed}
              </p>
            )}
            <select id="post-author" className={ui.input} value={draft.authorUid} disabled={disabled} required onChange={(e) => setDraft({ ...draft, authorUid: e.target.value })}>
              <option value="">Select an author</option>
              {authors.map((author) => (
                <option key={author.id} value={author.id}>
                  {author.displayName}
                </option>
              ))}
              {authorMissing && <option value={draft.authorUid}>(author no longer listed)</option>}
            </select>
          </div>
          <div>
            <label htmlFor="post-datetime" className={ui.label}>
              Datetime
            </label>
            <input
              id="post-datetime"
              type="datetime-local"
              className={ui.input}
              value={draft.datetime}
              disabled={disabled}
              required
              onChange={(e) => setDraft({ ...draft, datetime: e.target.value })}
            />
          </div>
          <RichTextEditor
            label="Content"
            format="html"
            value={draft.content}
            resetKey={formKey}
            disabled={disabled}
            onChange={(content) => setDraft((current) => ({ ...current, content }))}
          />
          <div>
            <label htmlFor="post-link" className={ui.label}>
              Link (optional)
            </label>
            <input
              id="post-link"
              type="url"
              inputMode="url"
              placeholder="https://"
              className={ui.input}
              value={draft.link}
              disabled={disabled}
              onChange={(e) => setDraft({ ...draft, link: e.target.value })}
            />
          </div>
          <ImageField
            onBusyChange={setUploading}
            key={formKey}
            kind="postImage"
            label="Post Image"
            image={draft.image}
            alt={`Image of ${draft.title || "the post"}`}
            metadata={editing ? { postId: editing.id } : undefined}
            disabled={disabled}
            failureMessage={() => messages.adminPosts.imageUploadFailed}
            onChange={(image) => setDraft((current) => ({ ...current, image }))}
          />
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={ui.primary} disabled={disabled || uploading}>
              {busy === "submitting" ? "Saving..." : editing ? "Update Post" : "Add Post"}
            </button>
            {editing && <CancelEditButton disabled={disabled} onClick={resetForm} />}
          </div>
        </form>
        <ResultMessage result={result} />
      </section>

      <section aria-labelledby="post-list-heading" className="card min-w-0">
        <h2 id="post-list-heading" className={ui.sectionHeading}>
          Existing Posts
        </h2>
        <LoadError message={loadError} />
        {!list && !loadError && <p className="mt-3 text-stone-700">{messages.home.loadingPosts}</p>}
        {list && list.total === 0 && <p className="mt-3 text-stone-700">No posts yet.</p>}
        {list && list.total > 0 && (
          <>
            <ul className="mt-3 divide-y divide-stone-200" aria-label="Posts">
              {list.items.map((post) => (
                <li key={post.id} className="py-3">
                  <h3 className="font-semibold break-words">{post.title}</h3>
                  <p className="text-sm text-stone-600">
                    By: {post.authorDisplayName ?? "Unknown"} | <time dateTime={post.datetime}>{formatWhen(post.datetime)}</time>
                  </p>
                  <p className="mt-1 text-sm break-words text-stone-800">{post.contentPreview || "(no text)"}</p>
                  <div className="mt-2 flex gap-2">
                    <button type="button" className={ui.secondary} disabled={disabled} aria-label={`Edit ${post.title}`} onClick={() => startEdit(post)}>
                      Edit
                    </button>
                    <button type="button" className={ui.danger} disabled={disabled} aria-label={`Delete ${post.title}`} onClick={() => void remove(post)}>
                      {busy === "deleting" ? "Deleting..." : "Delete"}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
            <Pager label="Posts" page={list.page} pageSize={list.pageSize} total={list.total} disabled={disabled} onPage={setListPage} />
          </>
        )}
      </section>
    </div>
  );
}
