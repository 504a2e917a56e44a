// The Offers tab: every offer newest first, and the add/edit form (pages-tab.tsx is the pattern).
import { useEffect, useState, type FormEvent } from "react";
import { OFFER_TYPES } from "../../../shared/constants.ts";
import { messages } from "../../../shared/messages.ts";
import { OfferInputSchema, type AdminOffer } from "../../../shared/schemas/offer.ts";
import { ApiError, apiFetch, type Paginated } from "./api-client.ts";
import { Pager } from "./pager.tsx";
import { type ActionResult, CancelEditButton, LoadError, ResultMessage } from "./admin-parts.tsx";
import { ui } from "./styles.ts";

const PAGE_SIZE = 50;

interface Draft {
  businessId: string;
  description: string;
  price: string;
  type: string;
  terms: string;
}

const EMPTY: Draft = { businessId: "", description: "", price: "", type: "", terms: "" };

interface Business {
  id: string;
  name: string;
}

/** "BOGO at Corner Books", as the public pages title an offer. */
const offerLabel = (offer: Pick<AdminOffer, "type" | "businessName">) => `${offer.type} at ${offer.businessName ?? "Unknown business"}`;

/** The server's answer in the spec's words: a missing session is "You must be logged in to manage offers.". */
function failureDetail(error: unknown): string {
  if (error instanceof ApiError) return error.status === 401 ? messages.adminOffers.mustBeLoggedIn : error.detail;
  return "";
}

