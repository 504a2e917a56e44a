// What a QR code read at the door stands for: one of this list's registrations with its code, or why not.
import { checkInMessages } from "#shared/schemas/check-in.ts";
import { parseRegistrationQr, type Attendee } from "#shared/schemas/registration.ts";

export type ScannedCode = { attendee: Attendee; code: string } | { refusal: string };

/** `texts` says the refusals in the page's language (English by default). */
export function scannedCode(text: string, byId: ReadonlyMap<string, Attendee>, texts: { notNiche: string; otherEvent: string } = checkInMessages): ScannedCode {
  const read = parseRegistrationQr(text);
  if (!read) return { refusal: texts.notNiche };
  const attendee = byId.get(read.id);
  // A registration of another event or date is not on this page's list (and its code is checked by the server anyway).
  if (!attendee) return { refusal: texts.otherEvent };
  return { attendee, code: read.checkInCode };
}
