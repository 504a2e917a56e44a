// Categories, tags and businesses with French translations, and a page rendered as the server renders it, for the
// tests of the French category, tag and map pages.
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createStaticHandler, createStaticRouter, RouterContextProvider, StaticRouterProvider } from "react-router";
import { JSDOM } from "jsdom";
import { expect } from "vitest";
import { createBusiness, createCategory, createEvent, createOffer, createTag } from "#server/db/factories.ts";
import type { createI18n } from "#shared/i18n/index.ts";
import { appContext } from "#web/lib/app-context.ts";
import { ORIGIN, type setUpTestApp } from "./app.ts";

type TestApp = ReturnType<typeof setUpTestApp>;

/**
 * Bakeries (French name and description), Florists (French name only), Vegan (French name) and Patio (none);
 * Stone Oven (French description, tagged Vegan) and Rye House (none) are bakeries.
 */
export async function translatedListings(t: TestApp): Promise<void> {
  const admin = await t.signIn("admin");
  const db = t.database.db;
  const bakeries = await createCategory(db, { name: "Bakeries", description: "Bread every morning." });
  const florists = await createCategory(db, { name: "Florists", description: "Flowers for all." });
  const vegan = await createTag(db, { name: "Vegan" });
  await createTag(db, { name: "Patio" });
  const oven = await createBusiness(db, { name: "Stone Oven", categoryId: bakeries.id, description: "Sourdough loaves." });
  await createBusiness(db, { name: "Rye House", categoryId: bakeries.id, description: "Dark rye." });
  await db.insertInto("business_tag").values({ businessId: oven.id, tagId: vegan.id }).execute();
  const put = async (path: string, json: unknown) => expect((await t.request(path, { method: "PUT", json, cookie: admin.cookie })).status).toBe(200);
  await put(`/api/v1/categories/${bakeries.id}`, { name: "Bakeries", description: "Bread every morning.", color: bakeries.color, translations: { fr: { name: "Boulangeries", description: "Du pain chaque matin." } } });
  // Florists keep only a French name: their description falls back to the English original.
  await put(`/api/v1/categories/${florists.id}`, { name: "Florists", description: "Flowers for all.", color: florists.color, translations: { fr: { name: "Fleuristes" } } });
  await put(`/api/v1/tags/${vegan.id}`, { name: "Vegan", translations: { fr: { name: "Végétalien" } } });
  const business = await (await t.request(`/api/v1/admin/businesses/${oven.id}`, { cookie: admin.cookie })).json() as { coordinates: { lat: number; lng: number }; tags: unknown };
  await put(`/api/v1/businesses/${oven.id}`, { name: "Stone Oven", categoryId: bakeries.id, description: "Sourdough loaves.", lat: business.coordinates.lat, lng: business.coordinates.lng, tags: business.tags, translations: { fr: { description: "Pains au levain." } } });
}

/** An event with a French name and description, one without, and an offer with a French description and one without. */
export async function translatedEventsAndOffers(t: TestApp) {
  const db = t.database.db;
  const soon = new Date(Date.now() + 7 * 86_400_000).toISOString();
  const market = await createEvent(db, { name: "Night market", description: "Food stalls until late.", eventDate: soon });
  const plain = await createEvent(db, { name: "Book swap", description: "Bring a book, take a book.", eventDate: soon });
  const deal = await createOffer(db, { description: "Two coffees for one." });
  const other = await createOffer(db, { description: "Free cookie." });
  await t.services.translations.write("event", market.id, { fr: { name: "Marché de nuit", description: "Kiosques de bouffe jusqu'à tard." } }, ["name", "description"]);
  await t.services.translations.write("offer", deal.id, { fr: { description: "Deux cafés pour le prix d'un." } }, ["description"]);
  return { market: market.id, plain: plain.id, deal: deal.id, other: other.id };
}

/** The app's context for a loader run outside a request, as an anonymous visitor. */
export function appContextFor(t: TestApp) {
  const context = new RouterContextProvider();
  context.set(appContext, { services: t.services, user: null, nonce: "", siteUrl: ORIGIN, reportError: () => {}, fetch: async (path, init) => t.app.request(`${ORIGIN}${path}`, init) });
  return context;
}

/** `Page` rendered at `url` as the server renders it, in `i18n`'s language. */
export async function renderAt(Page: ComponentType, url: URL, i18n: Awaited<ReturnType<typeof createI18n>>) {
  const handler = createStaticHandler([{ id: "page", path: url.pathname, Component: Page }]);
  const routerContext = await handler.query(new Request(url));
  if (routerContext instanceof Response) throw new Error("redirected");
  const router = createStaticRouter(handler.dataRoutes, routerContext);
  const html = renderToString(createElement(I18nextProvider, { i18n }, createElement(StaticRouterProvider, { router, context: routerContext })));
  return new JSDOM(html).window.document;
}

/** Each element's text and `lang`. */
export const shown = (document: Document, selector: string) =>
  [...document.querySelectorAll(selector)].map((element) => ({ text: element.textContent!.replace(/\s+/g, " ").trim(), lang: element.getAttribute("lang") }));
