import { describe, expect, it } from "vitest";
import { languageSettingsOf, localizedPath, pageLanguage, preferredLanguage, unprefixed } from "./languages.ts";

const both = { languages: ["en", "fr"] as const, defaultLanguage: "en" as const };

describe("addresses per language", () => {
  it("prefixes the public pages, keeping query and fragment, and leaves the others alone", () => {
    expect(localizedPath("/", "fr")).toBe("/fr");
    expect(localizedPath("/events/abc?date=2026-01-02#map", "fr")).toBe("/fr/events/abc?date=2026-01-02#map");
    expect(localizedPath("/fr/map", "en")).toBe("/map");
    expect(localizedPath("/myaccount", "fr")).toBe("/myaccount");
    expect(localizedPath("/events/abc/check-in", "fr")).toBe("/events/abc/check-in");
    expect(localizedPath("https://example.org/", "fr")).toBe("https://example.org/");
    expect(unprefixed("/fr")).toBe("/");
    expect(unprefixed("/france")).toBe("/france");
  });

  it("gives a public page its address's language and any other page the person's choice, else the default", () => {
    expect(pageLanguage("/fr/map", both)).toBe("fr");
    expect(pageLanguage("/map", both, "fr")).toBe("en");
    expect(pageLanguage("/myaccount", both, "fr")).toBe("fr");
    expect(pageLanguage("/myaccount", { languages: ["en"], defaultLanguage: "en" }, "fr")).toBe("en");
    expect(pageLanguage("/admin", { languages: ["en", "fr"], defaultLanguage: "fr" }, null)).toBe("fr");
  });

  it("reads the browser's first offered language by weight", () => {
    expect(preferredLanguage("fr-CA,fr;q=0.9,en;q=0.8")).toBe("fr");
    expect(preferredLanguage("de-DE,en;q=0.5,fr;q=0.7")).toBe("fr");
    expect(preferredLanguage("en-GB,fr;q=0.9")).toBe("en");
    expect(preferredLanguage("fr;q=0,de")).toBeNull();
    expect(preferredLanguage("fr-CA", ["en"])).toBeNull();
    expect(preferredLanguage(undefined)).toBeNull();
  });

  it("falls back to English alone for settings never set", () => {
    expect(languageSettingsOf(null)).toEqual({ languages: ["en"], defaultLanguage: "en" });
    expect(languageSettingsOf({ languages: ["fr"], defaultLanguage: "en" })).toEqual({ languages: ["fr"], defaultLanguage: "fr" });
  });
});
