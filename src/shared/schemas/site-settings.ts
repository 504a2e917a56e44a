// The association's own details, kept in the database instead of the code.
import { z } from "zod";
import { singleLine } from "../text.ts";
import { messages } from "../messages.ts";
import { LANGUAGES, type Language } from "../i18n/languages.ts";
import { TranslationsSchema, translationsInput } from "./translations.ts";
import { heroAltField, sponsorNameField } from "../site-list-fields.ts";

const text = messages.siteSettings;

/** As many as the home page's slideshow and the footer show. */
export const MAX_HERO_PHOTOS = 6;
export const MAX_SPONSOR_LOGOS = 50;

/** Whether `name` is an IANA time zone this runtime knows (America/Toronto, Europe/Paris, UTC). */
export function isTimeZone(name: string): boolean {
  let known = timeZones.get(name);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat("en", { timeZone: name });
      known = name.length > 0;
    } catch {
      known = false;
    }
    // The answer never changes while the runtime runs, and making a formatter costs about a millisecond: the site's
    // settings are checked each time they are read, on every page.
    if (timeZones.size < 1000) timeZones.set(name, known);
  }
  return known;
}
const timeZones = new Map<string, boolean>();

/**
 * Whether `value` may stand in an image's `src`: a file this site serves (`/files/...`, as uploads are) or an https
 * address. Nothing else: no other scheme (`javascript:`, `data:`), no address of another host without a scheme (`//`).
 */
