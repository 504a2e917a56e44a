// @vitest-environment jsdom
// The newsletter's sign-up speaks the page's language: on a French page its label, topics, consent and button are
// French, and a refusal from the form's own check, or a sending that failed, is told in French.
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createI18n } from "#shared/i18n/index.ts";
import { click, getButton, render, settle, waitFor } from "#tests/setup/dom.ts";
import { subscriptionMessages } from "#shared/schemas/subscription.ts";
import { SubscribeForm } from "./subscribe-form.tsx";

// ALTCHA's widget needs a secure context jsdom does not have; the sign-up's journeys run the real one in Chromium.
vi.mock("#web/components/ui/proof-of-work.tsx", () => ({ useProofOfWork: () => ({ widget: null, take: async () => "solved" }) }));

afterEach(() => vi.unstubAllGlobals());

type Categories = Parameters<typeof SubscribeForm>[0]["categories"];

async function frenchForm(categories?: Categories) {
  const i18n = await createI18n("fr", ["common", "subscribe"]);
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/fr",
      loader: () => ({ language: "fr", languages: ["en", "fr"], defaultLanguage: "en" }),
      Component: () => <SubscribeForm variant={categories ? "page" : "footer"} categories={categories} />,
      HydrateFallback: () => null,
    },
  ]);
  const page = await render(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={["/fr"]} />
    </I18nextProvider>,
  );
  // The footer's form is named; the /subscribe page's (with the categories) is the page's one form.
  return waitFor(() => page.querySelector<HTMLFormElement>(categories ? "form" : 'form[aria-label="Abonnement à l’infolettre"]'));
}

describe("the newsletter's sign-up on a French page", () => {
  it("shows its words in French", async () => {
    const form = await frenchForm();
    expect(form.querySelector("label")?.textContent).toBe("Votre courriel");
    expect(form.textContent).toContain("J’accepte de recevoir l’infolettre de l’association par courriel.");
    expect(form.querySelector("summary")?.textContent).toBe("Choisir les sujets");
    expect(getButton(form, "S’abonner")).toBeTruthy();
  });

  it("tells a wrong address in French and sends nothing", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    const form = await frenchForm();
    const email = form.querySelector<HTMLInputElement>("input[type=email]")!;
    await settle(() => {
      email.value = "pas-une-adresse";
      form.noValidate = true;
    });
    await click(getButton(form, "S’abonner"));
    await waitFor(() => form.textContent?.includes("Entrez une adresse courriel, comme nom@exemple.com."));
    expect(fetch).not.toHaveBeenCalled();
  });

  it("names each category of business in French where it has a translation, else in its own language, marked", async () => {
    const form = await frenchForm([
      { id: "food", name: "Restaurants", translations: { fr: { name: "Restauration" } } },
      { id: "arts", name: "Arts & Culture" },
    ]);
    const label = (value: string) => form.querySelector(`input[value="category:${value}"]`)!.closest("label")!;
    expect(label("food").textContent).toBe("Restauration");
    expect(label("food").querySelector("[lang]")).toBeNull();
    expect(label("arts").textContent).toBe("Arts & Culture");
    expect(label("arts").querySelector("[lang]")?.getAttribute("lang")).toBe("en");
  });

  it.each([
    ["no answer from the server", () => Promise.reject(new TypeError("Failed to fetch")), "Le serveur est injoignable. Vérifiez votre connexion et réessayez."],
    ["an answer the page cannot read", () => Promise.resolve(new Response("<html>", { status: 200 })), "Un problème est survenu. Veuillez réessayer."],
  ])("tells %s in French beside the form, keeping the address typed", async (_, answer, told) => {
    vi.stubGlobal("fetch", vi.fn(answer));
    const form = await frenchForm();
    const email = form.querySelector<HTMLInputElement>("input[type=email]")!;
    await settle(() => {
      email.value = "lea@example.com";
    });
    await click(getButton(form, "S’abonner"));
    // The message is said in French once the page's catalog of messages has come.
    const alert = await waitFor(() => (form.querySelector('[role="alert"]')?.textContent === told ? form.querySelector('[role="alert"]') : null));
    expect(alert.textContent).toBe(told);
    expect(email.value).toBe("lea@example.com");
  });

  it("tells a refusal of what the page adds when sending (the proof of work) beside the form, in French, keeping the address typed", async () => {
    const refusal = { error: { code: "validation", message: subscriptionMessages.challengeFailed, fields: { altcha: subscriptionMessages.challengeFailed } } };
    vi.stubGlobal("fetch", vi.fn(async () => Response.json(refusal, { status: 400 })));
    const form = await frenchForm();
    const email = form.querySelector<HTMLInputElement>("input[type=email]")!;
    await settle(() => {
      email.value = "lea@example.com";
    });
    await click(getButton(form, "S’abonner"));
    const told = "Le formulaire n’a pas pu être vérifié. Attendez un moment et envoyez-le de nouveau.";
    const alert = await waitFor(() => (form.querySelector('[role="alert"]')?.textContent === told ? form.querySelector('[role="alert"]') : null));
    expect(alert.textContent).toBe(told);
    expect(getButton(form, "S’abonner")).toBeTruthy();
    expect(email.value).toBe("lea@example.com");
  });
});
