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
