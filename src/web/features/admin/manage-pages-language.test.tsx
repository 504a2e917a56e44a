// @vitest-environment jsdom
// Site settings, Newsletters and Insights in the administrator's language, through each tab's real loader (and Site
// settings' action) against a stand-in API: in French for a French page, and exactly today's English otherwise.
import type { ReactElement } from "react";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createI18n, type Language } from "#shared/i18n/index.ts";
import type { InsightOverview } from "#shared/schemas/insights.ts";
import type { Newsletter } from "#shared/schemas/newsletter.ts";
import { siteSettingsWith } from "#tests/fixtures/site-settings.ts";
import { accessibleName, click, getButton, render, waitFor } from "#tests/setup/dom.ts";
import { stubApi } from "#tests/setup/upload-fakes.ts";
import AdminInsights, { clientLoader as insightsLoader } from "#web/routes/admin-insights.tsx";
import AdminNewsletters, { clientLoader as newslettersLoader } from "#web/routes/admin-newsletters.tsx";
import AdminSiteSettings, { clientAction as siteSettingsAction, clientLoader as siteSettingsLoader } from "#web/routes/admin-site-settings.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.lang = "";
});

type StubRoute = Parameters<typeof createRoutesStub>[0][number];

/** Opens `path` as a page in `language` does: the page's i18next instance with its catalogs, `<html lang>` set. */
async function open(language: Language, path: string, route: Omit<StubRoute, "path">): Promise<HTMLElement> {
  document.documentElement.lang = language;
  const i18n = await createI18n(language, ["common", "manage"]);
  const Stub = createRoutesStub([{ path: path.split("?")[0]!, HydrateFallback: () => null, ...route }]);
  const element: ReactElement = (
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={[path]} />
    </I18nextProvider>
  );
  const page = await render(element);
  await waitFor(() => page.querySelector("h2"));
  return page;
}

const texts = (page: ParentNode, selector: string) => [...page.querySelectorAll(selector)].map((element) => accessibleName(element));

describe("Site settings", () => {
  const openSettings = (language: Language) => {
    const api = stubApi({ answers: { "/site-settings": siteSettingsWith() }, save: "/site-settings" });
    return {
      api,
      page: open(language, "/admin/site-settings", {
        Component: AdminSiteSettings,
        loader: () => siteSettingsLoader(),
        action: (args) => siteSettingsAction(args as Parameters<typeof siteSettingsAction>[0]),
      }),
    };
  };

  it("is in French on a French page, and says so once saved", async () => {
    const page = await openSettings("fr").page;
    expect(texts(page, "h2")).toEqual(["Paramètres du site"]);
    expect(texts(page, "label")).toEqual(
      expect.arrayContaining(["Nom de l'association", "Slogan", "Adresse postale", "Courriel général", "Fuseau horaire", "Jour du résumé", "Heure du résumé", "Langue par défaut"]),
    );
    expect(texts(page, "legend")).toEqual(expect.arrayContaining(["Centre et zoom de la carte", "Résumé hebdomadaire", "Inscriptions aux événements", "Photos d'accueil", "Commanditaires"]));
    expect(texts(page, "select[name=digestWeekday] option")).toEqual(["Lundi", "Mardi", "Mercredi", "Jeudi", "Vendredi", "Samedi", "Dimanche"]);
    expect(texts(page, "button")).toEqual(["Ajouter une photo d'accueil (0 sur 6)", "Ajouter un commanditaire (0 sur 50)", "Enregistrer les paramètres du site"]);
    await click(getButton(page, "Enregistrer les paramètres du site"));
    expect(await waitFor(() => page.querySelector('[role="status"]')?.textContent)).toBe("Paramètres du site enregistrés.");
  });

  it("is today's English on an English page", async () => {
    const page = await openSettings("en").page;
    expect(texts(page, "h2")).toEqual(["Site settings"]);
    expect(texts(page, "label")).toEqual(
      expect.arrayContaining(["Association name", "Tagline", "Mailing address", "General email", "Time zone", "Digest day", "Digest time", "Ask owners to check their listing every (days)", "Default language"]),
    );
    expect(texts(page, "legend")).toEqual(expect.arrayContaining(["Map centre and zoom", "Weekly digest", "Event registrations", "Hero photos", "Sponsors"]));
    expect(texts(page, "select[name=digestWeekday] option")).toEqual(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]);
    expect(texts(page, "button")).toEqual(["Add a hero photo (0 of 6)", "Add a sponsor (0 of 50)", "Save site settings"]);
    await click(getButton(page, "Save site settings"));
    expect(await waitFor(() => page.querySelector('[role="status"]')?.textContent)).toBe("Site settings saved.");
  });
});

