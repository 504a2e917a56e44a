// The Site settings tab's form: the association's name, contact details, map defaults, time zone and holiday region.
// The sponsor logos and hero photos are not edited here: saving sends back the ones stored, unchanged.
import { getFormProps, getInputProps, getTextareaProps, parse, useForm, type SubmissionResult } from "@conform-to/react";
import { useMemo } from "react";
import { useFetcher } from "react-router";
import { fieldErrors, formMessage } from "../../../shared/field-errors.ts";
import { messages } from "../../../shared/messages.ts";
import { SiteSettingsSchema, type SiteSettings } from "../../../shared/schemas/site-settings.ts";
import { Field, OutcomeMessage, ui, type Outcome } from "../../components/ui/field.tsx";
import { asLists } from "../../components/ui/entity-form.tsx";

export interface SiteSettingsActionData {
  outcome: Outcome;
  result?: SubmissionResult<string[]>;
}

/** The form's fields as one level of text; the map centre's two are `mapCenter.lat` and `mapCenter.lng`. */
type FormFields = {
  associationName: string;
  tagline: string;
  mailingAddress: string;
  generalEmail: string;
  volunteerEmail: string;
  mapCenter: { lat: string; lng: string };
  mapZoom: string;
  timeZone: string;
  holidayRegion: string;
};

const textOf = (value: unknown) => (typeof value === "string" ? value : "");
/** A blank or unreadable number stays NaN, which the schema refuses with the field's own message. */
const numberOf = (value: unknown) => (textOf(value).trim() === "" ? Number.NaN : Number(value));

/** The settings the form stands for: what was typed, over the stored settings for what it does not show. */
export function settingsFromForm(payload: Record<string, unknown>, stored: SiteSettings): Record<string, unknown> {
  const center = (payload.mapCenter ?? {}) as Record<string, unknown>;
  return {
    ...stored,
    associationName: textOf(payload.associationName),
    tagline: textOf(payload.tagline),
    mailingAddress: textOf(payload.mailingAddress),
    generalEmail: textOf(payload.generalEmail).trim(),
    volunteerEmail: textOf(payload.volunteerEmail).trim(),
    mapCenter: { lat: numberOf(center.lat), lng: numberOf(center.lng) },
    mapZoom: numberOf(payload.mapZoom),
    timeZone: textOf(payload.timeZone),
    holidayRegion: textOf(payload.holidayRegion).trim().toUpperCase(),
  };
}

/** Reads the submitted form against the schema: the settings to send, or the messages to show beside the fields. */
export function parseSiteSettingsForm(form: FormData, stored: SiteSettings) {
  const submission = parse(form, {
    resolve: (payload) => {
      const result = SiteSettingsSchema.safeParse(settingsFromForm(payload, stored));
      return result.success ? { value: result.data } : { error: asLists(fieldErrors(result.error.issues)) };
    },
  });
  if (submission.status !== "success") {
    const first = Object.fromEntries(Object.entries(submission.error ?? {}).map(([key, list]) => [key, list?.[0] ?? ""]));
    return { ok: false as const, outcome: { kind: "error" as const, text: messages.siteSettings.saveFailed(formMessage(first, messages.siteSettings.invalid)) }, result: submission.reply() };
  }
  return { ok: true as const, value: submission.value, submission };
}

function defaultsOf(settings: SiteSettings): FormFields {
  return {
    associationName: settings.associationName,
    tagline: settings.tagline,
    mailingAddress: settings.mailingAddress,
    generalEmail: settings.generalEmail,
    volunteerEmail: settings.volunteerEmail,
    mapCenter: { lat: String(settings.mapCenter.lat), lng: String(settings.mapCenter.lng) },
    mapZoom: String(settings.mapZoom),
    timeZone: settings.timeZone,
    holidayRegion: settings.holidayRegion,
  };
}

/** Every IANA time zone the browser knows, offered while typing; the stored one too, should the browser not list it. */
function useTimeZones(current: string): string[] {
  return useMemo(() => {
    const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
    return known.includes(current) ? known : [current, ...known];
  }, [current]);
}

