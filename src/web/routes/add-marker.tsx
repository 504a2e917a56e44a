// The standalone add-marker page (admins only): name, category, description and an address that is
// geocoded on the server before the business can be saved.
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/add-marker";
import { getApp, requireUser } from "../lib/app-context.ts";
import { pageTitle } from "../lib/meta.ts";
import { paths } from "../lib/paths.ts";
import { messages } from "#shared/messages.ts";
import { ApiError, apiFetch } from "../lib/api-client.ts";
import { Field, ui } from "../components/ui/field.tsx";
import { businessFields } from "#shared/schemas/business.ts";

/** The business's fields this page offers besides its own four, as the business's definition marks them. */
const EXTRA = Object.entries(businessFields).filter(([, def]) => def.quickAdd);

export async function loader({ context }: Route.LoaderArgs) {
  requireUser(context, "admin");
  const categories = await getApp(context).services.categories.list();
  return { categories: categories.map((c) => ({ id: c.id, name: c.name })) };
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Add Marker");

interface Located {
  address: string;
  lat: number;
  lng: number;
  displayName: string;
}

export default function AddMarker({ loaderData }: Route.ComponentProps) {
  const [name, setName] = useState("");
  const [categoryId, setCategoryId] = useState("");
  const [description, setDescription] = useState("");
  const [address, setAddress] = useState("");
  const [located, setLocated] = useState<Located | null>(null);
  const [busy, setBusy] = useState<null | "geocoding" | "saving">(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<{ id: string; name: string } | null>(null);
  const [extra, setExtra] = useState<Record<string, string>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  async function geocode() {
    setError(null);
    setLocated(null);
    const wanted = address.trim();
    if (!wanted) {
      setError(messages.businesses.geocodeFirst);
      return;
    }
    setBusy("geocoding");
    try {
      const found = await apiFetch<{ lat: number; lng: number; displayName: string }>(`/geo/geocode?address=${encodeURIComponent(wanted)}`);
      setLocated({ address: wanted, ...found });
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status === 404 ? messages.geo.locationNotFound : messages.geo.geocodeFailed);
    } finally {
      setBusy(null);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setSaved(null);
    const wrong = Object.fromEntries(
      EXTRA.flatMap(([key, def]) => {
        const checked = def.input.safeParse(extra[key] ?? "");
        return checked.success ? [] : [[key, checked.error.issues[0]?.message ?? messages.businesses.saveFailed]];
      }),
    );
    setFieldErrors(wrong);
    if (!name.trim() || !categoryId) {
      setError(messages.businesses.required);
      return;
    }
    // Coordinates count only for the address as it was geocoded.
    if (!located || located.address !== address.trim()) {
      setError(messages.businesses.geocodeFirst);
      return;
    }
    if (Object.keys(wrong).length > 0) {
      setError(Object.values(wrong)[0]!);
      return;
    }
    setBusy("saving");
    try {
      const business = await apiFetch<{ id: string; name: string }>("/businesses", {
        method: "POST",
        json: { ...extra, name, categoryId, description, address: located.address, lat: located.lat, lng: located.lng, tags: [] },
      });
      setSaved({ id: business.id, name: business.name });
      setName("");
      setCategoryId("");
      setDescription("");
      setAddress("");
      setExtra({});
      setLocated(null);
    } catch (failure) {
      // A field the server refused is named beside it; anything else gets the spec's sentence.
      const fields = failure instanceof ApiError ? failure.fields : {};
      setFieldErrors(fields);
      setError(Object.values(fields)[0] ?? messages.businesses.saveFailed);
    } finally {
      setBusy(null);
    }
  }

  const disabled = busy !== null;

  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="page-heading">Add Marker</h1>
      <form className="card mt-4 grid gap-4" onSubmit={submit} noValidate aria-busy={disabled}>
        <div>
          <label htmlFor="add-marker-name" className={ui.label}>
            Name
          </label>
          <input id="add-marker-name" className={ui.input} value={name} disabled={disabled} required maxLength={200} onChange={(e) => setName(e.target.value)} />
        </div>
        <div>
          <label htmlFor="add-marker-category" className={ui.label}>
            Category
          </label>
          <select id="add-marker-category" className={ui.input} value={categoryId} disabled={disabled} required onChange={(e) => setCategoryId(e.target.value)}>
            <option value="">Select a category</option>
            {loaderData.categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="add-marker-description" className={ui.label}>
            Description
          </label>
          <textarea id="add-marker-description" className={ui.input} rows={3} maxLength={5000} value={description} disabled={disabled} onChange={(e) => setDescription(e.target.value)} />
        </div>
        <div>
          <label htmlFor="add-marker-address" className={ui.label}>
            Address
          </label>
          <input
            id="add-marker-address"
            className={ui.input}
            value={address}
            disabled={disabled}
            maxLength={300}
            autoComplete="address-line1"
            onChange={(e) => setAddress(e.target.value)}
          />
          <button type="button" className={`${ui.secondary} mt-2`} disabled={disabled} onClick={() => void geocode()}>
            {busy === "geocoding" ? "Geocoding..." : "Geocode"}
          </button>
          {located && located.address === address.trim() && (
            <p role="status" className="mt-2 text-sm text-stone-700">
              Located at {located.lat.toFixed(6)}, {located.lng.toFixed(6)} ({located.displayName})
            </p>
          )}
        </div>
        {EXTRA.map(([key, def]) => {
          const id = `add-marker-${key}`;
          const wrong = fieldErrors[key];
          return (
            <Field key={key} id={id} label={def.label} errorId={`${id}-error`} errors={wrong ? [wrong] : null}>
              <input
                id={id}
                type={def.widget === "email" || def.widget === "tel" || def.widget === "url" ? def.widget : "text"}
                className={ui.input}
                value={extra[key] ?? ""}
                maxLength={def.maxLength}
                disabled={disabled}
                aria-invalid={wrong ? true : undefined}
                aria-describedby={wrong ? `${id}-error` : undefined}
                onChange={(e) => setExtra((held) => ({ ...held, [key]: e.target.value }))}
              />
            </Field>
          );
        })}
        <div>
          <button type="submit" className={ui.primary} disabled={disabled}>
            {busy === "saving" ? "Saving..." : "Save Marker"}
          </button>
        </div>
        {error && (
          <p role="alert" className={ui.error}>
            {error}
          </p>
        )}
        {saved && (
          <p role="status" className={ui.success}>
            Marker "{saved.name}" saved.{" "}
            <Link to={paths.business(saved.id)} className="font-semibold underline">
              View it
            </Link>
          </p>
        )}
      </form>
    </div>
  );
}
