// The association's own details, kept in the database instead of the code.
import { z } from "zod";
import { singleLine } from "../text.ts";

/** Whether `name` is an IANA time zone this runtime knows (America/Toronto, Europe/Paris, UTC). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return name.length > 0;
  } catch {
    return false;
  }
}

export const SponsorLogoSchema = z.object({
  name: z.string().overwrite(singleLine).trim().min(1),
  imageUrl: z.string().min(1),
  url: z.url().nullable().default(null),
});

export const HeroPhotoSchema = z.object({
  url: z.string().min(1),
  alt: z.string().default(""),
});

export const SiteSettingsSchema = z.object({
  associationName: z.string().overwrite(singleLine).trim().min(1, { error: "Association name is required." }),
  tagline: z.string().trim().min(1, { error: "Tagline is required." }),
  mailingAddress: z.string().trim(),
  generalEmail: z.email({ error: "Enter a valid email address." }).or(z.literal("")),
  volunteerEmail: z.email({ error: "Enter a valid email address." }).or(z.literal("")),
  sponsorLogos: z.array(SponsorLogoSchema),
  heroPhotos: z.array(HeroPhotoSchema).max(6),
  mapCenter: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }),
  mapZoom: z.number().int().min(0).max(22),
  timeZone: z.string().trim().refine(isTimeZone, { error: "Enter a time zone such as America/Toronto." }),
  holidayRegion: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}(-[A-Z0-9]{1,3})?$/, { error: "Enter a country or region code such as CA-ON." }),
});

export type SponsorLogo = z.infer<typeof SponsorLogoSchema>;
export type HeroPhoto = z.infer<typeof HeroPhotoSchema>;
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;
