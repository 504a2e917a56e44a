// The Markers tab: businesses a page at a time (searchable by name), and the add/edit form with tags,
// an inline new tag, the logo upload and a geocoder for the address.
import { useEffect, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { TRUNCATE } from "../../../shared/constants.ts";
import { truncate } from "../../../shared/format.ts";
import { messages } from "../../../shared/messages.ts";
import { BusinessInputSchema, type BusinessAdmin } from "../../../shared/schemas/business.ts";
import type { Category } from "../../../shared/schemas/category.ts";
import type { Tag } from "../../../shared/schemas/tag.ts";
import { UploadField } from "../../components/upload/upload-field.tsx";
import { paths } from "../../lib/paths.ts";
import { ApiError, apiFetch, type Paginated } from "./api-client.ts";
import { Pager } from "./pager.tsx";
import { type ActionResult, CancelEditButton, LoadError, ResultMessage } from "./admin-parts.tsx";
import { ui } from "./styles.ts";

const PAGE_SIZE = 50;

interface Draft {
  name: string;
  categoryId: string;
  description: string;
  address: string;
  website: string;
  phone: string;
  lat: string;
  lng: string;
  tags: string[];
  logo: { url: string; path: string | null } | null;
  /** Whether the logo differs from the saved one (a new upload, or removed). */
  logoChanged: boolean;
}

const EMPTY: Draft = { name: "", categoryId: "", description: "", address: "", website: "", phone: "", lat: "", lng: "", tags: [], logo: null, logoChanged: false };

function fromBusiness(business: BusinessAdmin): Draft {
  return {
    name: business.name,
    categoryId: business.categoryId ?? "",
    description: business.description ?? "",
    address: business.address ?? "",
    website: business.website ?? "",
    phone: business.phone ?? "",
    lat: String(business.coordinates.lat),
    lng: String(business.coordinates.lng),
    tags: business.tags,
    logo: business.logoUrl ? { url: business.logoUrl, path: business.logoStoragePath } : null,
    logoChanged: false,
  };
}

/** A coordinate as typed: blank stays missing, anything else must read as a number. */
function coordinate(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === "" ? undefined : Number(trimmed);
}

export function MarkersTab() {
  const [listPage, setListPage] = useState(1);
  const [query, setQuery] = useState("");
  const [list, setList] = useState<Paginated<BusinessAdmin> | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [categories, setCategories] = useState<Category[]>([]);
  const [categoriesError, setCategoriesError] = useState<string | null>(null);
  const [tags, setTags] = useState<Tag[]>([]);
  const [tagsError, setTagsError] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null);
  // Bumped whenever the form is reset, so the upload control forgets a chosen file.
  const [formKey, setFormKey] = useState(0);
  const [busy, setBusy] = useState<null | "submitting" | "deleting" | "geocoding" | "tagging">(null);
  const [uploading, setUploading] = useState(false);
  const [result, setResult] = useState<ActionResult>(null);
  const [geocodeResult, setGeocodeResult] = useState<ActionResult>(null);
  const [newTag, setNewTag] = useState("");
  const [tagResult, setTagResult] = useState<ActionResult>(null);
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);

  useEffect(() => {
    let current = true;
    // A short pause while typing in the search box, so each keystroke does not fetch.
    const timer = setTimeout(() => {
      const q = query.trim() ? `&q=${encodeURIComponent(query.trim())}` : "";
      apiFetch<Paginated<BusinessAdmin>>(`/admin/businesses?page=${listPage}&pageSize=${PAGE_SIZE}${q}`).then(
        (result) => {
          if (!current) return;
          setList(result);
          setLoadError(null);
        },
        () => current && setLoadError(messages.businesses.loadFailed),
      );
    }, query ? 250 : 0);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [listPage, query, version]);

  useEffect(() => {
    let current = true;
    apiFetch<Category[]>("/categories").then(
      (list) => current && (setCategories(list), setCategoriesError(null)),
      () => current && setCategoriesError(messages.categories.loadFailed),
    );
    apiFetch<Tag[]>("/tags").then(
      (list) => current && (setTags(list), setTagsError(null)),
      () => current && setTagsError(messages.tags.loadFailed),
    );
    return () => {
      current = false;
    };
  }, [version]);

  function resetForm() {
    setDraft(EMPTY);
    setEditing(null);
    setGeocodeResult(null);
    setTagResult(null);
    setNewTag("");
    setFormKey((k) => k + 1);
  }

  function startEdit(business: BusinessAdmin) {
    resetForm();
    setResult(null);
    setDraft(fromBusiness(business));
    setEditing({ id: business.id, name: business.name });
    document.getElementById("marker-name")?.focus();
  }

  async function geocode() {
    const address = draft.address.trim();
    if (!address) return;
    setBusy("geocoding");
    setGeocodeResult(null);
    try {
      const found = await apiFetch<{ lat: number; lng: number; displayName: string }>(`/geo/geocode?address=${encodeURIComponent(address)}`);
      setDraft((d) => ({ ...d, lat: String(found.lat), lng: String(found.lng) }));
      setGeocodeResult({ kind: "success", text: `Found: ${found.displayName}` });
    } catch (error) {
      const notFound = error instanceof ApiError && error.status === 404;
      setGeocodeResult({ kind: "error", text: notFound ? messages.geo.locationNotFound : messages.geo.geocodeFailed });
    } finally {
      setBusy(null);
    }
  }

  async function addInlineTag() {
    setTagResult(null);
    const name = newTag.trim();
    if (!name) return;
    if (tags.some((tag) => tag.name.toLowerCase() === name.toLowerCase())) {
      setTagResult({ kind: "error", text: messages.tags.duplicate(name) });
      return;
    }
    setBusy("tagging");
    try {
      const tag = await apiFetch<Tag>("/tags", { method: "POST", json: { name } });
      setTags((list) => [...list, tag].sort((a, b) => a.name.localeCompare(b.name)));
      setDraft((d) => ({ ...d, tags: [...d.tags, tag.id] }));
      setNewTag("");
      setTagResult({ kind: "success", text: `Tag "${tag.name}" added and selected.` });
    } catch (error) {
      setTagResult({ kind: "error", text: error instanceof ApiError && error.status === 409 ? error.detail : messages.tags.addFailed });
    } finally {
      setBusy(null);
    }
  }

  function toggleTag(id: string, on: boolean) {
    setDraft((d) => ({ ...d, tags: on ? [...d.tags, id] : d.tags.filter((t) => t !== id) }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setResult(null);
    const parsed = BusinessInputSchema.safeParse({
      name: draft.name,
      categoryId: draft.categoryId || undefined,
      description: draft.description,
      address: draft.address,
      website: draft.website,
      phone: draft.phone,
      lat: coordinate(draft.lat),
      lng: coordinate(draft.lng),
      tags: draft.tags,
    });
    if (!parsed.success) {
      const texts = parsed.error.issues.map((issue) => issue.message);
      setResult({ kind: "error", text: texts.includes(messages.businesses.required) ? messages.businesses.required : texts[0]! });
      return;
    }
    const body = { ...parsed.data, ...(draft.logoChanged ? { logoPath: draft.logo?.path ?? null } : {}) };
    setBusy("submitting");
    try {
      if (editing) {
        await apiFetch<BusinessAdmin>(`/businesses/${encodeURIComponent(editing.id)}`, { method: "PUT", json: body });
        setResult({ kind: "success", text: `Marker "${parsed.data.name}" updated.` });
      } else {
        await apiFetch<BusinessAdmin>("/businesses", { method: "POST", json: body });
        setResult({ kind: "success", text: `Marker "${parsed.data.name}" added.` });
      }
      resetForm();
    } catch (error) {
      const detail = error instanceof ApiError ? error.detail : "";
      setResult({ kind: "error", text: editing ? messages.businesses.updateFailed(detail) : messages.businesses.addFailed(detail) });
    } finally {
      setBusy(null);
      reload();
    }
  }

  async function remove(business: BusinessAdmin) {
    if (!window.confirm(messages.businesses.confirmDelete)) return;
    setBusy("deleting");
    setResult(null);
    try {
      await apiFetch(`/businesses/${encodeURIComponent(business.id)}`, { method: "DELETE" });
      if (editing?.id === business.id) resetForm();
      setResult({ kind: "success", text: `Marker "${business.name}" deleted.` });
    } catch {
      setResult({ kind: "error", text: messages.businesses.deleteFailed(business.id) });
    } finally {
      setBusy(null);
      reload();
    }
  }

  const disabled = busy !== null;
  const categoryName = new Map(categories.map((c) => [c.id, c.name]));
  const field = (id: keyof Draft, label: string, props: Record<string, unknown> = {}) => (
    <div>
      <label htmlFor={`marker-${id}`} className={ui.label}>
        {label}
      </label>
      <input
        id={`marker-${id}`}
        className={ui.input}
        value={draft[id] as string}
        disabled={disabled}
        onChange={(e) => setDraft({ ...draft, [id]: e.target.value })}
        {...props}
      />
    </div>
  );

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <section aria-labelledby="marker-form-heading" className="card min-w-0">
        <h2 id="marker-form-heading" className={ui.sectionHeading}>
          {editing ? `Edit Marker: ${editing.name}` : "Add Marker"}
        </h2>
        <form className="mt-3 grid gap-4" onSubmit={submit} noValidate aria-busy={busy === "submitting"}>
          {field("name", "Name", { required: true, maxLength: 200 })}
          <div>
            <label htmlFor="marker-category" className={ui.label}>
              Category
            </label>
            <select
              id="marker-category"
              className={ui.input}
              value={draft.categoryId}
              disabled={disabled}
              required
              onChange={(e) => setDraft({ ...draft, categoryId: e.target.value })}
            >
              <option value="">Select a category</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </select>
            {categoriesError && (
              <p role="alert" className={ui.error}>
                {categoriesError}
              </p>
            )}
          </div>
          <div>
            <label htmlFor="marker-description" className={ui.label}>
              Description
            </label>
            <textarea
              id="marker-description"
              className={ui.input}
              rows={3}
              maxLength={5000}
              value={draft.description}
              disabled={disabled}
              onChange={(e) => setDraft({ ...draft, description: e.target.value })}
            />
          </div>
          <div>
            {field("address", "Address", { maxLength: 500, autoComplete: "address-line1" })}
            <button type="button" className={`${ui.secondary} mt-2`} disabled={disabled || !draft.address.trim()} onClick={() => void geocode()}>
              {busy === "geocoding" ? "Geocoding..." : "Geocode address"}
            </button>
            {geocodeResult && (
              <p role={geocodeResult.kind === "error" ? "alert" : "status"} className={geocodeResult.kind === "error" ? ui.error : "mt-2 text-sm text-stone-700"}>
                {geocodeResult.text}
              </p>
            )}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {field("lat", "Latitude", { type: "number", step: "any", inputMode: "decimal", required: true })}
            {field("lng", "Longitude", { type: "number", step: "any", inputMode: "decimal", required: true })}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {field("website", "Website", { type: "url", maxLength: 500, placeholder: "https://" })}
            {field("phone", "Phone", { type: "tel", maxLength: 50 })}
          </div>
          <fieldset className="min-w-0">
            <legend className={ui.label}>Tags</legend>
            {tagsError && (
              <p role="alert" className={ui.error}>
                {tagsError}
              </p>
            )}
            {tags.length === 0 && !tagsError && <p className="mt-1 text-sm text-stone-600">No tags yet.</p>}
            {tags.length > 0 && (
              <ul className="mt-1 grid max-h-48 gap-1 overflow-y-auto rounded-md border border-stone-300 p-2 sm:grid-cols-2" aria-label="Available tags">
                {tags.map((tag) => (
                  <li key={tag.id}>
                    <label className="flex items-center gap-2 text-sm">
                      <input type="checkbox" checked={draft.tags.includes(tag.id)} disabled={disabled} onChange={(e) => toggleTag(tag.id, e.target.checked)} />
                      {tag.name}
                    </label>
                  </li>
                ))}
              </ul>
            )}
            <div className="mt-2 flex flex-wrap items-end gap-2">
              <div className="min-w-0 flex-1">
                <label htmlFor="marker-new-tag" className="block text-sm text-stone-800">
                  New tag
                </label>
                <input
                  id="marker-new-tag"
                  className={ui.input}
                  value={newTag}
                  disabled={disabled}
                  maxLength={100}
                  onChange={(e) => setNewTag(e.target.value)}
                  onKeyDown={(e) => {
                    // Enter adds the tag rather than submitting the whole marker.
                    if (e.key === "Enter") {
                      e.preventDefault();
                      void addInlineTag();
                    }
                  }}
                />
              </div>
              <button type="button" className={ui.secondary} disabled={disabled} onClick={() => void addInlineTag()}>
                {busy === "tagging" ? "Adding..." : "Add Tag"}
              </button>
            </div>
            {tagResult && (
              <p role={tagResult.kind === "error" ? "alert" : "status"} className={tagResult.kind === "error" ? ui.error : "mt-2 text-sm text-stone-700"}>
                {tagResult.text}
              </p>
            )}
          </fieldset>
          <div className="grid gap-2">
            <span className={ui.label}>Logo</span>
            {draft.logo ? (
              <div className="flex flex-wrap items-center gap-3">
                <img src={draft.logo.url} alt="Current logo" className="h-16 w-auto max-w-40 rounded border border-stone-200 object-contain" />
                <button type="button" className={ui.secondary} disabled={disabled} onClick={() => setDraft({ ...draft, logo: null, logoChanged: true })}>
                  Remove logo
                </button>
              </div>
            ) : (
              <p className="text-sm text-stone-600">No logo.</p>
            )}
            <UploadField
              key={formKey}
              kind="logo"
              label={draft.logo ? "Replace logo" : "Upload logo"}
              metadata={{ name: draft.name.trim() || "logo" }}
              failureMessage={messages.uploads.uploadLogoFailed}
              disabled={disabled}
              onBusyChange={setUploading}
              onUploaded={(file) => {
                if (!file.url) throw new Error(messages.businesses.logoUrlFailed(messages.storage.noDownloadUrl));
                setDraft((d) => ({ ...d, logo: { url: file.url, path: file.fullPath }, logoChanged: true }));
              }}
            />
          </div>
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={ui.primary} disabled={disabled || uploading}>
              {busy === "submitting" ? "Saving..." : editing ? "Update Marker" : "Add Marker"}
            </button>
            {editing && <CancelEditButton disabled={disabled} onClick={resetForm} />}
          </div>
        </form>
        <ResultMessage result={result} />
      </section>

      <section aria-labelledby="marker-list-heading" className="card min-w-0">
        <h2 id="marker-list-heading" className={ui.sectionHeading}>
          Existing Markers
        </h2>
        <div className="mt-3">
          <label htmlFor="marker-search" className={ui.label}>
            Find by name
          </label>
          <input
            id="marker-search"
            type="search"
            className={ui.input}
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setListPage(1);
            }}
          />
        </div>
        <LoadError message={loadError} />
        {!list && !loadError && <p className="mt-3 text-stone-700">Loading markers...</p>}
        {list && list.total === 0 && <p className="mt-3 text-stone-700">{query.trim() ? "No markers match." : "No markers yet."}</p>}
        {list && list.total > 0 && (
          <>
            <ul className="mt-3 divide-y divide-stone-200" aria-label="Markers">
              {list.items.map((business) => (
                <li key={business.id} className="flex gap-3 py-3">
                  {business.logoUrl ? (
                    <img src={business.logoUrl} alt="" className="size-12 shrink-0 rounded border border-stone-200 object-contain" />
                  ) : (
                    <span aria-hidden="true" className="size-12 shrink-0 rounded border border-dashed border-stone-300" />
                  )}
                  <div className="min-w-0 flex-1">
                    <h3 className="font-semibold">
                      <Link to={paths.business(business.id)} className="text-brand-700 underline">
                        {business.name}
                      </Link>
                    </h3>
                    <p className="text-sm text-stone-600">
                      {(business.categoryId && categoryName.get(business.categoryId)) || business.category || "No category"}
                      {business.address ? ` · ${business.address}` : ""}
                    </p>
                    {business.description && <p className="mt-1 text-sm text-stone-800">{truncate(business.description, TRUNCATE.businessList)}</p>}
                    <div className="mt-2 flex gap-2">
                      <button type="button" className={ui.secondary} disabled={disabled} aria-label={`Edit ${business.name}`} onClick={() => startEdit(business)}>
                        Edit
                      </button>
                      <button type="button" className={ui.danger} disabled={disabled} aria-label={`Delete ${business.name}`} onClick={() => void remove(business)}>
                        Delete
                      </button>
                    </div>
                  </div>
                </li>
              ))}
            </ul>
            <Pager label="Markers" page={list.page} pageSize={list.pageSize} total={list.total} disabled={disabled} onPage={setListPage} />
          </>
        )}
      </section>
    </div>
  );
}
