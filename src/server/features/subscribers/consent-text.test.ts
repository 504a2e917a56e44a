// The consent recorded with a subscription is the text the form showed: the form reads it from the `subscribe`
// catalog, the server records it from there too, and English stays the words recorded before catalogs existed.
import { describe, expect, it } from "vitest";
import en from "#shared/i18n/locales/en/subscribe.json" with { type: "json" };
import fr from "#shared/i18n/locales/fr/subscribe.json" with { type: "json" };
import { CONSENT_TEXT } from "#shared/schemas/subscription.ts";
import { consentText } from "./subscription.service.ts";

describe("the consent's words", () => {
  it("are in English exactly the words recorded before, and what the English form shows", async () => {
    expect(en.consent).toBe(CONSENT_TEXT);
    expect(await consentText("en")).toBe(CONSENT_TEXT);
  });

  it("are in French what the French form shows", async () => {
    expect(await consentText("fr")).toBe(fr.consent);
    expect(fr.consent).toMatch(/^J’accepte de recevoir l’infolettre/);
  });
});
