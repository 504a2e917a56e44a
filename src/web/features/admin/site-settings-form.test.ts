// The Site settings form read against the schema: what was typed, its lists included, and messages by field.
import { describe, expect, it } from "vitest";
import { siteSettingsWith } from "#tests/fixtures/site-settings.ts";
import { formErrors, parseSiteSettingsForm, translationsToSave } from "./site-settings-form.tsx";

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
    digestWeekday: "monday",
    digestAt: "08:00",
    "heroPhotos[0].url": "/files/site_settings/hero_1.webp",
    "heroPhotos[0].alt": "Queen Street",
    "sponsorLogos[0].name": "Falls Bank",
    "sponsorLogos[0].imageUrl": "/files/site_settings/bank.webp",
    "sponsorLogos[0].url": "https://bank.example",
    ...values,
  };
  for (const [name, value] of Object.entries(all)) form.set(name, value);
  return form;
}

describe("the site settings form", () => {
  it("sends what was typed, its hero photos and sponsor logos included", () => {
    const parsed = parseSiteSettingsForm(formOf({}));
    expect(parsed.ok && parsed.value).toEqual(
      siteSettingsWith({
        timeZone: "America/Vancouver",
        holidayRegion: "CA-BC",
        heroPhotos: [{ url: "/files/site_settings/hero_1.webp", alt: "Queen Street" }],
        sponsorLogos: [{ name: "Falls Bank", imageUrl: "/files/site_settings/bank.webp", url: "https://bank.example" }],
      }),
    );
  });

  it("gives each wrong field its own message, and a blank number is wrong", () => {
    const parsed = parseSiteSettingsForm(formOf({ generalEmail: "nope", timeZone: "Mars/Olympus", "mapCenter.lat": "", mapZoom: "1.5" }));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.result.error).toEqual({
      generalEmail: ["Enter a valid email address."],
      "mapCenter.lat": ["Latitude must be a number between -90 and 90."],
      mapZoom: ["Map zoom must be a whole number from 0 to 22."],
      timeZone: ["Enter a time zone such as America/Toronto."],
    });
    expect(parsed.outcome?.text).toBe("Failed to save site settings. Enter a valid email address.");
    // What was typed comes back, for the form to keep.
    expect(parsed.result.initialValue).toMatchObject({ generalEmail: "nope", timeZone: "Mars/Olympus" });
  });

  it("names a wrong field of a list as the form names it, and takes a blank link as none", () => {
    const parsed = parseSiteSettingsForm(formOf({ "sponsorLogos[0].name": " ", "heroPhotos[1].url": "javascript:alert(1)", "heroPhotos[1].alt": "" }));
    expect(!parsed.ok && parsed.result.error).toEqual({
      "heroPhotos[1].url": ["Image must be an uploaded file (/files/...) or a web address starting with https://."],
      "sponsorLogos[0].name": ["Sponsor name is required."],
    });
    const linkless = parseSiteSettingsForm(formOf({ "sponsorLogos[0].url": "  " }));
    expect(linkless.ok && linkless.value.sponsorLogos).toEqual([{ name: "Falls Bank", imageUrl: "/files/site_settings/bank.webp", url: null }]);
  });

  it("reads the currency as a code in capitals, CAD when left blank, and says beside it what a code looks like", () => {
    const euro = parseSiteSettingsForm(formOf({ currency: " eur " }));
    expect(euro.ok && euro.value.currency).toBe("EUR");
    const blank = parseSiteSettingsForm(formOf({ currency: "" }));
    expect(blank.ok && blank.value.currency).toBe("CAD");
    const wrong = parseSiteSettingsForm(formOf({ currency: "dollars" }));
    expect(!wrong.ok && wrong.result.error).toEqual({ currency: ["Enter a three-letter currency code such as CAD."] });
  });

  it("reads the digest's day and 24-hour time, and says beside each what is wrong", () => {
    const friday = parseSiteSettingsForm(formOf({ digestWeekday: "friday", digestAt: " 17:30 " }));
    expect(friday.ok && { day: friday.value.digestWeekday, at: friday.value.digestAt }).toEqual({ day: "friday", at: "17:30" });
    const wrong = parseSiteSettingsForm(formOf({ digestWeekday: "someday", digestAt: "5pm" }));
    expect(!wrong.ok && wrong.result.error).toEqual({
      digestWeekday: ["Choose the day of the week the digest goes out."],
      digestAt: ["Enter a time such as 08:00."],
    });
    const blank = parseSiteSettingsForm(formOf({ digestAt: "" }));
    expect(!blank.ok && blank.result.error).toEqual({ digestAt: ["Enter a time such as 08:00."] });
    expect(!parseSiteSettingsForm(formOf({ digestAt: "24:00" })).ok).toBe(true);
  });

  it("reads the interval of owners' listing reminders in days, 90 when left blank, and says beside it what is wrong", () => {
    const monthly = parseSiteSettingsForm(formOf({ freshnessDays: " 30 " }));
    expect(monthly.ok && monthly.value.freshnessDays).toBe(30);
    const blank = parseSiteSettingsForm(formOf({ freshnessDays: "" }));
    expect(blank.ok && blank.value.freshnessDays).toBe(90);
    for (const wrong of ["3", "2.5", "soon", "1000"]) {
      const parsed = parseSiteSettingsForm(formOf({ freshnessDays: wrong }));
      expect(!parsed.ok && parsed.result.error).toEqual({ freshnessDays: ["Enter a number of days from 7 to 730."] });
    }
  });

  it("puts the API's messages beside the fields of the form they name", () => {
    expect(formErrors({ "sponsorLogos.12.imageUrl": "In use.", "mapCenter.lat": "Off the globe.", heroPhotos: "Too many.", _: "Whole form." })).toEqual({
      "sponsorLogos[12].imageUrl": ["In use."],
      "mapCenter.lat": ["Off the globe."],
      heroPhotos: ["Too many."],
      "": ["Whole form."],
    });
  });

  it("sends each photo's and sponsor's translation at the place the item is saved, not the place it had", () => {
    // Drawn with the market first and two sponsors; then the photos were swapped and the first sponsor removed.
    const form = formOf({
      "heroPhotos[0].url": "/files/hero/parade.jpg",
      "heroPhotos[0].alt": "The winter parade",
      "heroPhotos[1].url": "/files/hero/market.jpg",
      "heroPhotos[1].alt": "Stalls",
      "sponsorLogos[0].name": "Hardware Store",
      "sponsorLogos[0].imageUrl": "/files/sponsors/hardware.png",
      "translations.fr.associationName": "Marchands",
      "translations.fr.heroPhotos.0.alt": "Les kiosques",
      "translations.fr.heroPhotos.1.alt": "Le défilé",
      "translations.fr.sponsorLogos.0.name": "Banque",
      "translations.fr.sponsorLogos.1.name": "Quincaillerie",
    });
    for (const url of ["/files/hero/market.jpg", "/files/hero/parade.jpg"]) form.append("savedHeroPhotos", url);
    for (const url of ["/files/sponsors/bank.png", "/files/sponsors/hardware.png"]) form.append("savedSponsorLogos", url);
    const parsed = parseSiteSettingsForm(form);
    expect(parsed.ok).toBe(true);
    expect(parsed.ok && translationsToSave(form, parsed.value)).toEqual({
      translations: { fr: { associationName: "Marchands", "heroPhotos.0.alt": "Le défilé", "heroPhotos.1.alt": "Les kiosques", "sponsorLogos.0.name": "Quincaillerie" } },
    });
  });
});
