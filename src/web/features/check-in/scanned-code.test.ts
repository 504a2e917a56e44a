// A code held to the door's camera: this list's registration, a registration of another event, or not Niche's at all.
import { describe, expect, it } from "vitest";
import { registrationQrText, type Attendee } from "#shared/schemas/registration.ts";
import { scannedCode } from "./scanned-code.ts";

const pat: Attendee = { id: "pat1", date: null, name: "Pat Lee", email: "pat@example.com", partySize: 1, status: "confirmed", answers: {}, checkedInAt: null, createdAt: "2026-11-01T10:00:00.000Z" };
const list = new Map([[pat.id, pat]]);
const CODE = "abcdefghijklmnopqrstuvwxyz012345";

describe("a scanned code", () => {
  it("names this list's registration and its check-in code", () => {
    expect(scannedCode(registrationQrText({ id: "pat1", checkInCode: CODE }), list)).toEqual({ attendee: pat, code: CODE });
  });

  it("says when it is a registration of another event or date", () => {
    expect(scannedCode(registrationQrText({ id: "someoneelse", checkInCode: CODE }), list)).toEqual({ refusal: "This QR code is a registration for another event or date." });
  });

  it("says when it is not a registration of this site", () => {
    for (const text of ["https://example.com/ticket/123", "niche-registration:pat1", ""]) {
      expect(scannedCode(text, list)).toEqual({ refusal: "This QR code is not a registration of this site." });
    }
  });
});
