// The pages the subscribers' mails open, in the page's language: /fr/subscribe/confirm and /fr/subscribe/preferences
// speak French (headings, buttons, every message they can show, the errors beside the topics) and keep their links in
// French; the English pages keep their words; a return after leaving records the consent in the page's language; a
// List-Unsubscribe link opened in a browser leads to the subscriber's language's page.
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useActionData, useLoaderData } from "react-router";
import { JSDOM } from "jsdom";
import { beforeAll, describe, expect, it } from "vitest";
import { newId } from "#server/db/ids.ts";
import { subscriberToken } from "#server/features/subscribers/subscription-links.ts";
import { createI18n, prefixOf, type Language } from "#shared/i18n/index.ts";
import { errorTranslator } from "#shared/i18n/errors/error-text.ts";
import { CONSENT_TEXT, subscriptionMessages } from "#shared/schemas/subscription.ts";
import { ORIGIN, setUpTestApp } from "#tests/setup/app.ts";
import { appContextFor } from "#tests/setup/translated-listings.ts";
import SubscribeConfirm, { action as confirmAction } from "#web/routes/subscribe-confirm.tsx";
import SubscriptionPreferences, { action as preferencesAction, loader as preferencesLoader } from "#web/routes/subscribe-preferences.tsx";
import en from "#shared/i18n/locales/en/subscribe.json" with { type: "json" };
import fr from "#shared/i18n/locales/fr/subscribe.json" with { type: "json" };

const t = setUpTestApp();

beforeAll(async () => {
  await errorTranslator("fr");
});

type Route = { loader?: unknown; action?: unknown; Component: ComponentType<never> };

/** The page with its data as the framework passes it. */
const withData = (Page: ComponentType<never>) =>
  function Framed() {
    return createElement(Page as ComponentType<{ loaderData: unknown; actionData: unknown }>, { loaderData: useLoaderData(), actionData: useActionData() });
  };

/** `route` at `path` as the server renders it (a form posted to it when `form` is given), under a root that says the language. */
async function open(route: Route, path: string, form?: Record<string, string | string[]>) {
  const url = new URL(`${ORIGIN}${path}`);
  const language: Language = prefixOf(url.pathname) ?? "en";
  const handler = createStaticHandler([
    { id: "root", path: "/", loader: () => ({ language, languages: ["en", "fr"], defaultLanguage: "en" }), children: [{ id: "page", path: url.pathname.slice(1), loader: route.loader as never, action: route.action as never, Component: withData(route.Component) }] },
  ]);
  let body: URLSearchParams | undefined;
  if (form) {
    body = new URLSearchParams();
    for (const [name, value] of Object.entries(form)) for (const one of [value].flat()) body.append(name, one);
  }
  const routerContext = await handler.query(new Request(url, body ? { method: "POST", body } : {}), { requestContext: appContextFor(t) as never });
  if (routerContext instanceof Response) throw new Error("redirected");
  const router = createStaticRouter(handler.dataRoutes, routerContext);
  const i18n = await createI18n(language, ["common", "public", "subscribe"]);
  const html = renderToString(createElement(I18nextProvider, { i18n }, createElement(StaticRouterProvider, { router, context: routerContext })));
  return new JSDOM(html).window.document;
}

const text = (document: Document, selector: string) => [...document.querySelectorAll(selector)].map((e) => e.textContent!.replace(/\s+/g, " ").trim());
const confirmPage = { action: confirmAction, Component: SubscribeConfirm as ComponentType<never> };
const preferencesPage = { loader: preferencesLoader, action: preferencesAction, Component: SubscriptionPreferences as ComponentType<never> };

async function subscriber(state: "pending" | "confirmed" | "unsubscribed", language: Language | null = "fr") {
  const email = `lecteur-${newId(6).toLowerCase()}@example.test`;
  const stored = await t.services.subscriberRepository.insert({ email, state, topics: ["events"], language });
  return { email, confirm: subscriberToken(stored, "confirm"), manage: encodeURIComponent(subscriberToken(stored, "manage")), id: stored.id };
}

