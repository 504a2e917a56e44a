// Field rules shared by the admin forms of events, posts and offers.
import { z } from "zod";

/** An optional http(s) address: empty becomes null; any other scheme (javascript:, data:) is refused. */
export function optionalWebAddress(invalid: string) {
  return z
    .union([z.literal(""), z.url({ protocol: /^https?$/, error: invalid }).max(2000)], { error: invalid })
    .nullish()
    .transform((value) => value || null);
}

/** A required date and time in any form `Date` reads with its zone (the forms send ISO strings); stored as ISO. */
export function timestampInput(required: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .refine((value) => !Number.isNaN(Date.parse(value)), { error: required })
    .transform((value) => new Date(value).toISOString());
}

/** An optional date and time: empty becomes null; anything `Date` cannot read is refused with `invalid`. */
export function optionalTimestamp(invalid: string) {
  return z
    .string({ error: invalid })
    .trim()
    .nullish()
    .refine((value) => !value || !Number.isNaN(Date.parse(value)), { error: invalid })
    .transform((value) => (value ? new Date(value).toISOString() : null));
}

/** A checkbox: true or false from API clients, "on" (or nothing) from a form. */
export const checkbox = z
  .union([z.boolean(), z.stringbool()])
  .nullish()
  .transform((value) => value ?? false);
