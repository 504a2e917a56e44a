// The standalone add-marker page (admins only): name, category, description and an address that is
// geocoded on the server before the business can be saved.
import { useTranslation } from "react-i18next";
import { getFixedT } from "#shared/i18n/index.ts";
import { requestLanguage } from "../features/admin/index.ts";
import { useFieldTexts } from "../components/ui/field-texts.ts";
import { useMemo, useState } from "react";
import { z } from "zod";
import { Link } from "react-router";
import type { Route } from "./+types/add-marker";
import { getApp, requireUser } from "../lib/app-context.ts";
import { pageTitle } from "../lib/meta.ts";
import { paths } from "../lib/paths.ts";
import { messages } from "#shared/messages.ts";
import { ApiError, apiFetch } from "../lib/api-client.ts";
import { Field, formSentence, InputField, inputProps, selectProps, textareaProps } from "../components/ui/field.tsx";
import { ui } from "../components/ui/classes.ts";
import { useCheckedForm } from "../lib/checked-form.ts";
import { businessFields } from "#shared/schemas/business.ts";

/** The business's fields this page offers besides its own four, as the business's definition marks them. */
const EXTRA = Object.entries(businessFields).filter(([, def]) => def.quickAdd);

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, "admin");
  const { services } = getApp(context);
  const [categories, site] = await Promise.all([services.categories.list(), services.siteSettings.get()]);
  const t = await getFixedT(requestLanguage(request, user, site), "admin");
  return { categories: categories.map((c) => ({ id: c.id, name: c.name })), title: t("addMarker.title") };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageTitle(matches, loaderData?.title);

interface Located {
  address: string;
  lat: number;
  lng: number;
  displayName: string;
}

const MESSAGE_ID = "add-marker-message";
const required = { error: messages.businesses.required };

/** The page's fields, with the business's rules for the extra ones; the address counts only as it was geocoded. */
function addMarkerSchema(located: Located | null) {
  return z
    .object({
      ...Object.fromEntries(EXTRA.map(([key, def]) => [key, def.input])),
      name: z.string(required).trim().min(1, required).max(200),
      categoryId: z.string(required).min(1, required),
      description: z.string().max(5000).optional(),
      address: z.string().trim().max(300).optional(),
    })
    .refine(({ address }) => located !== null && located.address === (address ?? ""), { path: ["address"], message: messages.businesses.geocodeFirst, when: () => true });
}

export default function AddMarker({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const field = useFieldTexts();
  const [located, setLocated] = useState<Located | null>(null);
  const [geocoding, setGeocoding] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  // Geocoding tells its own outcome in place of the last check's sentence, until the next saving.
  const [geocodedSince, setGeocodedSince] = useState(false);
  const [saved, setSaved] = useState<{ id: string; name: string } | null>(null);
  const schema = useMemo(() => addMarkerSchema(located), [located]);

  const { form, fields, busy: saving } = useCheckedForm(
    schema,
    async ({ value }) => {
      if (!located) return {};
      try {
        const business = await apiFetch<{ id: string; name: string }>("/businesses", {
          method: "POST",
          json: { ...value, description: value.description ?? "", address: located.address, lat: located.lat, lng: located.lng, tags: [] },
        });
        setSaved({ id: business.id, name: business.name });
        setLocated(null);
      } catch (failure) {
        // A field the server refused is named beside it; anything else gets the spec's sentence.
        const refused = failure instanceof ApiError ? failure.fields : {};
        if (Object.keys(refused).length === 0) setOutcome(messages.businesses.saveFailed);
        return refused;
      }
    },
    { id: "add-marker", reset: true },
  );
  const address = (fields.address.value ?? "").trim();

  async function geocode() {
    setOutcome(null);
    setGeocodedSince(true);
    setLocated(null);
    if (!address) {
      setOutcome(messages.businesses.geocodeFirst);
      return;
    }
    setGeocoding(true);
    try {
      const found = await apiFetch<{ lat: number; lng: number; displayName: string }>(`/geo/geocode?address=${encodeURIComponent(address)}`);
      setLocated({ address, ...found });
    } catch (failure) {
      setOutcome(failure instanceof ApiError && failure.status === 404 ? messages.geo.locationNotFound : messages.geo.geocodeFailed);
    } finally {
      setGeocoding(false);
    }
  }

  // "... are required." first, then "geocode first", then a field's own message.
  const sentence = formSentence(form.allErrors, [messages.businesses.required, messages.businesses.geocodeFirst], geocodedSince ? undefined : MESSAGE_ID);
  const error = geocodedSince ? outcome : (sentence.text ?? sentence.first ?? outcome);
  const disabled = saving || geocoding;

  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="page-heading">{t("addMarker.title")}</h1>
      <form
        id={form.id}
        className="card mt-4 grid gap-4"
        onSubmit={(event) => {
          setOutcome(null);
          setGeocodedSince(false);
          setSaved(null);
          form.onSubmit(event);
        }}
        noValidate
        aria-busy={disabled}
      >
        <Field id={fields.name.id} label={t("fields.business.name.label")}>
          <input {...inputProps(fields.name)} aria-describedby={sentence.describedBy(fields.name)} className={ui.input} disabled={disabled} required maxLength={200} />
        </Field>
        <Field id={fields.categoryId.id} label={t("fields.business.categoryId.label")}>
          <select {...selectProps(fields.categoryId)} aria-describedby={sentence.describedBy(fields.categoryId)} className={ui.input} disabled={disabled} required>
            <option value="">{t("fields.business.categoryId.empty")}</option>
            {loaderData.categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id={fields.description.id} label={t("fields.business.description.label")}>
          <textarea {...textareaProps(fields.description)} className={ui.input} rows={3} maxLength={5000} disabled={disabled} />
        </Field>
        <Field id={fields.address.id} label={t("fields.business.address.label")}>
          <input {...inputProps(fields.address)} aria-describedby={sentence.describedBy(fields.address)} className={ui.input} disabled={disabled} maxLength={300} autoComplete="address-line1" />
          <button type="button" className={`${ui.secondary} mt-2`} disabled={disabled} onClick={() => void geocode()}>
            {geocoding ? t("markers.geocoding") : t("addMarker.geocode")}
          </button>
          {located && located.address === address && (
            <p role="status" className="mt-2 text-sm text-stone-700">
              {t("addMarker.located", { latitude: located.lat.toFixed(6), longitude: located.lng.toFixed(6), place: located.displayName })}
            </p>
          )}
        </Field>
        {EXTRA.map(([key, def]) => (
          <InputField key={key} field={fields[key as keyof typeof fields]} label={field({ ...def, key: `business.${key}` }).label} type={def.widget === "email" || def.widget === "tel" || def.widget === "url" ? def.widget : "text"} maxLength={def.maxLength} disabled={disabled} />
        ))}
        <div>
          <button type="submit" className={ui.primary} disabled={disabled}>
            {saving ? t("addMarker.saving") : t("addMarker.save")}
          </button>
        </div>
        {error && (
          <p id={MESSAGE_ID} role="alert" className={ui.error}>
            {error}
          </p>
        )}
        {saved && (
          <p role="status" className={ui.success}>
            {t("addMarker.saved", { name: saved.name })}{" "}
            <Link to={paths.business(saved.id)} className="font-semibold underline">
              {t("addMarker.view")}
            </Link>
          </p>
        )}
      </form>
    </div>
  );
}