export function SiteSettingsForm({ settings }: { settings: SiteSettings }) {
  const fetcher = useFetcher<SiteSettingsActionData>();
  const [form, fields] = useForm<FormFields>({ id: "site-settings", lastResult: fetcher.data?.result, defaultValue: defaultsOf(settings), shouldValidate: "onSubmit" });
  const center = fields.mapCenter.getFieldset();
  const timeZones = useTimeZones(settings.timeZone);
  const busy = fetcher.state !== "idle";
  const hint = (id: string, text: string) => (
    <p id={id} className="mt-1 text-sm text-stone-600">
      {text}
    </p>
  );

  return (
    <section aria-labelledby="site-settings-heading" className="card max-w-2xl">
      <h2 id="site-settings-heading" className={ui.sectionHeading}>
        Site settings
      </h2>
      <p className="mt-1 text-sm text-stone-700">The association's own details, shown to every visitor as soon as they are saved.</p>
      <fetcher.Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4" aria-busy={busy}>
        <Field id={fields.associationName.id} label="Association name" errorId={fields.associationName.errorId} errors={fields.associationName.errors}>
          <input {...getInputProps(fields.associationName, { type: "text" })} key={fields.associationName.key} autoComplete="organization" className={ui.input} />
        </Field>
        <Field id={fields.tagline.id} label="Tagline" errorId={fields.tagline.errorId} errors={fields.tagline.errors}>
          <input {...getInputProps(fields.tagline, { type: "text" })} key={fields.tagline.key} className={ui.input} />
        </Field>
        <Field id={fields.mailingAddress.id} label="Mailing address" errorId={fields.mailingAddress.errorId} errors={fields.mailingAddress.errors}>
          <textarea {...getTextareaProps(fields.mailingAddress)} key={fields.mailingAddress.key} rows={3} autoComplete="street-address" className={ui.input} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={fields.generalEmail.id} label="General email" errorId={fields.generalEmail.errorId} errors={fields.generalEmail.errors}>
            <input {...getInputProps(fields.generalEmail, { type: "email" })} key={fields.generalEmail.key} autoComplete="email" className={ui.input} />
          </Field>
          <Field id={fields.volunteerEmail.id} label="Volunteer email" errorId={fields.volunteerEmail.errorId} errors={fields.volunteerEmail.errors}>
            <input {...getInputProps(fields.volunteerEmail, { type: "email" })} key={fields.volunteerEmail.key} autoComplete="email" className={ui.input} />
          </Field>
        </div>
        <fieldset className="grid gap-4 sm:grid-cols-3">
          <legend className={ui.label}>Map centre and zoom</legend>
          <Field id={center.lat.id} label="Map centre latitude" errorId={center.lat.errorId} errors={center.lat.errors}>
            <input {...getInputProps(center.lat, { type: "text" })} key={center.lat.key} inputMode="decimal" className={ui.input} />
          </Field>
          <Field id={center.lng.id} label="Map centre longitude" errorId={center.lng.errorId} errors={center.lng.errors}>
            <input {...getInputProps(center.lng, { type: "text" })} key={center.lng.key} inputMode="decimal" className={ui.input} />
          </Field>
          <Field id={fields.mapZoom.id} label="Map zoom" errorId={fields.mapZoom.errorId} errors={fields.mapZoom.errors}>
            <input {...getInputProps(fields.mapZoom, { type: "text" })} key={fields.mapZoom.key} inputMode="numeric" className={ui.input} />
          </Field>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={fields.timeZone.id} label="Time zone" errorId={fields.timeZone.errorId} errors={fields.timeZone.errors}>
            <input
              {...getInputProps(fields.timeZone, { type: "text", ariaDescribedBy: "site-settings-time-zone-hint" })}
              key={fields.timeZone.key}
              list="site-settings-time-zones"
              autoComplete="off"
              spellCheck={false}
              className={ui.input}
            />
            {hint("site-settings-time-zone-hint", "An IANA time zone such as America/Toronto. Event times and opening hours are in it.")}
            <datalist id="site-settings-time-zones">
              {timeZones.map((zone) => (
                <option key={zone} value={zone} />
              ))}
            </datalist>
          </Field>
          <Field id={fields.holidayRegion.id} label="Holiday region" errorId={fields.holidayRegion.errorId} errors={fields.holidayRegion.errors}>
            <input
              {...getInputProps(fields.holidayRegion, { type: "text", ariaDescribedBy: "site-settings-holiday-region-hint" })}
              key={fields.holidayRegion.key}
              autoComplete="off"
              spellCheck={false}
              className={ui.input}
            />
            {hint("site-settings-holiday-region-hint", "A country or region code such as CA-ON, for the public holidays of opening hours.")}
          </Field>
        </div>
        <p className="text-sm text-stone-700">
          Hero photos ({settings.heroPhotos.length}) and sponsor logos ({settings.sponsorLogos.length}) are kept as they are.
        </p>
        <div>
          <button type="submit" className={ui.primary} disabled={busy}>
            {busy ? "Saving..." : "Save site settings"}
          </button>
        </div>
        <OutcomeMessage outcome={fetcher.data?.outcome} />
      </fetcher.Form>
    </section>
  );
}