export function isImageLocation(value: string): boolean {
  if (value.startsWith("/files/")) {
    const unsafe = [...value].some((ch) => ch === "\\" || ch.charCodeAt(0) <= 0x20 || ch.charCodeAt(0) === 0x7f);
    if (unsafe || value.split("/").some((segment) => segment === "." || segment === "..")) return false;
    // As a browser resolves it: "%2e%2e" is ".." too, and would lead out of /files/.
    const path = value.split(/[?#]/, 1)[0]!;
    return URL.canParse(value, "http://site.invalid") && new URL(value, "http://site.invalid").pathname === path;
  }
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === "https:" && url.hostname !== "" && url.username === "" && url.password === "";
}

/** The days the weekly digest may go out on, Monday first (ISO 8601 numbers them 1 to 7 in this order). */
export const DIGEST_WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type DigestWeekday = (typeof DIGEST_WEEKDAYS)[number];
export const DIGEST_WEEKDAY_LABELS: Record<DigestWeekday, string> = {
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
  sunday: "Sunday",
};

const ImageLocation = z.string({ error: text.imageInvalid }).trim().refine(isImageLocation, { error: text.imageInvalid });

export const SponsorLogoSchema = z.object({
  name: z.string({ error: text.sponsorNameRequired }).overwrite(singleLine).trim().min(1, { error: text.sponsorNameRequired }).max(200, { error: text.tooLong(200) }),
  imageUrl: ImageLocation,
  url: z.url({ protocol: /^https?$/, error: text.linkInvalid }).nullable().default(null),
});

export const HeroPhotoSchema = z.object({
  url: ImageLocation,
  alt: z.string().overwrite(singleLine).trim().max(300, { error: text.tooLong(300) }).default(""),
});

export const SiteSettingsSchema = z.object({
  associationName: z.string().overwrite(singleLine).trim().min(1, { error: "Association name is required." }).max(200, { error: text.tooLong(200) }),
  tagline: z.string().overwrite(singleLine).trim().min(1, { error: "Tagline is required." }).max(200, { error: text.tooLong(200) }),
  mailingAddress: z.string().trim().max(1000, { error: text.tooLong(1000) }),
  generalEmail: z.email({ error: "Enter a valid email address." }).or(z.literal("")),
  volunteerEmail: z.email({ error: "Enter a valid email address." }).or(z.literal("")),
  sponsorLogos: z.array(SponsorLogoSchema).max(MAX_SPONSOR_LOGOS, { error: text.tooManySponsors }),
  heroPhotos: z.array(HeroPhotoSchema).max(MAX_HERO_PHOTOS, { error: text.tooManyHeroPhotos }),
  mapCenter: z.object({
    lat: z.number({ error: text.latitudeInvalid }).min(-90, { error: text.latitudeInvalid }).max(90, { error: text.latitudeInvalid }),
    lng: z.number({ error: text.longitudeInvalid }).min(-180, { error: text.longitudeInvalid }).max(180, { error: text.longitudeInvalid }),
  }),
  mapZoom: z.number({ error: text.zoomInvalid }).int({ error: text.zoomInvalid }).min(0, { error: text.zoomInvalid }).max(22, { error: text.zoomInvalid }),
  timeZone: z.string().trim().refine(isTimeZone, { error: "Enter a time zone such as America/Toronto." }),
  holidayRegion: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}(-[A-Z0-9]{1,3})?$/, { error: "Enter a country or region code such as CA-ON." }),
  /** The ISO 4217 code of the currency the businesses' prices are in (schema.org priceCurrency); left out, CAD. */
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, { error: "Enter a three-letter currency code such as CAD." })
    .default("CAD"),
  /** The weekly digest goes out on this day at `digestAt` (24-hour HH:MM), on the site's clock; left out, Monday 08:00. */
  digestWeekday: z.enum(DIGEST_WEEKDAYS, { error: "Choose the day of the week the digest goes out." }).default("monday"),
  digestAt: z
    .string({ error: "Enter a time such as 08:00." })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: "Enter a time such as 08:00." })
    .default("08:00"),
  /** Owners are asked whether their listing is still right when they have not confirmed or changed it for this many days; left out, 90. */
  freshnessDays: z
    .number({ error: "Enter a number of days from 7 to 730." })
    .int({ error: "Enter a number of days from 7 to 730." })
    .min(7, { error: "Enter a number of days from 7 to 730." })
    .max(730, { error: "Enter a number of days from 7 to 730." })
    .default(90),
  /** Registrants are reminded the day before their event at this time (24-hour HH:MM), on the site's clock. */
  registrationReminderAt: z
    .string({ error: "Enter a time such as 18:00." })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: "Enter a time such as 18:00." })
    .default("18:00"),
  /** Registrations of events that ended this many days ago are deleted. */
  registrationRetentionDays: z
    .number({ error: "Enter a number of days from 1 to 3650." })
    .int({ error: "Enter a number of days from 1 to 3650." })
    .min(1, { error: "Enter a number of days from 1 to 3650." })
    .max(3650, { error: "Enter a number of days from 1 to 3650." })
    .default(365),
  /** The languages the public pages are offered in (docs/decisions/0039-i18n.md); left out, English and French. */
  languages: z
    .array(z.enum(LANGUAGES, { error: "Choose among the languages offered." }), { error: "Choose at least one language." })
    .min(1, { error: "Choose at least one language." })
    .transform((chosen) => LANGUAGES.filter((language) => chosen.includes(language)))
    .default([...LANGUAGES]),
  /** The language of people who have not chosen one (and of the sitemap's x-default); one of `languages`. */
  defaultLanguage: z.enum(LANGUAGES, { error: "Choose the default language." }).default("en"),
}).superRefine((settings, context) => {
  if (!settings.languages.includes(settings.defaultLanguage)) {
    context.addIssue({ code: "custom", path: ["defaultLanguage"], message: "The default language must be one of the languages offered." });
  }
});

/** The settings' texts a visitor reads that may have a translation per offered language (entity type `site`). */
export const SITE_TRANSLATABLE = ["associationName", "tagline"] as const;
export type SiteText = (typeof SITE_TRANSLATABLE)[number];

export { heroAltField, sponsorNameField };
const HERO_ALT_FIELDS = Array.from({ length: MAX_HERO_PHOTOS }, (_, index) => heroAltField(index));
const SPONSOR_NAME_FIELDS = Array.from({ length: MAX_SPONSOR_LOGOS }, (_, index) => sponsorNameField(index));
/** Every field a translation of the settings may hold: the name and tagline, each hero photo's description and each sponsor's name. */
export const SITE_TRANSLATED_FIELDS: readonly string[] = [...SITE_TRANSLATABLE, ...HERO_ALT_FIELDS, ...SPONSOR_NAME_FIELDS];

