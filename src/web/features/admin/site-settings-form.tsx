// The Site settings tab's form: the association's name, contact details, map defaults, time zone and holiday region,
// the home page's hero photos and the footer's sponsor logos.
import { getFormProps, getInputProps, getTextareaProps, parse, useForm, type SubmissionResult } from "@conform-to/react";
import { useMemo, useState } from "react";
import { useFetcher } from "react-router";
import { fieldErrors, formMessage } from "../../../shared/field-errors.ts";
import { messages } from "../../../shared/messages.ts";
import { MAX_HERO_PHOTOS, MAX_SPONSOR_LOGOS, SiteSettingsSchema, type SiteSettings } from "../../../shared/schemas/site-settings.ts";
import { Field, OutcomeMessage, ui, type Outcome } from "../../components/ui/field.tsx";
import { AddImage, ImageList, ItemButtons } from "./site-image-list.tsx";

export interface SiteSettingsActionData {
  outcome: Outcome;
  result?: SubmissionResult<string[]>;
}

/**
 * The form's fields as text; the map centre's two are `mapCenter.lat` and `mapCenter.lng`, a hero photo's
 * `heroPhotos[0].url` and `heroPhotos[0].alt`, a sponsor's `sponsorLogos[0].name`, `.imageUrl` and `.url` (its link).
 */
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
  heroPhotos: Array<{ url: string; alt: string }>;
  sponsorLogos: Array<{ name: string; imageUrl: string; url: string }>;
};

const textOf = (value: unknown) => (typeof value === "string" ? value : "");
/** A blank or unreadable number stays NaN, which the schema refuses with the field's own message. */
const numberOf = (value: unknown) => (textOf(value).trim() === "" ? Number.NaN : Number(value));

const listOf = (value: unknown) => (Array.isArray(value) ? value : []).map((item) => (item ?? {}) as Record<string, unknown>);

/** The settings the form stands for, from what was typed. */
export function settingsFromForm(payload: Record<string, unknown>): Record<string, unknown> {
  const center = (payload.mapCenter ?? {}) as Record<string, unknown>;
  return {
    associationName: textOf(payload.associationName),
    tagline: textOf(payload.tagline),
    mailingAddress: textOf(payload.mailingAddress),
    generalEmail: textOf(payload.generalEmail).trim(),
    volunteerEmail: textOf(payload.volunteerEmail).trim(),
    mapCenter: { lat: numberOf(center.lat), lng: numberOf(center.lng) },
    mapZoom: numberOf(payload.mapZoom),
    timeZone: textOf(payload.timeZone),
    holidayRegion: textOf(payload.holidayRegion).trim().toUpperCase(),
    heroPhotos: listOf(payload.heroPhotos).map((photo) => ({ url: textOf(photo.url), alt: textOf(photo.alt) })),
    // A blank link is no link.
    sponsorLogos: listOf(payload.sponsorLogos).map((sponsor) => ({
      name: textOf(sponsor.name),
      imageUrl: textOf(sponsor.imageUrl),
      url: textOf(sponsor.url).trim() || null,
    })),
  };
}

/**
 * Messages keyed as the schema and the API name a field (`heroPhotos.0.url`, "_" for the whole form), keyed as the
 * form names it (`heroPhotos[0].url`), so each shows beside its field.
 */
export function formErrors(fields: Record<string, string>): Record<string, string[]> {
  const nameOf = (path: string) => (path === "_" ? "" : path.split(".").reduce((name, part) => (/^\d+$/.test(part) ? `${name}[${part}]` : name ? `${name}.${part}` : part), ""));
  return Object.fromEntries(Object.entries(fields).map(([path, text]) => [nameOf(path), [text]]));
}

/**
 * Reads the submitted form against the schema: the settings to send, or the messages to show beside the fields. A
 * change to a list (an image added, moved or removed) is neither: the form only takes it.
 */
export function parseSiteSettingsForm(form: FormData) {
  const submission = parse(form, {
    resolve: (payload) => {
      const result = SiteSettingsSchema.safeParse(settingsFromForm(payload));
      return result.success ? { value: result.data } : { error: formErrors(fieldErrors(result.error.issues)) };
    },
  });
  if (submission.status === undefined) return { ok: false as const, outcome: null, result: submission.reply(), submission };
  if (submission.status !== "success") {
    const first = Object.fromEntries(Object.entries(submission.error ?? {}).map(([key, list]) => [key, list?.[0] ?? ""]));
    return { ok: false as const, outcome: { kind: "error" as const, text: messages.siteSettings.saveFailed(formMessage(first, messages.siteSettings.invalid)) }, result: submission.reply(), submission };
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
    heroPhotos: settings.heroPhotos.map((photo) => ({ url: photo.url, alt: photo.alt })),
    sponsorLogos: settings.sponsorLogos.map((sponsor) => ({ name: sponsor.name, imageUrl: sponsor.imageUrl, url: sponsor.url ?? "" })),
  };
}

const HERO_PHOTOS = { one: "hero photo", many: "Hero photos" };
const SPONSORS = { one: "sponsor", many: "Sponsors" };

