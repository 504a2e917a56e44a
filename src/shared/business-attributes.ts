// The yes/no things visitors ask about a place before they go (access, washrooms, Wi-Fi, pets). One line each: the
// business page, the forms, the map's filter, the API's `?attributes=`, the CSV columns and the JSON-LD all read
// this list; its icon is drawn by src/web/components/attribute-icons.tsx. Without the rules (schemas/business-attributes.ts),
// so that the pages showing the attributes load no validation library.
export const BUSINESS_ATTRIBUTES = [
  { slug: "step-free-entrance", label: "Step-free entrance" },
  { slug: "wheelchair-accessible-washroom", label: "Wheelchair-accessible washroom" },
  { slug: "accessible-parking-nearby", label: "Accessible parking nearby" },
  { slug: "hearing-loop", label: "Hearing loop" },
  { slug: "gender-neutral-washroom", label: "Gender-neutral washroom" },
  { slug: "free-wifi", label: "Free Wi-Fi" },
  { slug: "patio", label: "Patio" },
  { slug: "pets-welcome", label: "Pets welcome" },
  { slug: "family-friendly-washroom", label: "Family-friendly washroom" },
] as const;

export type AttributeSlug = (typeof BUSINESS_ATTRIBUTES)[number]["slug"];
export const ATTRIBUTE_SLUGS = BUSINESS_ATTRIBUTES.map((a) => a.slug) as [AttributeSlug, ...AttributeSlug[]];

const ORDER = new Map<string, number>(ATTRIBUTE_SLUGS.map((slug, i) => [slug, i]));
const LABELS = new Map<string, string>(BUSINESS_ATTRIBUTES.map((a) => [a.slug, a.label]));

export const attributeLabel = (slug: string): string => LABELS.get(slug) ?? slug;
export const isAttribute = (slug: string): slug is AttributeSlug => ORDER.has(slug);

/** Each once, in the list's order, so two sets compare as equal text. */
export function ordered(slugs: Iterable<string>): AttributeSlug[] {
  return [...new Set(slugs)].filter(isAttribute).sort((a, b) => ORDER.get(a)! - ORDER.get(b)!);
}

export const unknownAttributeMessage = (slugs: readonly string[]) =>
  `Unknown attribute${slugs.length === 1 ? "" : "s"}: ${slugs.join(", ")}. Known attributes: ${ATTRIBUTE_SLUGS.join(", ")}.`;

/** The stored form (JSON text of slugs); none when absent or unreadable, and slugs no longer listed are left out. */
export function readAttributes(text: string | null | undefined): AttributeSlug[] {
  if (!text) return [];
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? ordered(value.filter((v): v is string => typeof v === "string")) : [];
  } catch {
    return [];
  }
}

export const storeAttributes = (slugs: Iterable<string>): string => JSON.stringify(ordered(slugs));