/** The images that tell a list's items apart: a hero photo's and a sponsor's logo, each list in its order. */
export interface ListImages {
  heroPhotos: readonly string[];
  sponsorLogos: readonly string[];
}

export const listImagesOf = (settings: Pick<SiteSettings, "heroPhotos" | "sponsorLogos">): ListImages => ({
  heroPhotos: settings.heroPhotos.map((photo) => photo.url),
  sponsorLogos: settings.sponsorLogos.map((sponsor) => sponsor.imageUrl),
});

/**
 * The translations of the lists' texts, stored by their item's place, carried to the places their items have after a
 * save that moved, removed or added items (an item is known by its image): a translation follows its photo or
 * sponsor, and one whose item is gone is dropped. Other fields are kept as they are.
 */
export function followListMoves<T>(translations: Partial<Record<Language, Record<string, T>>>, before: ListImages, after: ListImages): Partial<Record<Language, Record<string, T>>> {
  const placeOf = (was: readonly string[], now: readonly string[]) => {
    const taken = new Set<number>();
    return was.map((image) => {
      const index = now.findIndex((other, at) => other === image && !taken.has(at));
      if (index >= 0) taken.add(index);
      return index;
    });
  };
  const moves = [
    { field: heroAltField, places: placeOf(before.heroPhotos, after.heroPhotos) },
    { field: sponsorNameField, places: placeOf(before.sponsorLogos, after.sponsorLogos) },
  ];
  const listed = new Set([...HERO_ALT_FIELDS, ...SPONSOR_NAME_FIELDS]);
  const result: Partial<Record<Language, Record<string, T>>> = {};
  for (const [language, texts] of Object.entries(translations) as [Language, Record<string, T> | undefined][]) {
    if (!texts) continue;
    const moved: Record<string, T> = Object.fromEntries(Object.entries(texts).filter(([field]) => !listed.has(field)));
    for (const { field, places } of moves) {
      places.forEach((place, index) => {
        if (place >= 0 && field(index) in texts) moved[field(place)] = texts[field(index)]!;
      });
    }
    result[language] = moved;
  }
  return result;
}

/** A single line of up to `max` characters (the original's rule); blank removes the translation. */
const translatedLine = (max: number) => z.string().overwrite(singleLine).trim().max(max, { error: text.tooLong(max) }).nullish().transform((value) => (value ? value : null));

/** The association's name, tagline, hero photos' descriptions and sponsors' names in the site's other languages, sent beside the settings. */
export const SiteTranslationsInputSchema = translationsInput({
  associationName: translatedLine(200),
  tagline: translatedLine(200),
  ...Object.fromEntries(HERO_ALT_FIELDS.map((field) => [field, translatedLine(300)])),
  ...Object.fromEntries(SPONSOR_NAME_FIELDS.map((field) => [field, translatedLine(200)])),
});

/** What GET /site-settings answers and PUT /site-settings takes: the settings, with their texts' translations. */
export const SiteSettingsWithTranslationsSchema = z.intersection(
  SiteSettingsSchema,
  z.object({ translations: TranslationsSchema.optional() }),
);
export const SiteSettingsInputSchema = z.intersection(SiteSettingsSchema, z.object({ translations: SiteTranslationsInputSchema }));

/**
 * The settings as a page in one language shows them: the texts translated, else the originals, each of those named
 * in `fallback` with the language it is written in (the page marks it with `lang`).
 */
export type LocalizedSiteSettings = SiteSettings & { fallback: Partial<Record<SiteText, Language>> & Partial<Record<string, Language>> };

export type SponsorLogo = z.infer<typeof SponsorLogoSchema>;
export type HeroPhoto = z.infer<typeof HeroPhotoSchema>;
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;
