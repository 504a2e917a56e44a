// The Site settings tab's form: the association's name, contact details, map defaults, time zone and holiday region,
// the weekly digest's day and time, the home page's hero photos and the footer's sponsor logos.
import { getFormProps, getTextareaProps, parse, useForm, type DefaultValue, type FieldMetadata, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { useMemo, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { fieldErrors, formMessage } from "#shared/field-errors.ts";
import { messages } from "#shared/messages.ts";
import { DIGEST_WEEKDAYS, DIGEST_WEEKDAY_LABELS, MAX_HERO_PHOTOS, MAX_SPONSOR_LOGOS, SiteSettingsSchema, type SiteSettings } from "#shared/schemas/site-settings.ts";
import { LANGUAGE_NAMES, LANGUAGES } from "#shared/i18n/index.ts";
import { Field, InputField, OutcomeMessage, selectProps, ui, type Outcome } from "#web/components/ui/field.tsx";
import { AddImage, ImageList, ItemButtons, type ListNames } from "./site-image-list.tsx";

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
  currency: string;
  digestWeekday: string;
  digestAt: string;
  freshnessDays: string;
  registrationReminderAt: string;
  registrationRetentionDays: string;
  languages: string[];
  defaultLanguage: string;
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
    // Left blank, the default (CAD).
    currency: textOf(payload.currency).trim().toUpperCase() || undefined,
    digestWeekday: textOf(payload.digestWeekday),
    digestAt: textOf(payload.digestAt).trim(),
    // Left blank, the default (90 days).
    freshnessDays: textOf(payload.freshnessDays).trim() === "" ? undefined : numberOf(payload.freshnessDays),
    registrationReminderAt: textOf(payload.registrationReminderAt).trim() || undefined,
    registrationRetentionDays: textOf(payload.registrationRetentionDays).trim() === "" ? undefined : numberOf(payload.registrationRetentionDays),
    // None ticked is none (the schema asks for one); a form without the boxes (`languagesShown`) keeps the default.
    languages: payload.languagesShown ? [payload.languages ?? []].flat().filter((language): language is string => typeof language === "string") : undefined,
    defaultLanguage: textOf(payload.defaultLanguage) || undefined,
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
    currency: settings.currency,
    digestWeekday: settings.digestWeekday,
    digestAt: settings.digestAt,
    freshnessDays: String(settings.freshnessDays),
    registrationReminderAt: settings.registrationReminderAt,
    registrationRetentionDays: String(settings.registrationRetentionDays),
    languages: [...settings.languages],
    defaultLanguage: settings.defaultLanguage,
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

/**
 * One of the form's lists of images (hero photos, sponsors) in its frame: each item's preview beside its text fields
 * (`children`, given the item's fields and its label, "Hero photo 2") and its Up, Down and Remove buttons, then the add
 * button, whose upload becomes `newItem` at the end of the list, with the focus on its field `first`.
 */
function ImageListField<Item extends Record<string, unknown>, Fieldset>({ id, names, hint, max, form, list, items, newItem, first, image, saving, busy, onBusyChange, children }: {
  id: string;
  names: ListNames;
  hint: string;
  max: number;
  form: FormMetadata<FormFields, string[]>;
  list: FieldMetadata<Item[], FormFields, string[]>;
  items: Array<{ key: string | undefined; getFieldset: () => Fieldset }>;
  newItem: (url: string) => DefaultValue<Item>;
  first: keyof Item & string;
  /** The item's image, as its preview shows it. */
  image: (fieldset: Fieldset) => string | undefined;
  saving: boolean;
  busy: boolean;
  onBusyChange: (busy: boolean) => void;
  children: (fieldset: Fieldset, label: string) => ReactNode;
}) {
  const add = (
    <AddImage
      list={list.name}
      names={names}
      count={items.length}
      max={max}
      disabled={saving}
      onBusyChange={onBusyChange}
      newItemFocus={`${form.id}-${list.name}[${items.length}].${first}`}
      onUploaded={(url) => form.insert({ name: list.name, defaultValue: newItem(url) })}
    />
  );
  return (
    <ImageList id={id} names={names} hint={hint} errorId={list.errorId} errors={list.errors} empty={items.length === 0} add={add}>
      {items.map((item, index) => {
        const fieldset = item.getFieldset();
        const label = `${names.one} ${index + 1}`;
        return (
          <li key={item.key} className="grid gap-2 rounded-md border border-stone-300 p-3 sm:grid-cols-[8rem_1fr]">
            <Preview url={image(fieldset)} />
            <div className="grid min-w-0 gap-2">
              {children(fieldset, label.charAt(0).toUpperCase() + label.slice(1))}
              <ItemButtons form={form} list={list.name} index={index} count={items.length} label={label} disabled={busy} />
            </div>
          </li>
        );
      })}
    </ImageList>
  );
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
  const timeZones = useTimeZones(settings.timeZone);
  const [uploadingHero, setUploadingHero] = useState(false);
  const [uploadingSponsor, setUploadingSponsor] = useState(false);
  const saving = fetcher.state !== "idle";
  const busy = saving || uploadingHero || uploadingSponsor;
  const readOnlyInput = `${ui.input} text-sm text-stone-700`;

  return (
    <section aria-labelledby="site-settings-heading" className="card max-w-2xl">
      <h2 id="site-settings-heading" className={ui.sectionHeading}>
        Site settings
      </h2>
      <p className="mt-1 text-sm text-stone-700">The association's own details, shown to every visitor as soon as they are saved.</p>
      <fetcher.Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4" aria-busy={busy}>
        <InputField field={fields.associationName} label="Association name" autoComplete="organization" />
        <InputField field={fields.tagline} label="Tagline" />
        <Field id={fields.mailingAddress.id} label="Mailing address" errorId={fields.mailingAddress.errorId} errors={fields.mailingAddress.errors}>
          <textarea {...getTextareaProps(fields.mailingAddress)} key={fields.mailingAddress.key} rows={3} autoComplete="street-address" className={ui.input} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField field={fields.generalEmail} label="General email" type="email" autoComplete="email" />
          <InputField field={fields.volunteerEmail} label="Volunteer email" type="email" autoComplete="email" />
        </div>
        <fieldset className="grid gap-4 sm:grid-cols-3">
          <legend className={ui.label}>Map centre and zoom</legend>
          <InputField field={center.lat} label="Map centre latitude" inputMode="decimal" />
          <InputField field={center.lng} label="Map centre longitude" inputMode="decimal" />
          <InputField field={fields.mapZoom} label="Map zoom" inputMode="numeric" />
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            field={fields.timeZone}
            label="Time zone"
            hint={{ id: "site-settings-time-zone-hint", text: "An IANA time zone such as America/Toronto. Event times and opening hours are in it." }}
            list="site-settings-time-zones"
            autoComplete="off"
            spellCheck={false}
          >
            <datalist id="site-settings-time-zones">
              {timeZones.map((zone) => (
                <option key={zone} value={zone} />
              ))}
            </datalist>
          </InputField>
          <InputField
            field={fields.holidayRegion}
            label="Holiday region"
            hint={{ id: "site-settings-holiday-region-hint", text: "A country or region code such as CA-ON, for the public holidays of opening hours." }}
            autoComplete="off"
            spellCheck={false}
          />
          <InputField
            field={fields.currency}
            label="Currency"
            hint={{ id: "site-settings-currency-hint", text: "A three-letter code such as CAD: the currency of the prices of offers, for search engines." }}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <fieldset className="grid gap-4 sm:grid-cols-2" aria-describedby="site-settings-digest-hint">
          <legend className={ui.label}>Weekly digest</legend>
          <p id="site-settings-digest-hint" className="text-sm text-stone-600 sm:col-span-2">
            Members who choose "In a weekly digest" for some news get one mail with what is new, on this day at this time in the site's time zone, when there is something.
          </p>
          <Field id={fields.digestWeekday.id} label="Digest day" errorId={fields.digestWeekday.errorId} errors={fields.digestWeekday.errors}>
            <select {...selectProps(fields.digestWeekday)} key={fields.digestWeekday.key} className={ui.input}>
              {DIGEST_WEEKDAYS.map((day) => (
                <option key={day} value={day}>
                  {DIGEST_WEEKDAY_LABELS[day]}
                </option>
              ))}
            </select>
          </Field>
          <InputField
            field={fields.digestAt}
            label="Digest time"
            hint={{ id: "site-settings-digest-at-hint", text: "24-hour time such as 08:00." }}
            inputMode="numeric"
            autoComplete="off"
          />
        </fieldset>
        <InputField
          field={fields.freshnessDays}
          label="Ask owners to check their listing every (days)"
          hint={{ id: "site-settings-freshness-hint", text: 'Owners who have not confirmed or changed their listing for this many days get a mail asking "Is your listing still right?"; 90 unless you change it.' }}
          inputMode="numeric"
          autoComplete="off"
        />
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className={ui.label}>Event registrations</legend>
          <InputField
            field={fields.registrationReminderAt}
            label="Reminder time"
            hint={{ id: "site-settings-registration-reminder-hint", text: "People registered for an event are reminded the day before, at this 24-hour time such as 18:00." }}
            inputMode="numeric"
            autoComplete="off"
          />
          <InputField
            field={fields.registrationRetentionDays}
            label="Keep registrations (days)"
            hint={{ id: "site-settings-registration-retention-hint", text: "Names and e-mails of registrations are deleted this many days after their event." }}
            inputMode="numeric"
            autoComplete="off"
          />
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={fields.languages.id} label="Languages" legend errorId={fields.languages.errorId} errors={fields.languages.errors}>
            <input type="hidden" name="languagesShown" value="yes" />
            <p id="site-settings-languages-hint" className="text-sm text-stone-600">
              The public pages are offered in these; with one, the site shows no choice of language.
            </p>
            {LANGUAGES.map((language) => (
              <label key={language} className="mt-1 flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name={fields.languages.name}
                  value={language}
                  defaultChecked={(fields.languages.initialValue as string[] | undefined)?.includes(language) ?? false}
                  aria-invalid={fields.languages.errors ? true : undefined}
                  aria-describedby={fields.languages.errors ? fields.languages.errorId : "site-settings-languages-hint"}
                />
                <span lang={language}>{LANGUAGE_NAMES[language]}</span>
              </label>
            ))}
          </Field>
          <Field id={fields.defaultLanguage.id} label="Default language" errorId={fields.defaultLanguage.errorId} errors={fields.defaultLanguage.errors}>
            <select {...selectProps(fields.defaultLanguage)} key={fields.defaultLanguage.key} className={ui.input}>
              {LANGUAGES.map((language) => (
                <option key={language} value={language} lang={language}>
                  {LANGUAGE_NAMES[language]}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <ImageListField
          id="site-settings-hero-photos"
          names={HERO_PHOTOS}
          hint={`Shown in turn at the top of the home page, first photo first; at most ${MAX_HERO_PHOTOS}. Describe each one for people who cannot see it.`}
          max={MAX_HERO_PHOTOS}
          form={form}
          saving={saving}
          busy={busy}
          list={fields.heroPhotos}
          items={fields.heroPhotos.getFieldList()}
          newItem={(url) => ({ url, alt: "" })}
          first="alt"
          image={(photo) => photo.url.value}
          onBusyChange={setUploadingHero}
        >
          {(photo, label) => (
            <>
              <InputField field={photo.url} label={`${label}: image`} readOnly className={readOnlyInput} />
              <InputField field={photo.alt} label={`${label}: alt text`} />
            </>
          )}
        </ImageListField>
        <ImageListField
          id="site-settings-sponsors"
          names={SPONSORS}
          hint={`Their logos are shown in the footer of every page, in this order; at most ${MAX_SPONSOR_LOGOS}. A sponsor's logo links to its website when one is given.`}
          max={MAX_SPONSOR_LOGOS}
          form={form}
          saving={saving}
          busy={busy}
          list={fields.sponsorLogos}
          items={fields.sponsorLogos.getFieldList()}
          newItem={(url) => ({ name: "", imageUrl: url, url: "" })}
          first="name"
          image={(sponsor) => sponsor.imageUrl.value}
          onBusyChange={setUploadingSponsor}
        >
          {(sponsor, label) => (
            <>
              <InputField field={sponsor.name} label={`${label}: name`} autoComplete="off" />
              <InputField field={sponsor.imageUrl} label={`${label}: logo`} readOnly className={readOnlyInput} />
              <InputField field={sponsor.url} label={`${label}: link (optional)`} type="url" autoComplete="off" placeholder="https://" />
            </>
          )}
        </ImageListField>
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
