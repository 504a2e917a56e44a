// Formatting rules shared by server and browser (spec section 2, "Home").

/** "November 22, 2026", or "N/A" when there is no usable date. */
export function formatLongDate(value: string | Date | null | undefined, timeZone?: string): string {
  if (value === null || value === undefined || value === "") return "N/A";
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "N/A";
  return date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone });
}

/** Cuts text to `max` characters, adding an ellipsis only when something was cut. */
export function truncate(text: string | null | undefined, max: number): string {
  if (!text) return "";
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** "Arts & Crafts" → "arts-crafts": lowercase words joined by hyphens. */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** "coffee-shops" → "Coffee Shops": the spec's way back from a slug to a name. */
export function unslugify(slug: string): string {
  return slug
    .split("-")
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

/** The part of an email address before the @, the spec's default display name. */
export function defaultDisplayName(email: string): string {
  const at = email.indexOf("@");
  return at > 0 ? email.slice(0, at) : email;
}

export function authorName(name: string | null | undefined): string {
  return name?.trim() || "Unknown";
}

export function businessName(name: string | null | undefined): string {
  return name?.trim() || "A Business";
}
