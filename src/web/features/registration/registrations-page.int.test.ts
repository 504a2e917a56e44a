// The organizers' page of an event's registrations as the server renders it: its real loader on a test app, then the
// page in the language the loader chose. An administrator whose account is French reads it in French (the title,
// the date, the counts, the table and the forms); one who has chosen no language on an English site reads exactly
// today's English.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createStaticHandler, createStaticRouter, RouterContextProvider, StaticRouterProvider } from "react-router";
import { JSDOM } from "jsdom";
import { beforeAll, describe, expect, it } from "vitest";
import { createI18n } from "#shared/i18n/index.ts";
import { setUpTestApp, ORIGIN, type SignedIn } from "#tests/setup/app.ts";
import { appContext } from "#web/lib/app-context.ts";
import EventRegistrations, { loader, meta } from "#web/routes/event-registrations.tsx";

const t = setUpTestApp();
let french: SignedIn;
let english: SignedIn;
let eventId: string;

beforeAll(async () => {
  french = await t.signIn("admin");
  english = await t.signIn("admin");
  expect((await t.request("/api/v1/account/language", { method: "PUT", json: { language: "fr" }, cookie: french.cookie })).status).toBe(200);
  // Saturday 4 July 2071, 19:30–21:00 in Toronto.
  const json = { name: "Heritage walk", eventDate: "2071-07-04T23:30:00.000Z", endDate: "2071-07-05T01:00:00.000Z", location: "outdoor", outdoorLocationDescription: "Market Square" };
  const created = await t.request("/api/v1/events", { method: "POST", json, cookie: french.cookie });
  expect(created.status).toBe(201);
  eventId = ((await created.json()) as { id: string }).id;
  expect((await t.request(`/api/v1/events/${eventId}/registration`, { method: "PUT", json: { enabled: true, capacity: 10, maxPartySize: 4 }, cookie: french.cookie })).status).toBe(200);
  const guest = await t.signIn("user");
  expect((await t.request(`/api/v1/events/${eventId}/registrations`, { method: "POST", json: { name: "Pat Lee", email: guest.email, partySize: 2 }, cookie: guest.cookie })).status).toBe(201);
});

/** The page as `who` gets it: its document, and its title as the browser's tab shows it. */
async function pageOf(who: SignedIn, cookieHeader?: string) {
  const context = new RouterContextProvider();
  // The account as the app reads it for each request (its language included).
  const user = { ...who.user, language: (await (await t.request("/api/v1/account", { cookie: who.cookie })).json()).language };
  context.set(appContext, { services: t.services, user, nonce: "", siteUrl: ORIGIN, reportError: () => {}, fetch: async (path, init) => t.app.request(`${ORIGIN}${path}`, init) });
  const url = new URL(`${ORIGIN}/events/${eventId}/registrations`);
  const request = new Request(url, cookieHeader ? { headers: { cookie: cookieHeader } } : {});
  const loaderData = await loader({ context, request, url, pattern: "/events/:eventId/registrations", params: { eventId } } as Parameters<typeof loader>[0]);
  if (!("state" in loaderData) || loaderData.state !== "ok") throw new Error("no page");
  // The language the root loader gives the page is the one the route's loader wrote in: its date says which.
  const language = /juillet/.test(loaderData.when) ? "fr" : "en";
  const i18n = await createI18n(language, ["common", "manage", "ui"]);
  const Page = () => createElement(EventRegistrations, { loaderData, actionData: undefined } as unknown as Parameters<typeof EventRegistrations>[0]);
  const handler = createStaticHandler([{ id: "page", path: "/events/:eventId/registrations", Component: Page }]);
  const routerContext = await handler.query(new Request(url));
  if (routerContext instanceof Response) throw new Error("redirected");
  const router = createStaticRouter(handler.dataRoutes, routerContext);
  const html = renderToString(createElement(I18nextProvider, { i18n }, createElement(StaticRouterProvider, { router, context: routerContext })));
  const title = meta({ matches: [], loaderData } as unknown as Parameters<typeof meta>[0]).find((tag) => "title" in tag) as { title: string };
  return { document: new JSDOM(html).window.document, title: title.title };
}

const texts = (document: Document, selector: string) => [...document.querySelectorAll(selector)].map((element) => element.textContent!.replace(/\s+/g, " ").trim());
const labels = (document: Document) => texts(document, "label");

describe("the organizers' registrations page", () => {
  it("is in French for an administrator whose account is French", async () => {
    const { document, title } = await pageOf(french);
    expect(title).toBe("Inscriptions : Heritage walk | Niche");
    expect(texts(document, "h1")).toEqual(["Inscriptions : Heritage walk"]);
    expect(texts(document, "h1 + p a")).toEqual(["samedi 4 juillet 2071, 19 h 30 – 21 h HAE"]);
    expect(texts(document, "h2")).toEqual(["Qui vient", "Paramètres", "Écrire à toutes les personnes inscrites", "Annuler"]);
    expect(texts(document, '[data-testid="registration-counts"]')).toEqual(["2 confirmées sur 10 · 0 en attente · 0 arrivées · 0 annulées (places)"]);
    expect(texts(document, "th")).toEqual(["Nom", "Courriel", "Places", "État", "Arrivée"]);
    expect(texts(document, "tbody td")).toContain("Confirmée");
    expect(texts(document, "tbody td")).toContain("Non");
    expect(labels(document)).toEqual(expect.arrayContaining(["Accepter les inscriptions", "Places (vide : sans limite)", "Places par inscription", "Questions", "Objet", "Message"]));
    expect(texts(document, "button")).toEqual(expect.arrayContaining(["Enregistrer les paramètres", "Envoyer le message", "Annuler cette date"]));
    expect(texts(document, "a")).toEqual(expect.arrayContaining(["Télécharger le CSV", "Accueillir à la porte"]));
  });

  it("is exactly today's English for an administrator who has chosen no language", async () => {
    const { document, title } = await pageOf(english);
    expect(title).toBe("Registrations: Heritage walk | Niche");
    expect(texts(document, "h1")).toEqual(["Registrations: Heritage walk"]);
    expect(texts(document, "h1 + p a")).toEqual(["Saturday, July 4, 2071, 7:30 PM – 9:00 PM EDT"]);
    expect(texts(document, "h2")).toEqual(["Who comes", "Settings", "Message everyone registered", "Cancel"]);
    expect(texts(document, '[data-testid="registration-counts"]')).toEqual(["2 confirmed of 10 · 0 waiting · 0 checked in · 0 cancelled (places)"]);
    expect(texts(document, "th")).toEqual(["Name", "E-mail", "Places", "Status", "Checked in"]);
    expect(texts(document, "tbody td")).toContain("Confirmed");
    expect(texts(document, "tbody td")).toContain("No");
    expect(labels(document)).toEqual(expect.arrayContaining(["Take registrations", "Places (empty for no limit)", "Places per registration", "Questions", "Subject", "Message"]));
    expect(texts(document, "p")).toContain(
      'One question a line. For a choice, put the choices after it, each after a |: "Meal | Meat | Vegetarian". End a line with * for a question that needs an answer.',
    );
    expect(texts(document, "button")).toEqual(expect.arrayContaining(["Save settings", "Send message", "Cancel this date"]));
    expect(texts(document, "a")).toEqual(expect.arrayContaining(["Download CSV", "Check in at the door"]));
  });

  it("follows the browser's remembered language when the account has none", async () => {
    const { title } = await pageOf(english, "niche_lang=fr");
    expect(title).toBe("Inscriptions : Heritage walk | Niche");
  });
});