describe("Newsletters", () => {
  const sent: Newsletter = {
    id: "n1",
    kind: "newsletter",
    subject: "Winter on Queen Street",
    body: "<p>Hello</p>",
    cards: [],
    topics: [],
    status: "sent",
    sendAt: "2026-11-20T14:00:00.000Z",
    period: null,
    createdAt: "2026-11-19T14:00:00.000Z",
    updatedAt: "2026-11-20T14:00:00.000Z",
    counts: { queued: 0, sent: 1234, failed: 2, notSent: 0 },
  };
  const openNewsletters = (language: Language) => {
    stubApi({
      answers: {
        "/newsletters": { items: [sent] },
        "/newsletter-digest": { period: "2026-11-30T13:00:00.000Z", introduction: "", skipped: false },
        "/categories": [{ id: "food", name: "Food" }],
        "/events": [],
        "/offers": [],
        "/site-settings": siteSettingsWith(),
      },
      save: "/newsletters",
    });
    return open(language, "/admin/newsletters", { Component: AdminNewsletters, loader: () => newslettersLoader() });
  };

  it("is in French on a French page", async () => {
    const page = await openNewsletters("fr");
    expect(texts(page, "h2")).toEqual(["Infolettres (1)"]);
    expect(texts(page, "h3")).toEqual(["Prochain résumé hebdomadaire"]);
    expect(texts(page, "th")).toEqual(["Objet", "État", "Envoi prévu ou fait", "Messages"]);
    expect(texts(page, "tbody td")).toEqual(expect.arrayContaining(["Envoyée", "0 en attente · 1234 envoyés · 2 en échec"]));
    expect(texts(page, "legend")).toEqual(["Aperçu pour un abonné de"]);
    expect(texts(page, "fieldset label")).toEqual(["Événements", "Offres", "Nouvelles", "Food"]);
    expect(texts(page, "button")).toEqual(expect.arrayContaining(["Rédiger une infolettre", "Enregistrer le résumé", "Voir l'aperçu du résumé"]));
  });

  it("is today's English on an English page", async () => {
    const page = await openNewsletters("en");
    expect(texts(page, "h2")).toEqual(["Newsletters (1)"]);
    expect(texts(page, "h3")).toEqual(["Next weekly digest"]);
    expect(texts(page, "th")).toEqual(["Subject", "Status", "Goes or went", "Messages"]);
    expect(texts(page, "tbody td")).toEqual(expect.arrayContaining(["Sent", "0 queued · 1234 sent · 2 failed"]));
    expect(texts(page, "legend")).toEqual(["Preview for a subscriber of"]);
    expect(texts(page, "fieldset label")).toEqual(["Events", "Offers", "News", "Food"]);
    expect(texts(page, "button")).toEqual(expect.arrayContaining(["Write a newsletter", "Save digest", "Preview the digest"]));
  });

  it("writes a newsletter in French: its form's labels and the cards' choices", async () => {
    const page = await openNewsletters("fr");
    await click(getButton(page, "Rédiger une infolettre"));
    expect(texts(page, "h3")).toEqual(expect.arrayContaining(["Nouvelle infolettre"]));
    expect(texts(page, "legend")).toEqual(expect.arrayContaining(["Cartes après le texte", "Envoyer aux abonnés de (aucun choix : tous les abonnés)"]));
    expect(texts(page, "select option")).toEqual(expect.arrayContaining(["Événement", "Offre", "Commerce", "Choisir…"]));
    expect(texts(page, "button")).toEqual(expect.arrayContaining(["Enregistrer l'infolettre", "Ajouter la carte", "Fermer"]));
  });
});

describe("Insights", () => {
  const overview: InsightOverview = {
    from: "2026-11-01",
    to: "2026-11-03",
    days: ["2026-11-01", "2026-11-02", "2026-11-03"],
    visits: [0, 1200, 34],
    tables: { businesses: [{ name: "Bakery", count: 1500 }], categories: [], tags: [], events: [], offers: [], "missed-searches": [{ name: "tacos", count: 3 }] },
  };
  const openInsights = (language: Language) => {
    stubApi({ answers: { "/insights": overview }, save: "/insights" });
    return open(language, "/admin/insights", { Component: AdminInsights, loader: (args) => insightsLoader(args as Parameters<typeof insightsLoader>[0]) });
  };

  it("is in French on a French page, its days and figures written the French way", async () => {
    const page = await openInsights("fr");
    expect(texts(page, "h2")).toEqual(["Statistiques"]);
    expect(texts(page, "nav a")).toEqual(["30 derniers jours", "90 derniers jours", "365 derniers jours"]);
    expect(texts(page, "h3")).toEqual([
      "Visites par jour (1 234 pages vues)",
      "Recherché sans résultat",
      "Commerces les plus consultés",
      "Catégories les plus consultées",
      "Étiquettes les plus consultées",
      "Événements les plus consultés",
      "Offres les plus consultées",
    ]);
    expect(texts(page, "details tbody th")).toEqual(["2 novembre 2026", "3 novembre 2026"]);
    expect(texts(page, "td")).toEqual(expect.arrayContaining(["1 200", "1 500"]));
    expect(texts(page, "caption")).toEqual(expect.arrayContaining(["Commerces les plus consultés, du 1er novembre 2026 au 3 novembre 2026"]));
    expect(texts(page, "a[download]")).toEqual(expect.arrayContaining(["Exporter en CSV : commerces les plus consultés"]));
  });

  it("is today's English on an English page", async () => {
    const page = await openInsights("en");
    expect(texts(page, "h2")).toEqual(["Insights"]);
    expect(texts(page, "nav a")).toEqual(["Last 30 days", "Last 90 days", "Last 365 days"]);
    expect(texts(page, "h3")).toEqual([
      "Visits by day (1234 page views)",
      "Searched for and not found",
      "Businesses looked at most",
      "Categories looked at most",
      "Tags looked at most",
      "Events looked at most",
      "Offers looked at most",
    ]);
    expect(texts(page, "details tbody th")).toEqual(["2026-11-02", "2026-11-03"]);
    expect(texts(page, "td")).toEqual(expect.arrayContaining(["1200", "1500"]));
    expect(texts(page, "caption")).toEqual(expect.arrayContaining(["Businesses looked at most, 2026-11-01 to 2026-11-03"]));
    expect(texts(page, "a[download]")).toEqual(expect.arrayContaining(["Export CSV of businesses looked at most"]));
  });
});