export function OffersTab() {
  const [listPage, setListPage] = useState(1);
  const [list, setList] = useState<Paginated<AdminOffer> | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [businesses, setBusinesses] = useState<Business[]>([]);
  const [businessesFailed, setBusinessesFailed] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [editing, setEditing] = useState<{ id: string; label: string } | null>(null);
  const [busy, setBusy] = useState<null | "submitting" | "deleting">(null);
  const [result, setResult] = useState<ActionResult>(null);

  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);

  useEffect(() => {
    let current = true;
    apiFetch<Paginated<AdminOffer>>(`/admin/offers?page=${listPage}&pageSize=${PAGE_SIZE}`).then(
      (result) => {
        if (!current) return;
        setList(result);
        setLoadError(null);
      },
      () => current && setLoadError(messages.adminOffers.loadFailed),
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
  }

  function startEdit(offer: AdminOffer) {
    setResult(null);
    setDraft({ businessId: offer.businessId, description: offer.description, price: offer.price ?? "", type: offer.type, terms: offer.terms ?? "" });
    setEditing({ id: offer.id, label: offerLabel(offer) });
    document.getElementById("offer-business")?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setResult(null);
    const parsed = OfferInputSchema.safeParse(draft);
    if (!parsed.success) {
      setResult({ kind: "error", text: messages.adminOffers.required });
      return;
    }
    setBusy("submitting");
    try {
      if (editing) {
        await apiFetch(`/offers/${encodeURIComponent(editing.id)}`, { method: "PUT", json: parsed.data });
        setResult({ kind: "success", text: "Offer updated." });
      } else {
        await apiFetch("/offers", { method: "POST", json: parsed.data });
        setResult({ kind: "success", text: "Offer added." });
      }
      resetForm();
    } catch (error) {
      const detail = failureDetail(error);
      setResult({ kind: "error", text: editing ? messages.adminOffers.updateFailed(detail) : messages.adminOffers.addFailed(detail) });
    } finally {
      setBusy(null);
      reload();
    }
  }

  async function remove(offer: AdminOffer) {
    if (!window.confirm(messages.adminOffers.confirmDelete(offerLabel(offer)))) return;
    setBusy("deleting");
    setResult(null);
    try {
      await apiFetch(`/offers/${encodeURIComponent(offer.id)}`, { method: "DELETE" });
      if (editing?.id === offer.id) resetForm();
      setResult({ kind: "success", text: `Offer "${offerLabel(offer)}" deleted.` });
    } catch (error) {
      setResult({ kind: "error", text: messages.adminOffers.deleteFailed(failureDetail(error)) });
    } finally {
      setBusy(null);
      reload();
    }
  }

  const disabled = busy !== null;
  const businessMissing = draft.businessId !== "" && !businesses.some((b) => b.id === draft.businessId);

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <section aria-labelledby="offer-form-heading" className="card min-w-0">
        <h2 id="offer-form-heading" className={ui.sectionHeading}>
          {editing ? `Edit Offer: ${editing.label}` : "Add Offer"}
        </h2>
        <form className="mt-3 grid gap-4" onSubmit={submit} noValidate aria-busy={busy === "submitting"}>
          <div>
            <label htmlFor="offer-business" className={ui.label}>
              Business
            </label>
            {businessesFailed && (
              <p role="alert" className={ui.error}>
                {messages.adminOffers.businessesLoadFailed}
              </p>
            )}
            <select id="offer-business" className={ui.input} value={draft.businessId} disabled={disabled} required onChange={(e) => setDraft({ ...draft, businessId: e.target.value })}>
              <option value="">Select a business</option>
              {businesses.map((business) => (
                <option key={business.id} value={business.id}>
                  {business.name}
                </option>
              ))}
              {businessMissing && <option value={draft.businessId}>(business no longer listed)</option>}
            </select>
          </div>
          <div>
            <label htmlFor="offer-type" className={ui.label}>
              Type
            </label>
            <select id="offer-type" className={ui.input} value={draft.type} disabled={disabled} required onChange={(e) => setDraft({ ...draft, type: e.target.value })}>
              <option value="">Select a type</option>
              {OFFER_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="offer-description" className={ui.label}>
              Description
            </label>
            <textarea
              id="offer-description"
              rows={3}
              className={ui.input}
              value={draft.description}
              disabled={disabled}
              required
              maxLength={2000}
              onChange={(e) => setDraft({ ...draft, description: e.target.value })}
            />
          </div>
          <div>
            <label htmlFor="offer-price" className={ui.label}>
              Price (optional)
            </label>
            <input
              id="offer-price"
              className={ui.input}
              value={draft.price}
              disabled={disabled}
              maxLength={100}
              placeholder='e.g. "$10 Off"'
              onChange={(e) => setDraft({ ...draft, price: e.target.value })}
            />
          </div>
          <div>
            <label htmlFor="offer-terms" className={ui.label}>
              Terms (optional)
            </label>
            <textarea id="offer-terms" rows={2} className={ui.input} value={draft.terms} disabled={disabled} maxLength={2000} onChange={(e) => setDraft({ ...draft, terms: e.target.value })} />
          </div>
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={ui.primary} disabled={disabled}>
              {busy === "submitting" ? "Saving..." : editing ? "Update Offer" : "Add Offer"}
            </button>
            {editing && <CancelEditButton disabled={disabled} onClick={resetForm} />}
          </div>
        </form>
        <ResultMessage result={result} />
      </section>

      <section aria-labelledby="offer-list-heading" className="card min-w-0">
        <h2 id="offer-list-heading" className={ui.sectionHeading}>
          Existing Offers
        </h2>
        <LoadError message={loadError} />
        {!list && !loadError && <p className="mt-3 text-stone-700">Loading offers...</p>}
        {list && list.total === 0 && <p className="mt-3 text-stone-700">No offers yet.</p>}
        {list && list.total > 0 && (
          <>
            <ul className="mt-3 divide-y divide-stone-200" aria-label="Offers">
              {list.items.map((offer) => (
                <li key={offer.id} className="py-3">
                  <h3 className="font-semibold break-words">{offerLabel(offer)}</h3>
                  <p className="mt-1 text-sm break-words text-stone-800">{offer.description}</p>
                  {(offer.price || offer.terms) && (
                    <p className="text-sm break-words text-stone-600">
                      {offer.price && <>Value: {offer.price}</>}
                      {offer.price && offer.terms && " · "}
                      {offer.terms && <>Terms: {offer.terms}</>}
                    </p>
                  )}
                  <div className="mt-2 flex gap-2">
                    <button type="button" className={ui.secondary} disabled={disabled} aria-label={`Edit ${offerLabel(offer)}`} onClick={() => startEdit(offer)}>
                      Edit
                    </button>
                    <button type="button" className={ui.danger} disabled={disabled} aria-label={`Delete ${offerLabel(offer)}`} onClick={() => void remove(offer)}>
                      {busy === "deleting" ? "Deleting..." : "Delete"}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
            <Pager label="Offers" page={list.page} pageSize={list.pageSize} total={list.total} disabled={disabled} onPage={setListPage} />
          </>
        )}
      </section>
    </div>
  );
}
