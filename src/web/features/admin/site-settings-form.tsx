// The Site settings tab's form: the association's name, contact details, map defaults, time zone and holiday region,
// the weekly digest's day and time, the home page's hero photos and the footer's sponsor logos.
import { getFormProps, getTextareaProps, parse, useForm, type DefaultValue, type FieldMetadata, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { useMemo, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { fieldErrors, formMessage } from "#shared/field-errors.ts";
import { messages } from "#shared/messages.ts";
import { DIGEST_WEEKDAYS, followListMoves, heroAltField, listImagesOf, MAX_HERO_PHOTOS, MAX_SPONSOR_LOGOS, SiteSettingsSchema, sponsorNameField, type SiteSettings } from "#shared/schemas/site-settings.ts";
import { LANGUAGE_NAMES, LANGUAGES } from "#shared/i18n/index.ts";
import { Field, InputField, OutcomeMessage, selectProps, type Outcome } from "#web/components/ui/field.tsx";
import { ui } from "#web/components/ui/classes.ts";
import { useManageText } from "#web/lib/manage-text.ts";
import { AddImage, ImageList, ItemButtons, type ListNames } from "./site-image-list.tsx";
import { TranslationSection, translationsOf } from "#web/components/ui/translation-section.tsx";
import type { FieldView } from "#shared/schemas/entity.ts";
import type { Translations } from "#shared/schemas/translations.ts";

/** The form's id, and the key of its fetcher, by which the language switch finds the messages beside its fields. */
export const SITE_SETTINGS_FORM = "site-settings";

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

/** The hidden fields naming the lists' images as saved, in their order. */
const SAVED_LISTS = { heroPhotos: "savedHeroPhotos", sponsorLogos: "savedSponsorLogos" } as const;

/**
 * The translations the form sends, carried from the places the hero photos and sponsors had when the form was drawn
 * (which name the translations' fields) to their places in what is saved.
 */
export function translationsToSave(form: FormData, settings: Pick<SiteSettings, "heroPhotos" | "sponsorLogos">): { translations?: Translations } {
  const { translations } = translationsOf(form);
  if (!translations) return {};
  const saved = { heroPhotos: form.getAll(SAVED_LISTS.heroPhotos).map(String), sponsorLogos: form.getAll(SAVED_LISTS.sponsorLogos).map(String) };
  return { translations: followListMoves(translations, saved, listImagesOf(settings)) };
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

/** How a list's items are called, in the page's language ("hero photo", "Hero photos", "Add a hero photo (1 of 6)"). */
function useListNames(list: "heroPhotos" | "sponsors"): ListNames {
  const { t } = useManageText();
  return useMemo(
    () => ({
      one: t(`siteSettings.${list}.one`),
      many: t(`siteSettings.${list}.many`),
      newOne: t(`siteSettings.${list}.new`),
      add: (count: number, max: number) => t(`siteSettings.${list}.add`, { count, max }),
      full: (count: number, max: number) => t(`siteSettings.${list}.full`, { count, max }),
    }),
    [list, t],
  );
}

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

export function SiteSettingsForm({ settings }: { settings: SiteSettings & { translations?: Translations } }) {
  const fetcher = useFetcher<SiteSettingsActionData>({ key: SITE_SETTINGS_FORM });
  // A save refused before it is sent: said as the server's refusals are, until the next save.
  const [refused, setRefused] = useState<Outcome>(null);
  const [form, fields] = useForm<FormFields, SiteSettings>({
    id: SITE_SETTINGS_FORM,
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
  const { t } = useManageText();
  const heroPhotos = useListNames("heroPhotos");
  const sponsors = useListNames("sponsors");
  const hint = (id: string, key: string) => ({ id, text: t(`siteSettings.${key}`) });
  // The texts a visitor reads that may be translated, offered in the language switch.
  // Each saved hero photo's description and sponsor's name too, by its place in the list (one added is translated once saved).
  const numbered = (one: string, index: number) => `${one.charAt(0).toUpperCase()}${one.slice(1)} ${index + 1}`;
  const translatable: Record<string, FieldView> = {
    associationName: { label: t("siteSettings.associationName"), widget: "text", maxLength: 200, translatable: true },
    tagline: { label: t("siteSettings.tagline"), widget: "text", maxLength: 200, translatable: true },
    ...Object.fromEntries(settings.heroPhotos.map((_, index) => [heroAltField(index), { label: t("siteSettings.heroPhotos.alt", { label: numbered(heroPhotos.one, index) }), widget: "text", maxLength: 300, translatable: true } satisfies FieldView])),
    ...Object.fromEntries(settings.sponsorLogos.map((_, index) => [sponsorNameField(index), { label: t("siteSettings.sponsors.name", { label: numbered(sponsors.one, index) }), widget: "text", maxLength: 200, translatable: true } satisfies FieldView])),
  };

  return (
    <section aria-labelledby="site-settings-heading" className="card max-w-2xl">
      <h2 id="site-settings-heading" className={ui.sectionHeading}>
        {t("siteSettings.heading")}
      </h2>
      <p className="mt-1 text-sm text-stone-700">{t("siteSettings.intro")}</p>
      <fetcher.Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4" aria-busy={busy}>
        <TranslationSection formId={SITE_SETTINGS_FORM} views={translatable} values={{ translations: settings.translations ?? {} }} />
        <InputField field={fields.associationName} label={t("siteSettings.associationName")} autoComplete="organization" />
        <InputField field={fields.tagline} label={t("siteSettings.tagline")} />
        <Field id={fields.mailingAddress.id} label={t("siteSettings.mailingAddress")} errorId={fields.mailingAddress.errorId} errors={fields.mailingAddress.errors}>
          <textarea {...getTextareaProps(fields.mailingAddress)} key={fields.mailingAddress.key} rows={3} autoComplete="street-address" className={ui.input} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField field={fields.generalEmail} label={t("siteSettings.generalEmail")} type="email" autoComplete="email" />
          <InputField field={fields.volunteerEmail} label={t("siteSettings.volunteerEmail")} type="email" autoComplete="email" />
        </div>
        <fieldset className="grid gap-4 sm:grid-cols-3">
          <legend className={ui.label}>{t("siteSettings.mapLegend")}</legend>
          <InputField field={center.lat} label={t("siteSettings.mapLatitude")} inputMode="decimal" />
          <InputField field={center.lng} label={t("siteSettings.mapLongitude")} inputMode="decimal" />
          <InputField field={fields.mapZoom} label={t("siteSettings.mapZoom")} inputMode="numeric" />
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            field={fields.timeZone}
            label={t("siteSettings.timeZone")}
            hint={hint("site-settings-time-zone-hint", "timeZoneHint")}
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
            label={t("siteSettings.holidayRegion")}
            hint={hint("site-settings-holiday-region-hint", "holidayRegionHint")}
            autoComplete="off"
            spellCheck={false}
          />
          <InputField
            field={fields.currency}
            label={t("siteSettings.currency")}
            hint={hint("site-settings-currency-hint", "currencyHint")}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <fieldset className="grid gap-4 sm:grid-cols-2" aria-describedby="site-settings-digest-hint">
          <legend className={ui.label}>{t("siteSettings.digestLegend")}</legend>
          <p id="site-settings-digest-hint" className="text-sm text-stone-600 sm:col-span-2">
            {t("siteSettings.digestHint")}
          </p>
          <Field id={fields.digestWeekday.id} label={t("siteSettings.digestDay")} errorId={fields.digestWeekday.errorId} errors={fields.digestWeekday.errors}>
            <select {...selectProps(fields.digestWeekday)} key={fields.digestWeekday.key} className={ui.input}>
              {DIGEST_WEEKDAYS.map((day) => (
                <option key={day} value={day}>
                  {t(`siteSettings.weekdays.${day}`)}
                </option>
              ))}
            </select>
          </Field>
          <InputField
            field={fields.digestAt}
            label={t("siteSettings.digestTime")}
            hint={hint("site-settings-digest-at-hint", "digestTimeHint")}
            inputMode="numeric"
            autoComplete="off"
          />
        </fieldset>
        <InputField
          field={fields.freshnessDays}
          label={t("siteSettings.freshnessDays")}
          hint={hint("site-settings-freshness-hint", "freshnessHint")}
          inputMode="numeric"
          autoComplete="off"
        />
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className={ui.label}>{t("siteSettings.registrationsLegend")}</legend>
          <InputField
            field={fields.registrationReminderAt}
            label={t("siteSettings.reminderTime")}
            hint={hint("site-settings-registration-reminder-hint", "reminderHint")}
            inputMode="numeric"
            autoComplete="off"
          />
          <InputField
            field={fields.registrationRetentionDays}
            label={t("siteSettings.retentionDays")}
            hint={hint("site-settings-registration-retention-hint", "retentionHint")}
            inputMode="numeric"
            autoComplete="off"
          />
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={fields.languages.id} label={t("siteSettings.languages")} legend errorId={fields.languages.errorId} errors={fields.languages.errors}>
            <input type="hidden" name="languagesShown" value="yes" />
            <p id="site-settings-languages-hint" className="text-sm text-stone-600">
              {t("siteSettings.languagesHint")}
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
          <Field id={fields.defaultLanguage.id} label={t("siteSettings.defaultLanguage")} errorId={fields.defaultLanguage.errorId} errors={fields.defaultLanguage.errors}>
            <select {...selectProps(fields.defaultLanguage)} key={fields.defaultLanguage.key} className={ui.input}>
              {LANGUAGES.map((language) => (
                <option key={language} value={language} lang={language}>
                  {LANGUAGE_NAMES[language]}
                </option>
              ))}
            </select>
          </Field>
        </div>
        {/* The lists as saved, whose places the translations' fields are named by (`followListMoves`). */}
        {settings.heroPhotos.map((photo, index) => (
          <input key={`hero-${index}`} type="hidden" name={SAVED_LISTS.heroPhotos} value={photo.url} />
        ))}
        {settings.sponsorLogos.map((sponsor, index) => (
          <input key={`sponsor-${index}`} type="hidden" name={SAVED_LISTS.sponsorLogos} value={sponsor.imageUrl} />
        ))}
        <ImageListField
          id="site-settings-hero-photos"
          names={heroPhotos}
          hint={t("siteSettings.heroPhotos.hint", { max: MAX_HERO_PHOTOS })}
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
              <InputField field={photo.url} label={t("siteSettings.heroPhotos.image", { label })} readOnly className={readOnlyInput} />
              <InputField field={photo.alt} label={t("siteSettings.heroPhotos.alt", { label })} />
            </>
          )}
        </ImageListField>
        <ImageListField
          id="site-settings-sponsors"
          names={sponsors}
          hint={t("siteSettings.sponsors.hint", { max: MAX_SPONSOR_LOGOS })}
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
              <InputField field={sponsor.name} label={t("siteSettings.sponsors.name", { label })} autoComplete="off" />
              <InputField field={sponsor.imageUrl} label={t("siteSettings.sponsors.logo", { label })} readOnly className={readOnlyInput} />
              <InputField field={sponsor.url} label={t("siteSettings.sponsors.link", { label })} type="url" autoComplete="off" placeholder="https://" />
            </>
          )}
        </ImageListField>
        <div>
          <button type="submit" className={ui.primary} disabled={busy}>
            {saving ? t("siteSettings.saving") : t("siteSettings.save")}
          </button>
        </div>
        <OutcomeMessage outcome={refused ?? fetcher.data?.outcome} />
      </fetcher.Form>
    </section>
  );
}
