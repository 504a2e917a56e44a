import { describe, expect, it } from "vitest";
import { bakeryWith } from "#tests/setup/form-pages.tsx";
import { businessJsonLd } from "./business-json-ld.ts";

describe("a business page's JSON-LD", () => {
  it("gives each attribute that holds as an amenityFeature, by its label, in the list's order", () => {
    const jsonLd = businessJsonLd(bakeryWith({ attributes: ["step-free-entrance", "hearing-loop"] }), "https://niche.example");
    expect(jsonLd).toMatchObject({
      amenityFeature: [
        { "@type": "LocationFeatureSpecification", name: "Step-free entrance", value: true },
        { "@type": "LocationFeatureSpecification", name: "Hearing loop", value: true },
      ],
    });
  });

  it("leaves amenityFeature out when none holds", () => {
    expect(businessJsonLd(bakeryWith(), "https://niche.example")).not.toHaveProperty("amenityFeature");
  });
});

describe("a business page's address and price range", () => {
  it("gives the address in parts as a PostalAddress, and the price range", () => {
    const parts = { streetAddress: "12 Queen Street", addressLocality: "Niagara Falls", addressRegion: "ON", postalCode: "L2E 2L7", addressCountry: "CA" };
    expect(businessJsonLd(bakeryWith({ ...parts, priceRange: "$$" }), "https://niche.example")).toMatchObject({
      address: { "@type": "PostalAddress", ...parts },
      priceRange: "$$",
    });
  });

  it("gives the one-line address as the street while its parts are not known, and no price range when none is given", () => {
    const jsonLd = businessJsonLd(bakeryWith(), "https://niche.example");
    expect(jsonLd.address).toEqual({ "@type": "PostalAddress", streetAddress: "12 Queen Street" });
    expect(jsonLd).not.toHaveProperty("priceRange");
  });
});
