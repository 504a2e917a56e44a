// What a QR code read at the door stands for: one of this list's registrations with its code, or why not.
import { checkInMessages } from "#shared/schemas/check-in.ts";
import { parseRegistrationQr, type Attendee } from "#shared/schemas/registration.ts";

export type ScannedCode = { attendee: Attendee; code: string } | { refusal: string };

export function scannedCode(text: string, byId: ReadonlyMap<string, Attendee>): ScannedCode {
  const read = parseRegistrationQr(text);
  if (!read) return { refusal: checkInMessages.notNiche };
  const attendee = byId.get(read.id);
  // A registration of another event or date is not on this page's list (and its code is checked by the server anyway).
  if (!attendee) return { refusal: checkInMessages.otherEvent };
  return { attendee, code: read.checkInCode };
}