describe("the confirmation page", () => {
  it("asks and confirms in French on /fr/, its link to the preferences staying French", async () => {
    const person = await subscriber("pending");
    const path = `/fr/subscribe/confirm?token=${encodeURIComponent(person.confirm)}`;
    const asked = await open(confirmPage, path);
    expect(text(asked, "h1")).toEqual(["Confirmez votre abonnement"]);
    expect(text(asked, "main p, section p")).toContain("Confirmez que vous voulez recevoir l’infolettre à cette adresse. Vous pouvez vous désabonner en tout temps.");
    expect(text(asked, "button")).toEqual(["Confirmer mon abonnement"]);

    const done = await open(confirmPage, path, {});
    expect(text(done, '[role="status"]')).toEqual([`Merci : ${person.email} est abonné à l’infolettre.`]);
    const link = done.querySelector<HTMLAnchorElement>("section a")!;
    expect(link.textContent).toBe("Choisir vos sujets ou vous désabonner");
    expect(link.getAttribute("href")).toMatch(/^\/fr\/subscribe\/preferences\?token=/);
    expect((await t.services.subscriberRepository.findById(person.id))!.state).toBe("confirmed");
  });

  it("says a link that is no longer valid in French on /fr/, and in the English words on the English page", async () => {
    const refused = await open(confirmPage, "/fr/subscribe/confirm?token=nobody.nothing", {});
    expect(text(refused, '[role="alert"]')).toEqual(["Ce lien de confirmation n’est plus valide. Abonnez-vous de nouveau et ouvrez le lien du nouveau message."]);
    const english = await open(confirmPage, "/subscribe/confirm?token=nobody.nothing", {});
    expect(text(english, "h1")).toEqual(["Confirm your subscription"]);
    expect(text(english, '[role="alert"]')).toEqual([subscriptionMessages.confirmInvalid]);
    expect(text(english, "button")).toEqual(["Confirm my subscription"]);
  });

  it("confirms in the English words on the English page", async () => {
    const person = await subscriber("pending", "en");
    const done = await open(confirmPage, `/subscribe/confirm?token=${encodeURIComponent(person.confirm)}`, {});
    expect(text(done, '[role="status"]')).toEqual([`Thank you: ${person.email} is subscribed to the newsletter.`]);
    expect(done.querySelector("section a")!.getAttribute("href")).toMatch(/^\/subscribe\/preferences\?token=/);
    expect(text(done, "section a")).toEqual(["Choose your topics or unsubscribe"]);
  });
});

