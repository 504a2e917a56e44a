// @vitest-environment jsdom
// The newsletter's sign-up speaks the page's language: on a French page its label, topics, consent and button are
// French, and a refusal from the form's own check is told in French.
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createI18n } from "#shared/i18n/index.ts";
import { click, getButton, render, settle, waitFor } from "#tests/setup/dom.ts";
import { SubscribeForm } from "./subscribe-form.tsx";

afterEach(() => vi.unstubAllGlobals());

async function frenchFooter() {
  const i18n = await createI18n("fr", ["common", "subscribe"]);
  const Stub = createRoutesStub([{ id: "root", path: "/fr", loader: () => ({ language: "fr", languages: ["en", "fr"], defaultLanguage: "en" }), Component: () => <SubscribeForm variant="footer" />, HydrateFallback: () => null }]);
  const page = await render(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={["/fr"]} />
    </I18nextProvider>,
  );
  return waitFor(() => page.querySelector<HTMLFormElement>('form[aria-label="Abonnement à l’infolettre"]'));
}

describe("the newsletter's sign-up on a French page", () => {
  it("shows its words in French", async () => {
    const form = await frenchFooter();
    expect(form.querySelector("label")?.textContent).toBe("Votre courriel");
    expect(form.textContent).toContain("J’accepte de recevoir l’infolettre de l’association par courriel.");
    expect(form.querySelector("summary")?.textContent).toBe("Choisir les sujets");
    expect(getButton(form, "S’abonner")).toBeTruthy();
  });

  it("tells a wrong address in French and sends nothing", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    const form = await frenchFooter();
    const email = form.querySelector<HTMLInputElement>("input[type=email]")!;
    await settle(() => {
      email.value = "pas-une-adresse";
      form.noValidate = true;
    });
    await click(getButton(form, "S’abonner"));
    await waitFor(() => form.textContent?.includes("Entrez une adresse courriel, comme nom@exemple.com."));
    expect(fetch).not.toHaveBeenCalled();
  });
});
