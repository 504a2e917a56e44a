// The Events tab: every event newest first, and the add/edit form (pages-tab.tsx is the pattern).
import { useEffect, useState, type FormEvent } from "react";
import { OUTDOOR_LOCATION } from "../../../shared/constants.ts";
import { messages } from "../../../shared/messages.ts";
import { EventInputSchema, type AdminEvent } from "../../../shared/schemas/event.ts";
import { ApiError, apiFetch, type Paginated } from "./api-client.ts";
import { formatWhen, fromLocalInput, ImageField, toLocalInput, type FormImage } from "./image-field.tsx";
import { Pager } from "./pager.tsx";
import { type ActionResult, CancelEditButton, LoadError, ResultMessage } from "./admin-parts.tsx";
import { ui } from "./styles.ts";

const PAGE_SIZE = 50;

interface Draft {
  name: string;
  eventDate: string;
  location: string;
  outdoorLocationDescription: string;
  description: string;
  ticketsLink: string;
  image: FormImage;
}

const EMPTY: Draft = { name: "", eventDate: "", location: "", outdoorLocationDescription: "", description: "", ticketsLink: "", image: { path: null, url: null } };

interface Business {
  id: string;
  name: string;
}

export function EventsTab() {
  const [listPage, setListPage] = useState(1);
  const [list, setList] = useState<Paginated<AdminEvent> | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [businesses, setBusinesses] = useState<Business[]>([]);
  const [businessesFailed, setBusinessesFailed] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null);
  // Bumped whenever the form is reset, so the upload control forgets a file it was holding.
  const [formKey, setFormKey] = useState(0);
  const [busy, setBusy] = useState<null | "submitting" | "deleting">(null);
  const [uploading, setUploading] = useState(false);
  const [result, setResult] = useState<ActionResult>(null);

  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);

  useEffect(() => {
    let current = true;
    apiFetch<Paginated<AdminEvent>>(`/admin/events?page=${listPage}&pageSize=${PAGE_SIZE}`).then(
      (result) => {
        if (!current) return;
        setList(result);
        setLoadError(null);
      },
      (error: unknown) => current && setLoadError(messages.adminEvents.loadFailed(error instanceof ApiError ? error.message : "")),
    );
    return () => {
      current = false;
    };
  }, [listPage, version]);

  useEffect(() => {
    let current = true;
    apiFetch<Business[]>("/businesses").then(
      (result) => {
        if (!current) return;
        setBusinesses(result);
        setBusinessesFailed(false);
      },
      () => current && setBusinessesFailed(true),
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

  function startEdit(event: AdminEvent) {
    setResult(null);
    setDraft({
      name: event.name,
      eventDate: toLocalInput(event.eventDate),
      location: event.location,
      outdoorLocationDescription: event.outdoorLocationDescription ?? "",
      description: event.description ?? "",
      ticketsLink: event.ticketsLink ?? "",
      image: { path: event.imageStoragePath, url: event.imageUrl },
    });
    setEditing({ id: event.id, name: event.name });
    setFormKey((k) => k + 1);
    document.getElementById("event-name")?.focus();
  }

  async function submit(formEvent: FormEvent<HTMLFormElement>) {
    formEvent.preventDefault();
    setResult(null);
    const parsed = EventInputSchema.safeParse({
      name: draft.name,
      eventDate: fromLocalInput(draft.eventDate),
      location: draft.location,
      outdoorLocationDescription: draft.outdoorLocationDescription,
      description: draft.description,
      ticketsLink: draft.ticketsLink.trim(),
      imagePath: draft.image.path,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues.find((i) => i.message === messages.adminEvents.required) ?? parsed.error.issues[0];
      setResult({ kind: "error", text: issue?.message ?? messages.adminEvents.required });
      return;
    }
    setBusy("submitting");
    try {
      if (editing) {
        await apiFetch(`/events/${encodeURIComponent(editing.id)}`, { method: "PUT", json: parsed.data });
        setResult({ kind: "success", text: `Event "${parsed.data.name}" updated.` });
      } else {
        await apiFetch("/events", { method: "POST", json: parsed.data });
        setResult({ kind: "success", text: `Event "${parsed.data.name}" added.` });
      }
      resetForm();
    } catch (error) {
      const detail = error instanceof ApiError ? error.detail : "";
      setResult({ kind: "error", text: editing ? messages.adminEvents.updateFailed(detail) : messages.adminEvents.addFailed(detail) });
    } finally {
      setBusy(null);
      reload();
    }
  }

  async function remove(event: AdminEvent) {
    if (!window.confirm(messages.adminEvents.confirmDelete(event.name))) return;
    setBusy("deleting");
    setResult(null);
    try {
      await apiFetch(`/events/${encodeURIComponent(event.id)}`, { method: "DELETE" });
      if (editing?.id === event.id) resetForm();
      setResult({ kind: "success", text: `Event "${event.name}" deleted.` });
    } catch (error) {
      setResult({ kind: "error", text: messages.adminEvents.deleteFailed(error instanceof ApiError ? error.message : "") });
    } finally {
      setBusy(null);
      reload();
    }
  }

  const disabled = busy !== null;
  const outdoor = draft.location === OUTDOOR_LOCATION;

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <section aria-labelledby="event-form-heading" className="card min-w-0">
        <h2 id="event-form-heading" className={ui.sectionHeading}>
          {editing ? `Edit Event: ${editing.name}` : "Add Event"}
        </h2>
        <form className="mt-3 grid gap-4" onSubmit={submit} noValidate aria-busy={busy === "submitting"}>
          <div>
            <label htmlFor="event-name" className={ui.label}>
              Event Name
            </label>
            <input id="event-name" className={ui.input} value={draft.name} disabled={disabled} required maxLength={200} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
          </div>
          <div>
            <label htmlFor="event-date" className={ui.label}>
              Event Date
            </label>
            <input
              id="event-date"
              type="datetime-local"
              className={ui.input}
              value={draft.eventDate}
              disabled={disabled}
              required
              onChange={(e) => setDraft({ ...draft, eventDate: e.target.value })}
            />
          </div>
          <div>
            <label htmlFor="event-location" className={ui.label}>
              Location Type
            </label>
            {businessesFailed && (
              <p role="alert" className={ui.error}>
                {messages.events.failedMarkers.trim()}
              </p>
            )}
            <select
              id="event-location"
              className={ui.input}
              value={draft.location}
              disabled={disabled}
              required
              // Leaving "Outdoor" clears the outdoor description (spec section 5).
              onChange={(e) => setDraft({ ...draft, location: e.target.value, outdoorLocationDescription: e.target.value === OUTDOOR_LOCATION ? draft.outdoorLocationDescription : "" })}
            >
              <option value="">Select a location</option>
              <option value={OUTDOOR_LOCATION}>Outdoor</option>
              <optgroup label="Businesses">
                {businesses.map((business) => (
                  <option key={business.id} value={business.id}>
                    {business.name}
                  </option>
                ))}
                {draft.location && !outdoor && !businesses.some((b) => b.id === draft.location) && (
                  <option value={draft.location}>Unknown Location (ID: {draft.location.slice(0, 5)}...)</option>
                )}
              </optgroup>
            </select>
          </div>
          {outdoor && (
            <div>
              <label htmlFor="event-outdoor" className={ui.label}>
                Outdoor Location Description
              </label>
              <input
                id="event-outdoor"
                className={ui.input}
                value={draft.outdoorLocationDescription}
                disabled={disabled}
                required
                maxLength={500}
                onChange={(e) => setDraft({ ...draft, outdoorLocationDescription: e.target.value })}
              />
            </div>
          )}
          <div>
            <label htmlFor="event-description" className={ui.label}>
              Description
            </label>
            <textarea
              id="event-description"
              rows={4}
              className={ui.input}
              value={draft.description}
              disabled={disabled}
              maxLength={5000}
              onChange={(e) => setDraft({ ...draft, description: e.target.value })}
            />
          </div>
          <div>
            <label htmlFor="event-tickets" className={ui.label}>
              Tickets Link (optional)
            </label>
            <input
              id="event-tickets"
              type="url"
              inputMode="url"
              placeholder="https://"
              className={ui.input}
              value={draft.ticketsLink}
              disabled={disabled}
              onChange={(e) => setDraft({ ...draft, ticketsLink: e.target.value })}
            />
          </div>
          <ImageField
            onBusyChange={setUploading}
            key={formKey}
            kind="eventImage"
            label="Event Image"
            image={draft.image}
            alt={`Image of ${draft.name || "the event"}`}
            metadata={draft.name.trim() ? { name: draft.name.trim() } : undefined}
            disabled={disabled}
            onChange={(image) => setDraft((current) => ({ ...current, image }))}
          />
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={ui.primary} disabled={disabled || uploading}>
              {busy === "submitting" ? "Saving..." : editing ? "Update Event" : "Add Event"}
            </button>
            {editing && <CancelEditButton disabled={disabled} onClick={resetForm} />}
          </div>
        </form>
        <ResultMessage result={result} />
      </section>

      <section aria-labelledby="event-list-heading" className="card min-w-0">
        <h2 id="event-list-heading" className={ui.sectionHeading}>
          Existing Events
        </h2>
        <LoadError message={loadError} />
        {!list && !loadError && <p className="mt-3 text-stone-700">Loading events...</p>}
        {list && list.total === 0 && <p className="mt-3 text-stone-700">No events yet.</p>}
        {list && list.total > 0 && (
          <>
            <ul className="mt-3 divide-y divide-stone-200" aria-label="Events">
              {list.items.map((event) => (
                <li key={event.id} className="flex gap-3 py-3">
                  {event.imageUrl && <img src={event.imageUrl} alt="" className="size-16 shrink-0 rounded-md object-cover" />}
                  <div className="min-w-0">
                    <h3 className="font-semibold break-words">{event.name}</h3>
                    <p className="text-sm text-stone-600">
                      <time dateTime={event.eventDate}>{formatWhen(event.eventDate)}</time> | {event.locationText}
                    </p>
                    {event.descriptionPreview && <p className="mt-1 text-sm break-words text-stone-800">{event.descriptionPreview}</p>}
                    <div className="mt-2 flex gap-2">
                      <button type="button" className={ui.secondary} disabled={disabled} aria-label={`Edit ${event.name}`} onClick={() => startEdit(event)}>
                        Edit
                      </button>
                      <button type="button" className={ui.danger} disabled={disabled} aria-label={`Delete ${event.name}`} onClick={() => void remove(event)}>
                        {busy === "deleting" ? "Deleting..." : "Delete"}
                      </button>
                    </div>
                  </div>
                </li>
              ))}
            </ul>
            <Pager label="Events" page={list.page} pageSize={list.pageSize} total={list.total} disabled={disabled} onPage={setListPage} />
          </>
        )}
      </section>
    </div>
  );
}
