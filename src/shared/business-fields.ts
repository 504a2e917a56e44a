// A business's fields as pages show them (label, widget, whether the map, the CSV and the JSON-LD carry them), in
// their order: one entry per field, which src/shared/schemas/business.ts joins with each field's rule into
// `businessFields`, the definition forms, the API and the CSV read. Apart from the rules so that the pages showing a
// business (its page, the map, an event's place) load no validation library.
import { messages } from "./messages.ts";
import { fieldViews } from "./schemas/entity.ts";
import { BUSINESS_ATTRIBUTES } from "./business-attributes.ts";

/** A business's price range, cheapest first. */
export const PRICE_RANGES = ["$", "$$", "$$$", "$$$$"] as const;

export const businessFieldViews = fieldViews({
  name: { label: "Name", widget: "text", maxLength: 200, map: true, csv: true },
  categoryId: { label: "Category", widget: "combobox", source: "categories", empty: "Select a category" },
  description: { label: "Description", widget: "textarea", maxLength: 5000, jsonLd: "description", map: true, csv: true, translatable: true },
  address: { label: "Address", widget: "text", maxLength: 500, map: true, csv: true },
  // The address in parts, as search engines read it (schema.org PostalAddress); pages show the one-line address above.
  streetAddress: { label: "Street", widget: "text", maxLength: 200, placeholder: "4950 Clifton Hill" },
  addressLocality: { label: "City", widget: "text", maxLength: 100, placeholder: "Niagara Falls" },
  addressRegion: { label: "Province or state", widget: "text", maxLength: 100, placeholder: "ON" },
  postalCode: { label: "Postal code", widget: "text", maxLength: 20, placeholder: "L2G 3N4" },
  addressCountry: { label: "Country", widget: "text", maxLength: 100, placeholder: "CA" },
  lat: { label: "Latitude", widget: "number" },
  lng: { label: "Longitude", widget: "number" },
  website: { label: "Website", widget: "url", maxLength: 500, placeholder: "https://", csv: true },
  phone: { label: "Phone", widget: "tel", maxLength: 50, jsonLd: "telephone", csv: true },
  email: { label: "Email", widget: "email", maxLength: 254, jsonLd: "email", quickAdd: true, csv: true },
  /** How expensive it is, from $ to $$$$ (schema.org priceRange); not given is null. */
  priceRange: { label: "Price range", widget: "select", options: PRICE_RANGES.map((p) => ({ value: p, label: p })), empty: "Not given", jsonLd: "priceRange", csv: true },
  /** `opening_hours` text (Mo-Fr 09:00-17:00; PH off), the structured form, or null for hours not given. */
  openingHours: { label: "Opening hours", widget: "hours" },
  /** A list of { kind, url } (or its JSON); left out, the saved links are kept. */
  socialLinks: { label: "Social links", widget: "links" },
  /** The gallery: a list of { path, alt } in order (or its JSON); left out, the saved photos are kept. */
  photos: { label: "Photos", widget: "photos", upload: "businessPhoto" },
  /** The attributes that hold, by slug; left out, none hold (as a form sends no box ticked). */
  attributes: {
    label: "Accessibility and amenities",
    widget: "checkboxes",
    options: BUSINESS_ATTRIBUTES.map((a) => ({ value: a.slug, label: a.label })),
    jsonLd: "amenityFeature",
    map: true,
    csv: true,
  },
  /** Tag ids. */
  tags: { label: "Tags", widget: "tags", source: "tags" },
  /**
   * The logo: the stored path of a fresh upload to attach, null to remove the logo, or left out to keep
   * the current one.
   */
  logoPath: {
    label: "Logo",
    widget: "image",
    upload: "logo",
    alt: "Current logo",
    uploadText: { add: "Upload logo", replace: "Replace logo", remove: "Remove logo", none: "No logo." },
    uploadFailed: messages.uploads.uploadLogoFailed,
  },
});
