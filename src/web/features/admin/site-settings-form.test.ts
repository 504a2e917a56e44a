// The Site settings form read against the schema: what was typed over the stored settings, messages by field.
import { describe, expect, it } from "vitest";
import type { SiteSettings } from "../../../shared/schemas/site-settings.ts";
import { parseSiteSettingsForm } from "./site-settings-form.tsx";

const stored: SiteSettings = {
  associationName: "Niche",
  tagline: "Find Your Niche",
  mailingAddress: "",
  generalEmail: "",
  volunteerEmail: "",
  mapCenter: { lat: 43.106651, lng: -79.066782 },
  mapZoom: 15,
  timeZone: "America/Toronto",
  holidayRegion: "CA-ON",
  heroPhotos: [{ url: "/files/site_settings/hero_1.webp", alt: "Queen Street" }],
  sponsorLogos: [{ name: "Falls Bank", imageUrl: "/files/site_settings/bank.webp", url: "https://bank.example" }],
};

function formOf(values: Record<string, string>) {
  const form = new FormData();
  const all = {
    associationName: "Queen Street Merchants",
    tagline: "Find Your Niche",
    mailingAddress: "4500 Queen Street",
    generalEmail: " info@queenstreet.example ",
    volunteerEmail: "",
    "mapCenter.lat": "43.1",
    "mapCenter.lng": "-79.07",
    mapZoom: "16",
    timeZone: "America/Vancouver",
    holidayRegion: "ca-bc",
    ...values,
  };
  for (const [name, value] of Object.entries(all)) form.set(name, value);
  return form;
}

describe("the site settings form", () => {
  it("sends what was typed, with the stored hero photos and sponsor logos kept", () => {
    const parsed = parseSiteSettingsForm(formOf({}), stored);
    expect(parsed.ok && parsed.value).toEqual({
      ...stored,
      associationName: "Queen Street Merchants",
      mailingAddress: "4500 Queen Street",
      generalEmail: "info@queenstreet.example",
      volunteerEmail: "",
      mapCenter: { lat: 43.1, lng: -79.07 },
      mapZoom: 16,
      timeZone: "America/Vancouver",
      holidayRegion: "CA-BC",
    });
  });

  it("gives each wrong field its own message, and a blank number is wrong", () => {
    const parsed = parseSiteSettingsForm(formOf({ generalEmail: "nope", timeZone: "Mars/Olympus", "mapCenter.lat": "", mapZoom: "1.5" }), stored);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.result.error).toEqual({
      generalEmail: ["Enter a valid email address."],
      "mapCenter.lat": ["Latitude must be a number between -90 and 90."],
      mapZoom: ["Map zoom must be a whole number from 0 to 22."],
      timeZone: ["Enter a time zone such as America/Toronto."],
    });
    expect(parsed.outcome.text).toBe("Failed to save site settings. Enter a valid email address.");
    // What was typed comes back, for the form to keep.
    expect(parsed.result.initialValue).toMatchObject({ generalEmail: "nope", timeZone: "Mars/Olympus" });
  });
});
