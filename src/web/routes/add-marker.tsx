// The standalone add-marker page (admins only): name, category, description and an address that is
// geocoded on the server before the business can be saved.
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/add-marker";
import { getApp, requireUser } from "../lib/app-context.ts";
import { pageTitle } from "../lib/meta.ts";
import { paths } from "../lib/paths.ts";
import { messages } from "../../shared/messages.ts";
import { ApiError, apiFetch } from "../lib/api-client.ts";
import { ui } from "../components/ui/field.tsx";

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
    if (!name.trim() || !categoryId) {
      setError(messages.businesses.required);
      return;
    }
    // Coordinates count only for the address as it was geocoded.
    if (!located || located.address !== address.trim()) {
      setError(messages.businesses.geocodeFirst);
      return;
    }
    setBusy("saving");
    try {
      const business = await apiFetch<{ id: string; name: string }>("/businesses", {
        method: "POST",
        json: { name, categoryId, description, address: located.address, lat: located.lat, lng: located.lng, tags: [] },
      });
      setSaved({ id: business.id, name: business.name });
      setName("");
      setCategoryId("");
      setDescription("");
      setAddress("");
      setLocated(null);
    } catch {
      setError(messages.businesses.saveFailed);
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