/** What an image of a list looks like; described by the text fields beside it. */
function Preview({ url }: { url: string | undefined }) {
  return url ? <img src={url} alt="" className="max-h-24 w-full rounded object-contain" /> : <span />;
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
  // A save refused before it is sent: said as the server's refusals are, until the next save.
  const [refused, setRefused] = useState<Outcome>(null);
  const [form, fields] = useForm<FormFields, SiteSettings>({
    id: "site-settings",
    lastResult: fetcher.data?.result,
    defaultValue: defaultsOf(settings),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => {
      const parsed = parseSiteSettingsForm(formData);
      if (!parsed.ok && parsed.outcome) setRefused(parsed.outcome);
      return parsed.submission;
    },
    onSubmit: () => setRefused(null),
  });
  const center = fields.mapCenter.getFieldset();
  const heroPhotos = fields.heroPhotos.getFieldList();
  const sponsors = fields.sponsorLogos.getFieldList();
  const timeZones = useTimeZones(settings.timeZone);
  const [uploadingHero, setUploadingHero] = useState(false);
  const [uploadingSponsor, setUploadingSponsor] = useState(false);
  const saving = fetcher.state !== "idle";
  const busy = saving || uploadingHero || uploadingSponsor;
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
        <ImageList
          id="site-settings-hero-photos"
          names={HERO_PHOTOS}
          hint={`Shown in turn at the top of the home page, first photo first; at most ${MAX_HERO_PHOTOS}. Describe each one for people who cannot see it.`}
          errorId={fields.heroPhotos.errorId}
          errors={fields.heroPhotos.errors}
          empty={heroPhotos.length === 0}
          add={
            <AddImage
              list={fields.heroPhotos.name}
              names={HERO_PHOTOS}
              count={heroPhotos.length}
              max={MAX_HERO_PHOTOS}
              disabled={saving}
              onBusyChange={setUploadingHero}
              newItemFocus={`${form.id}-${fields.heroPhotos.name}[${heroPhotos.length}].alt`}
              onUploaded={(url) => form.insert({ name: fields.heroPhotos.name, defaultValue: { url, alt: "" } })}
            />
          }
        >
          {heroPhotos.map((item, index) => {
            const photo = item.getFieldset();
            const label = `Hero photo ${index + 1}`;
            return (
              <li key={item.key} className="grid gap-2 rounded-md border border-stone-300 p-3 sm:grid-cols-[8rem_1fr]">
                <Preview url={photo.url.value} />
                <div className="grid min-w-0 gap-2">
                  <Field id={photo.url.id} label={`${label}: image`} errorId={photo.url.errorId} errors={photo.url.errors}>
                    <input {...getInputProps(photo.url, { type: "text" })} key={photo.url.key} readOnly className={`${ui.input} text-sm text-stone-700`} />
                  </Field>
                  <Field id={photo.alt.id} label={`${label}: alt text`} errorId={photo.alt.errorId} errors={photo.alt.errors}>
                    <input {...getInputProps(photo.alt, { type: "text" })} key={photo.alt.key} className={ui.input} />
                  </Field>
                  <ItemButtons form={form} list={fields.heroPhotos.name} index={index} count={heroPhotos.length} label={`hero photo ${index + 1}`} disabled={busy} />
                </div>
              </li>
            );
          })}
        </ImageList>
        <ImageList
          id="site-settings-sponsors"
          names={SPONSORS}
          hint={`Their logos are shown in the footer of every page, in this order; at most ${MAX_SPONSOR_LOGOS}. A sponsor's logo links to its website when one is given.`}
          errorId={fields.sponsorLogos.errorId}
          errors={fields.sponsorLogos.errors}
          empty={sponsors.length === 0}
          add={
            <AddImage
              list={fields.sponsorLogos.name}
              names={SPONSORS}
              count={sponsors.length}
              max={MAX_SPONSOR_LOGOS}
              disabled={saving}
              onBusyChange={setUploadingSponsor}
              newItemFocus={`${form.id}-${fields.sponsorLogos.name}[${sponsors.length}].name`}
              onUploaded={(url) => form.insert({ name: fields.sponsorLogos.name, defaultValue: { name: "", imageUrl: url, url: "" } })}
            />
          }
        >
          {sponsors.map((item, index) => {
            const sponsor = item.getFieldset();
            const label = `Sponsor ${index + 1}`;
            return (
              <li key={item.key} className="grid gap-2 rounded-md border border-stone-300 p-3 sm:grid-cols-[8rem_1fr]">
                <Preview url={sponsor.imageUrl.value} />
                <div className="grid min-w-0 gap-2">
                  <Field id={sponsor.name.id} label={`${label}: name`} errorId={sponsor.name.errorId} errors={sponsor.name.errors}>
                    <input {...getInputProps(sponsor.name, { type: "text" })} key={sponsor.name.key} autoComplete="off" className={ui.input} />
                  </Field>
                  <Field id={sponsor.imageUrl.id} label={`${label}: logo`} errorId={sponsor.imageUrl.errorId} errors={sponsor.imageUrl.errors}>
                    <input {...getInputProps(sponsor.imageUrl, { type: "text" })} key={sponsor.imageUrl.key} readOnly className={`${ui.input} text-sm text-stone-700`} />
                  </Field>
                  <Field id={sponsor.url.id} label={`${label}: link (optional)`} errorId={sponsor.url.errorId} errors={sponsor.url.errors}>
                    <input {...getInputProps(sponsor.url, { type: "url" })} key={sponsor.url.key} autoComplete="off" placeholder="https://" className={ui.input} />
                  </Field>
                  <ItemButtons form={form} list={fields.sponsorLogos.name} index={index} count={sponsors.length} label={`sponsor ${index + 1}`} disabled={busy} />
                </div>
              </li>
            );
          })}
        </ImageList>
        <div>
          <button type="submit" className={ui.primary} disabled={busy}>
            {saving ? "Saving..." : "Save site settings"}
          </button>
        </div>
        <OutcomeMessage outcome={refused ?? fetcher.data?.outcome} />
      </fetcher.Form>
    </section>
  );
}