describe("the preferences page", () => {
  it("shows the subscription, its topics and its buttons in French on /fr/", async () => {
    const person = await subscriber("confirmed");
    const page = await open(preferencesPage, `/fr/subscribe/preferences?token=${person.manage}`);
    expect(text(page, "h1, h2")).toEqual(["Préférences d’infolettre", "Mettre en pause ou se désabonner"]);
    expect(text(page, "section > p").join(" ")).toContain(`Pour ${person.email}. Vous êtes abonné.`);
    expect(text(page, "legend")[0]).toBe("Sujets");
    expect(text(page, "label")).toEqual(expect.arrayContaining(["Événements", "Offres", "Nouvelles"]));
    expect(text(page, "button")).toEqual(["Enregistrer les sujets", "Mettre l’infolettre en pause", "Se désabonner"]);
  });

  it("says the outcome of each button, and the error beside the topics, in French", async () => {
    const person = await subscriber("confirmed");
    const path = `/fr/subscribe/preferences?token=${person.manage}`;
    const none = await open(preferencesPage, path, { intent: "topics" });
    expect(text(none, "#topics-error")).toEqual(["Choisissez au moins un sujet."]);
    const saved = await open(preferencesPage, path, { intent: "topics", topics: ["news", "offers"] });
    expect(text(saved, '[role="status"]')).toEqual(["Vos préférences sont enregistrées."]);
    const paused = await open(preferencesPage, path, { intent: "pause" });
    expect(text(paused, "section > p").join(" ")).toContain("Votre abonnement est en pause : nous ne vous envoyons rien avant que vous le repreniez.");
    expect(text(paused, "button")).toContain("Reprendre l’infolettre");
    const left = await open(preferencesPage, path, { intent: "leave" });
    expect(text(left, '[role="status"]')).toEqual(["Vous êtes désabonné : vous ne recevrez plus d’infolettres."]);
    expect(text(left, "button")).toEqual(["Enregistrer les sujets", "S’abonner de nouveau"]);
  });

  it("records the consent of a return after leaving in the words of the page's language", async () => {
    const french = await subscriber("unsubscribed", "en");
    await open(preferencesPage, `/fr/subscribe/preferences?token=${french.manage}`, { intent: "resume" });
    const english = await subscriber("unsubscribed", "fr");
    await open(preferencesPage, `/subscribe/preferences?token=${english.manage}`, { intent: "resume" });
    const consents = async (id: string) => ((await t.services.subscriberRepository.consentsOf([id])).get(id) ?? []).map(({ source, text }) => ({ source, text }));
    expect(await consents(french.id)).toEqual([{ source: "preferences", text: fr.consent }]);
    expect(await consents(english.id)).toEqual([{ source: "preferences", text: CONSENT_TEXT }]);
    expect(en.consent).toBe(CONSENT_TEXT);
  });

  it("says a link that is no longer valid in French, with the French sign-up as the way back", async () => {
    const page = await open(preferencesPage, "/fr/subscribe/preferences?token=nobody.nothing");
    expect(text(page, '[role="alert"]')).toEqual(["Ce lien n’est plus valide. Utilisez le lien du dernier message que vous avez reçu de notre part."]);
    expect(page.querySelector("section a")!.getAttribute("href")).toBe("/fr/subscribe");
    expect(text(page, "section a")).toEqual(["S’abonner de nouveau"]);
  });

  it("keeps the English words on the English page", async () => {
    const person = await subscriber("confirmed", "en");
    const path = `/subscribe/preferences?token=${person.manage}`;
    const page = await open(preferencesPage, path);
    expect(text(page, "h1, h2")).toEqual(["Newsletter preferences", "Pause or leave"]);
    expect(text(page, "section > p").join(" ")).toContain(`For ${person.email}. You are subscribed.`);
    expect(text(page, "button")).toEqual(["Save topics", "Pause the newsletter", "Unsubscribe"]);
    expect(text(await open(preferencesPage, path, { intent: "topics" }), "#topics-error")).toEqual([subscriptionMessages.noTopics]);
    expect(text(await open(preferencesPage, path, { intent: "leave" }), '[role="status"]')).toEqual([subscriptionMessages.left]);
    const gone = await open(preferencesPage, "/subscribe/preferences?token=nobody.nothing");
    expect(text(gone, '[role="alert"]')).toEqual([subscriptionMessages.linkInvalid]);
    expect(gone.querySelector("section a")!.getAttribute("href")).toBe("/subscribe");
  });
});

describe("a List-Unsubscribe link opened in a browser", () => {
  it("leads to the preferences page in the subscriber's language", async () => {
    const french = await subscriber("confirmed", "fr");
    const opened = await t.request(`/api/v1/subscriptions/unsubscribe?token=${french.manage}`);
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe(`/fr/subscribe/preferences?token=${french.manage}`);
    const english = await subscriber("confirmed", "en");
    expect((await t.request(`/api/v1/subscriptions/unsubscribe?token=${english.manage}`)).headers.get("location")).toBe(`/subscribe/preferences?token=${english.manage}`);
    expect((await t.request("/api/v1/subscriptions/unsubscribe?token=x.y")).headers.get("location")).toBe("/subscribe/preferences?token=x.y");
  });
});
