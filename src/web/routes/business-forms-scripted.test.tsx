// @vitest-environment jsdom
// "Is this your business?" and "Suggest an edit": each form comes drawn from the server, but only its script sends it
// (the claim sent without it would put the person's phone number in the address; the suggestion needs its proof of
// work), so its button is on only once that script runs.
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { render, waitFor } from "#tests/setup/dom.ts";
import ClaimForm from "../features/owners/claim-form.tsx";
import SuggestEditForm from "../features/listings/suggest-edit-form.tsx";

// ALTCHA's widget left out: it would define itself in the registry the unit tests' worker shares.
vi.mock("#web/components/ui/proof-of-work.tsx", () => ({ useProofOfWork: () => ({ widget: null, take: async () => "solved" }) }));

const forms = [
  ["the claim form", () => <ClaimForm businessId="b1" businessName="Maple Bakery" />],
  ["the suggestion form", () => <SuggestEditForm businessId="b1" businessName="Maple Bakery" />],
] as const;

describe("a business page's forms for visitors", () => {
  for (const [name, form] of forms) {
    it(`${name} comes from the server with its button off, and turns it on once its script runs`, async () => {
      const sent = renderToString(form());
      expect(sent).toMatch(/<button type="submit"[^>]* disabled=""/);
      const page = await render(form());
      const button = await waitFor(() => page.querySelector<HTMLButtonElement>('button[type="submit"]:not([disabled])'));
      expect(button?.disabled).toBe(false);
    });
  }
});
