// Field rules shared by the admin forms of events, posts and offers.
import { z } from "zod";

/** An optional http(s) address: empty becomes null; any other scheme (javascript:, data:) is refused. */
export function optionalWebAddress(invalid: string) {
  return z
    .union([z.literal(""), z.url({ protocol: /^https?$/, error: invalid }).max(2000)], { error: invalid })
    .nullish()
    .transform((value) => value || null);
}

/** Said beside a date and time given without its zone (an API client's "2026-12-04T18:00"), which any clock could read. */
export const TIMESTAMP_ZONE_MISSING = "Give the date and time with its zone, as Z or an offset such as 2026-12-04T18:00:00-05:00.";

// An ISO 8601 date and time with its zone, in years 0000–9999 (the forms send `toISOString()`'s).
const ZONED_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;
const readable = (value: string) => !Number.isNaN(Date.parse(value));

/** A required date and time with its zone; stored as ISO in UTC. */
export function timestampInput(required: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .refine((value) => ZONED_TIMESTAMP.test(value) || !readable(value), { error: TIMESTAMP_ZONE_MISSING })
    .refine(readable, { error: required })
    .transform((value) => new Date(value).toISOString());
}

/** An optional date and time with its zone: empty becomes null; anything else that is not one is refused with `invalid`. */
export function optionalTimestamp(invalid: string) {
  return z
    .string({ error: invalid })
    .trim()
    .nullish()
    .refine((value) => !value || ZONED_TIMESTAMP.test(value) || !readable(value), { error: TIMESTAMP_ZONE_MISSING })
    .refine((value) => !value || readable(value), { error: invalid })
    .transform((value) => (value ? new Date(value).toISOString() : null));
}

/** A checkbox: true or false from API clients, "on" (or nothing) from a form. */
export const checkbox = z
  .union([z.boolean(), z.stringbool()])
  .nullish()
  .transform((value) => value ?? false);

/** A list as API clients send it, or its JSON as a form's one hidden field carries it ("" is an empty list). */
export function jsonListInput(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (text === "") return [];
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return value;
  }
}
