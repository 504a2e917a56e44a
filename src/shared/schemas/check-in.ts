// Checking people in at an event's door: what the door's phone sends, what the server answers, and the texts both
// sides show.
import { z } from "zod";

export const checkInMessages = {
  codeMismatch: "This QR code does not belong to this registration.",
  atInvalid: "The time of the check-in must be a date and time with its zone.",
  cancelled: (name: string) => `${name}'s registration was cancelled: there is no place to check in.`,
  waitlisted: (name: string) => `${name} is on the waiting list and has no place yet.`,
  unconfirmed: (name: string) => `${name} has not confirmed their e-mail address yet, so they have no place.`,
  checkedIn: (name: string, partySize: number) => (partySize > 1 ? `${name} (party of ${partySize}) checked in.` : `${name} checked in.`),
  alreadyCheckedIn: (name: string, time: string) => `${name} was already checked in at ${time}.`,
  waiting: (name: string) => `${name}: check-in saved on this phone, waiting to be sent.`,
  undone: (name: string) => `${name}'s check-in was taken back.`,
  notNiche: "This QR code is not a registration of this site.",
  otherEvent: "This QR code is a registration for another event or date.",
  counts: (checkedIn: number, confirmed: number) => `${checkedIn} of ${confirmed} checked in`,
} as const;

/** What a check-in sends: the code read from the registration's QR code, if scanned, and when it was made. */
export const CheckInInputSchema = z.object({
  code: z.string().max(200).optional(),
  at: z.iso.datetime({ offset: true, error: checkInMessages.atInvalid }).optional(),
});
export type CheckInInput = z.input<typeof CheckInInputSchema>;

/** A registration after a check-in (or its undoing). */
export const CheckInSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  date: z.string().nullable(),
  name: z.string(),
  partySize: z.number().int(),
  checkedInAt: z.string().nullable(),
  /** True when this check-in found the registration checked in already: `checkedInAt` is the first one's. */
  alreadyCheckedIn: z.boolean(),
});
export type CheckIn = z.infer<typeof CheckInSchema>;
