// Opening hours as the database keeps them: the structured form as JSON text, null when none are given.
import { OpeningHoursInputSchema, toOsm, type OpeningHours, type OpeningHoursView } from "#shared/schemas/opening-hours.ts";

/** The stored structured hours; null when none are stored or they cannot be read. */
export function parseStoredHours(text: string | null): OpeningHours | null {
  if (!text) return null;
  try {
    const parsed = OpeningHoursInputSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The stored hours with their `opening_hours` text. */
export function readStoredHours(text: string | null): OpeningHoursView | null {
  const hours = parseStoredHours(text);
  return hours && { ...hours, osm: toOsm(hours) };
}

export function storeHours(hours: OpeningHours | null): string | null {
  return hours ? JSON.stringify(hours) : null;
}

/** The structured form without its text. */
export function structuredOf(hours: OpeningHoursView | null): OpeningHours | null {
  if (!hours) return null;
  const { osm: _osm, ...structured } = hours;
  return structured;
}
