// French turned off in Site settings, over HTTP with the pages' own root loader, meta tags and language switcher: the
// French pages answer 404, and the English pages name no other language (no switcher, no hreflang alternates);
// turned on again, they are back.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { createStaticHandler, createStaticRouter, Outlet, RouterContextProvider, StaticRouterProvider, type MetaDescriptor } from "react-router";
import { I18nextProvider } from "react-i18next";
import type { RenderPage } from "#server/app.ts";
import { createBusiness } from "#server/db/factories.ts";
import { createI18n, prefixOf } from "#shared/i18n/index.ts";
import { appContext } from "#web/lib/app-context.ts";
import { loader as rootLoader } from "#web/root.tsx";
import { meta as mapMeta } from "#web/routes/map.tsx";
import { LanguageSwitcher } from "#web/components/layout/language-switcher.tsx";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";

// The root route as the page build declares it (its loader refuses a language the site does not offer), and the map's
// head and the header's switcher rendered from its data.
const page = () =>
  createElement("div", null, createElement(LanguageSwitcher), createElement(Outlet));
const routes = [
  {
    id: "root",
    path: "/",
    loader: (args: unknown) => rootLoader(args as Parameters<typeof rootLoader>[0]),
    Component: page,
    children: ["map", "fr", "fr/map", "business/:id", "fr/business/:id"].map((path) => ({ id: path, path, Component: () => null })),
  },
];
const handler = createStaticHandler(routes);
const renderPage: RenderPage = async (request, context) => {
  const requestContext = new RouterContextProvider();
  requestContext.set(appContext, context);
  const result = await handler.query(request, { requestContext });
  if (result instanceof Response) return result;
  if (result.statusCode !== 200) return new Response("Not found", { status: result.statusCode });
  const root = result.loaderData.root as { language: "en" | "fr" };
  const i18n = await createI18n(root.language, ["common"]);
  const body = renderToString(createElement(I18nextProvider, { i18n }, createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, result), context: result })));
  const head = (mapMeta as (args: unknown) => MetaDescriptor[])({ matches: [{ id: "root", loaderData: root }], loaderData: undefined, params: {} });
  const alternates = head.filter((tag) => "rel" in tag && tag.rel === "alternate").map((tag) => `<link rel="alternate" hreflang="${(tag as { hrefLang: string }).hrefLang}">`);
  return new Response(`<html lang="${root.language}"><head>${alternates.join("")}</head><body>${body}</body></html>`, { headers: { "Content-Type": "text/html" } });
};

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ renderPage });
  admin = (await t.signIn("admin")).cookie;
  return () => t.close();
});

async function turn(languages: string[]) {
  const current = await (await t.request("/api/v1/site-settings", { cookie: admin })).json();
  const response = await t.request("/api/v1/site-settings", { method: "PUT", json: { ...current, languages, defaultLanguage: "en" }, cookie: admin });
  expect(response.status).toBe(200);
}

describe("French turned off in Site settings", () => {
  it("takes the French pages away and every mention of French from the English ones, until it is turned on again", async () => {
    const business = await createBusiness(t.database.db, { name: "Boulangerie Éteinte" });
    const french = ["/fr", "/fr/map", `/fr/business/${business.id}`];
    const english = ["/map", `/business/${business.id}`];
    const read = async (path: string) => {
      const response = await t.request(path);
      return { path, status: response.status, html: response.status === 200 ? await response.text() : "" };
    };

    await turn(["en"]);
    try {
      for (const path of french) expect(await read(path)).toMatchObject({ path, status: 404 });
      for (const path of english) {
        const { status, html } = await read(path);
        expect([path, status]).toEqual([path, 200]);
        expect(html).toContain('lang="en"');
        expect(html).not.toContain("hreflang");
        expect(html).not.toContain("Français");
      }
    } finally {
      await turn(["en", "fr"]);
    }

    for (const path of french) {
      const { status, html } = await read(path);
      expect([path, status, prefixOf(path)]).toEqual([path, 200, "fr"]);
      expect(html).toContain('lang="fr"');
    }
    const map = await read("/map");
    expect(map.html).toContain('hreflang="fr"');
    expect(map.html).toContain('hreflang="x-default"');
    expect(map.html).toMatch(/<a [^>]*href="\/fr\/map"[^>]*>Français<\/a>/);
  });
});
