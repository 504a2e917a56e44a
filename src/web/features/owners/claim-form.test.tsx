// @vitest-environment jsdom
// "Is this your business?": the claim form comes drawn from the server, but only its script sends it (a form sent
// without it would put the person's phone number in the address), so its button is on only once that script runs.
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { render, waitFor } from "#tests/setup/dom.ts";
import ClaimForm from "./claim-form.tsx";

describe("the claim form", () => {
  it("comes from the server with its button off, and turns it on once its script runs", async () => {
    const sent = renderToString(<ClaimForm businessId="b1" businessName="Maple Bakery" />);
    expect(sent).toMatch(/<button type="submit"[^>]* disabled=""/);
    const page = await render(<ClaimForm businessId="b1" businessName="Maple Bakery" />);
    const button = await waitFor(() => page.querySelector<HTMLButtonElement>('button[type="submit"]:not([disabled])'));
    expect(button?.disabled).toBe(false);
  });
});
