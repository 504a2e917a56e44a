// What the Markers form has beyond its fields: a geocoder for the address, and a new tag made inline,
// refused when one of that name exists, else added and ticked.
import { useTranslation } from "react-i18next";
import { useState } from "react";
import { useFetcher } from "react-router";
import { messages } from "#shared/messages.ts";
import { OutcomeMessage, type Outcome } from "#web/components/ui/field.tsx";
import { ui } from "#web/components/ui/classes.ts";
import type { Option } from "#web/components/ui/entity-fields.tsx";
import { ApiError, apiFetch } from "#web/lib/api-client.ts";
import type { ActionData, FormExtras } from "./entity-admin.tsx";
import { BusinessOwners } from "../owners/index.ts";

const input = (id: string) => document.getElementById(id) as HTMLInputElement | null;

function Geocoder({ ids }: { ids: Record<string, string> }) {
  const { t } = useTranslation("admin");
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<Outcome>(null);
  async function geocode() {
    const address = input(ids.address!)?.value.trim();
    if (!address) return;
    setBusy(true);
    setFound(null);
    try {
      const place = await apiFetch<{ lat: number; lng: number; displayName: string }>(`/geo/geocode?address=${encodeURIComponent(address)}`);
      input(ids.lat!)!.value = String(place.lat);
      input(ids.lng!)!.value = String(place.lng);
      setFound({ kind: "success", text: t("markers.found", { place: place.displayName }) });
    } catch (error) {
      setFound({ kind: "error", text: error instanceof ApiError && error.status === 404 ? messages.geo.locationNotFound : messages.geo.geocodeFailed });
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <button type="button" className={`${ui.secondary} mt-2`} disabled={busy} onClick={() => void geocode()}>
        {busy ? t("markers.geocoding") : t("markers.geocode")}
      </button>
      <OutcomeMessage outcome={found} />
    </>
  );
}

function NewTag({ tags }: { tags: Option[] }) {
  const { t } = useTranslation("admin");
  const fetcher = useFetcher<ActionData>({ key: "markers-tag" });
  const [name, setName] = useState("");
  const [refused, setRefused] = useState<Outcome>(null);
  const [seen, setSeen] = useState(fetcher.data);
  if (seen !== fetcher.data) {
    setSeen(fetcher.data);
    setRefused(null);
    if (fetcher.data?.created) setName("");
  }
  function add() {
    const wanted = name.trim();
    setRefused(null);
    if (!wanted) return;
    if (tags.some((tag) => tag.label.toLowerCase() === wanted.toLowerCase())) return setRefused({ kind: "error", text: messages.tags.duplicate(wanted) });
    void fetcher.submit({ intent: "tag", name: wanted }, { method: "post" });
  }
  return (
    <>
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor="marker-new-tag" className="block text-sm text-stone-800">
            {t("markers.newTag")}
          </label>
          <input
            id="marker-new-tag"
            className={ui.input}
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.target.value)}
            // Enter adds the tag rather than submitting the whole marker.
            onKeyDown={(e) => e.key === "Enter" && (e.preventDefault(), add())}
          />
        </div>
        <button type="button" className={ui.secondary} disabled={fetcher.state !== "idle"} onClick={add}>
          {fetcher.state !== "idle" ? t("markers.adding") : t("markers.addTag")}
        </button>
      </div>
      <OutcomeMessage outcome={refused ?? fetcher.data?.outcome} />
    </>
  );
}

export function useBusinessExtras(tags: Option[]): FormExtras {
  const created = useFetcher<ActionData>({ key: "markers-tag" }).data?.created;
  return {
    checked: created ? [created.id] : [],
    after: (ids) => ({ address: <Geocoder ids={ids} />, tags: <NewTag tags={tags} /> }),
    below: (business) => <BusinessOwners key={business.id} businessId={business.id} businessName={String((business as { name?: unknown }).name ?? "")} />,
  };
}
