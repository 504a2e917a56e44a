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
