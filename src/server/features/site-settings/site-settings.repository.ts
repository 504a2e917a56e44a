import type { Kysely } from "kysely";
import type { z } from "zod";
import type { DB } from "#server/db/database-types.ts";
import { HeroPhotoSchema, MAX_HERO_PHOTOS, MAX_SPONSOR_LOGOS, SiteSettingsSchema, SponsorLogoSchema, type SiteSettings } from "#shared/schemas/site-settings.ts";
import { DEFAULT_MAP_CENTER, MAP_ZOOM } from "#shared/constants.ts";
import { messages } from "#shared/messages.ts";

const ROW_ID = "site";

/** The stored columns, read together and written together (lists as JSON text, the map centre as two numbers). */
const COLUMNS = [
  "associationName",
  "tagline",
  "mailingAddress",
  "generalEmail",
  "volunteerEmail",
  "sponsorLogos",
  "heroPhotos",
  "mapCenterLat",
  "mapCenterLng",
  "mapZoom",
  "timeZone",
  "holidayRegion",
  "currency",
  "digestWeekday",
  "digestAt",
  "freshnessDays",
  "registrationReminderAt",
  "registrationRetentionDays",
  "languages",
  "defaultLanguage",
] as const;

/** What a fresh install starts with, before an administrator fills in the association's details. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  associationName: "Niche",
  tagline: messages.tagline,
  mailingAddress: "",
  generalEmail: "",
  volunteerEmail: "",
  sponsorLogos: [],
  heroPhotos: [],
  mapCenter: { ...DEFAULT_MAP_CENTER },
  mapZoom: MAP_ZOOM.default,
  timeZone: "America/Toronto",
  holidayRegion: "CA-ON",
  currency: "CAD",
  digestWeekday: "monday",
  digestAt: "08:00",
  freshnessDays: 90,
  registrationReminderAt: "18:00",
  registrationRetentionDays: 365,
  languages: ["en", "fr"],
  defaultLanguage: "en",
};

/**
 * The items of a stored list that pass today's checks: a sponsor or photo written before them (or by hand) whose
 * address is no longer accepted is left out, not shown and not the reason the whole site cannot be read.
 */
function validItems(list: unknown, schema: z.ZodType): unknown[] {
  return Array.isArray(list) ? list.filter((item) => schema.safeParse(item).success) : [];
}

export class SiteSettingsRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  async get(): Promise<SiteSettings | undefined> {
    const row = await this.db
      .selectFrom("site_settings")
      .select(COLUMNS)
      .where("id", "=", ROW_ID)
      .executeTakeFirst();
    if (!row) return undefined;
    return SiteSettingsSchema.parse({
      associationName: row.associationName,
      tagline: row.tagline,
      mailingAddress: row.mailingAddress,
      generalEmail: row.generalEmail,
      volunteerEmail: row.volunteerEmail,
      // As many as can be shown, should more have been stored by hand.
      sponsorLogos: validItems(JSON.parse(row.sponsorLogos), SponsorLogoSchema).slice(0, MAX_SPONSOR_LOGOS),
      heroPhotos: validItems(JSON.parse(row.heroPhotos), HeroPhotoSchema).slice(0, MAX_HERO_PHOTOS),
      mapCenter: { lat: Number(row.mapCenterLat), lng: Number(row.mapCenterLng) },
      mapZoom: Number(row.mapZoom),
      timeZone: row.timeZone,
      holidayRegion: row.holidayRegion,
      currency: row.currency,
      digestWeekday: row.digestWeekday,
      digestAt: row.digestAt,
      freshnessDays: Number(row.freshnessDays),
      registrationReminderAt: row.registrationReminderAt,
      registrationRetentionDays: Number(row.registrationRetentionDays),
      languages: JSON.parse(row.languages),
      defaultLanguage: row.defaultLanguage,
    });
  }

  async save(settings: SiteSettings): Promise<void> {
    const values = {
      associationName: settings.associationName,
      tagline: settings.tagline,
      mailingAddress: settings.mailingAddress,
      generalEmail: settings.generalEmail,
      volunteerEmail: settings.volunteerEmail,
      sponsorLogos: JSON.stringify(settings.sponsorLogos),
      heroPhotos: JSON.stringify(settings.heroPhotos),
      mapCenterLat: settings.mapCenter.lat,
      mapCenterLng: settings.mapCenter.lng,
      mapZoom: settings.mapZoom,
      timeZone: settings.timeZone,
      holidayRegion: settings.holidayRegion,
      currency: settings.currency,
      digestWeekday: settings.digestWeekday,
      digestAt: settings.digestAt,
      freshnessDays: settings.freshnessDays,
      registrationReminderAt: settings.registrationReminderAt,
      registrationRetentionDays: settings.registrationRetentionDays,
      languages: JSON.stringify(settings.languages),
      defaultLanguage: settings.defaultLanguage,
      lastUpdatedAt: new Date().toISOString(),
    } satisfies Record<(typeof COLUMNS)[number] | "lastUpdatedAt", unknown>;
    await this.db
      .insertInto("site_settings")
      .values({ id: ROW_ID, ...values })
      .onConflict((oc) => oc.column("id").doUpdateSet(values))
      .execute();
  }
}
