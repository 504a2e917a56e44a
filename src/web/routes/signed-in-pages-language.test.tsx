// @vitest-environment jsdom
// The signed-in pages in the person's language: a French account reads /myaccount, /mybusiness, /myqsa/dashboard and a
// meeting's page in French (headings, links, buttons and fields found by role and name), and an English one reads
// the same pages in English, as before.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ReactElement } from "react";
import { createRoutesStub } from "react-router";
import { I18nextProvider } from "react-i18next";
import { createI18n, type Language } from "#shared/i18n/index.ts";
import type { Account } from "#shared/schemas/account.ts";
import type { Dashboard } from "#shared/schemas/dashboard.ts";
import type { MeetingDetail } from "#shared/schemas/meeting.ts";
import { accessibleName, render, waitFor } from "#tests/setup/dom.ts";
import { bakeryWith } from "#tests/setup/form-pages.tsx";
import { ownerPageAnswers, stubApi } from "#tests/setup/upload-fakes.ts";
import MyAccount from "./my-account.tsx";
import MyBusiness, { clientLoader as ownerLoader } from "./my-business.tsx";
import MemberDashboard from "./member-dashboard.tsx";
import MemberMeeting from "./member-meeting.tsx";

afterEach(() => vi.unstubAllGlobals());

// One instance per language for the file: its catalogs load once.
const instances = new Map<Language, ReturnType<typeof createI18n>>();
const i18nIn = (language: Language) => {
  if (!instances.has(language)) instances.set(language, createI18n(language, ["common", "account", "members", "owners", "subscribe"]));
  return instances.get(language)!;
};

/** Opens `path` with the page `Component` and its data, in `language`, once its first heading is drawn. */
async function openPage(language: Language, path: string, Component: () => ReactElement, loader: () => unknown): Promise<HTMLElement> {
  const i18n = await i18nIn(language);
  const Stub = createRoutesStub([{ path, Component: Component as never, HydrateFallback: () => null, loader }]);
  const page = await render(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={[path]} />
    </I18nextProvider>,
  );
  await waitFor(() => page.querySelector("h1"));
  return page;
}

const names = (page: ParentNode, selector: string) => [...page.querySelectorAll(selector)].map(accessibleName);
const headings = (page: ParentNode) => names(page, "h1, h2, h3");
const labels = (page: ParentNode) => [...page.querySelectorAll("label, legend")].map((l) => l.textContent?.trim());

const account = (language: Language | null): Account => ({
  id: "user-1",
  email: "marie@example.com",
  displayName: "Marie",
  photoURL: null,
  role: "business",
  accountType: "business",
  emailVerified: true,
  provider: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  lastLogin: null,
  language,
});

const accountData = (language: Language | null) => ({
  account: account(language),
  hasPassword: true,
  notifications: { announcements: "at once", meetings: "at once", minutes: "off", requestsDecided: "at once", insights: "at once", freshness: "at once", volunteering: "at once", surveys: "off" },
  subscription: null,
  categories: [],
});

const dashboard: Dashboard = {
  displayName: "Marie",
  email: "marie@example.com",
  emailVerified: false,
  member: true,
  tasks: [],
  sections: [],
};

const meeting: MeetingDetail = {
  id: "m-1",
  title: "Annual general meeting",
  startsAt: "2026-12-04T23:00:00.000Z",
  endsAt: "2026-12-05T01:00:00.000Z",
  place: "City Hall",
  videoLink: null,
  cancelled: false,
  past: false,
  hasMinutes: false,
  myResponse: "yes",
  counts: { yes: 3, no: 0, maybe: 1 },
  agenda: "<p>Budget</p>",
  minutes: "",
  attendees: { yes: ["Marie", "Paul", "Jeanne"], no: [], maybe: ["Luc"] },
  attachments: [],
} as unknown as MeetingDetail;

describe("/myaccount", () => {
  it("is in French for a French account", async () => {
    const page = await openPage("fr", "/myaccount", MyAccount as never, () => accountData("fr"));
    expect(headings(page)).toEqual(["Mon compte", "Photo de profil", "Changer le mot de passe", "Notifications"]);
    expect(labels(page)).toEqual(expect.arrayContaining(["Courriel", "Nom affiché", "Langue", "Mot de passe actuel", "Nouveau mot de passe", "Annonces", "Réunions"]));
    expect(names(page, "button")).toEqual(expect.arrayContaining(["Enregistrer le nom affiché", "Enregistrer la langue", "Changer le mot de passe", "Enregistrer les préférences de notification", "Se déconnecter"]));
    expect(names(page, "a")).toContain("Tableau de bord des membres");
    expect(page.textContent).toContain("Vérifiée");
    expect(document.title).toBe("Mon compte | Niche");
  });

  it("stays in English for an English account", async () => {
    const page = await openPage("en", "/myaccount", MyAccount as never, () => accountData(null));
    expect(headings(page)).toEqual(["My Account", "Profile picture", "Change password", "Notifications"]);
    expect(labels(page)).toEqual(expect.arrayContaining(["Email", "Display name", "Language", "Current password", "New password", "Announcements", "Meetings"]));
    expect(names(page, "button")).toEqual(expect.arrayContaining(["Save display name", "Save language", "Change password", "Save notification preferences", "Logout"]));
    expect([...page.querySelectorAll("option")].map((o) => o.textContent)).toEqual(["Site default (English)", "English", "Français"]);
  });
});

describe("/myaccount's newsletter", () => {
  const subscribed = (language: Language | null) => ({
    ...accountData(language),
    subscription: { subscribed: true, state: "paused", topics: ["events"] },
    categories: [{ id: "cat-1", name: "Cafés" }],
  });

  it("is in French for a French account", async () => {
    const page = await openPage("fr", "/myaccount", MyAccount as never, () => subscribed("fr"));
    expect(page.textContent).toContain("Votre adresse est abonnée (en pause). Aucun courriel de confirmation n’est nécessaire : votre adresse est vérifiée.");
    expect(labels(page)).toEqual(expect.arrayContaining(["Sujets", "Événements", "Offres", "Nouvelles", "Nouveaux commerces et nouvelles par type de commerce"]));
    expect(page.textContent).toContain("J’accepte de recevoir l’infolettre de l’association par courriel.");
    expect(names(page, "button")).toEqual(expect.arrayContaining(["Enregistrer les sujets", "Se désabonner"]));
  });

  it("stays in English for an English account", async () => {
    const page = await openPage("en", "/myaccount", MyAccount as never, () => subscribed(null));
    expect(page.textContent).toContain("Your address is subscribed (paused). No confirmation mail is needed: your address is verified.");
    expect(labels(page)).toEqual(expect.arrayContaining(["Topics", "Events", "Offers", "News", "New businesses and news by kind of business"]));
    expect(page.textContent).toContain("I agree to receive the association's newsletter by e-mail. I can unsubscribe at any time with the link in every message.");
    expect(names(page, "button")).toEqual(expect.arrayContaining(["Save topics", "Unsubscribe"]));
  });
});

describe("/mybusiness", () => {
  it("is in French for a French account", async () => {
    stubApi({ answers: ownerPageAnswers(bakeryWith()), save: "/businesses/business-1" });
    const french = await openPage("fr", "/mybusiness", MyBusiness as never, ((args: Parameters<typeof ownerLoader>[0]) => ownerLoader(args)) as never);
    await waitFor(() => french.querySelector("article"));
    expect(headings(french)).toEqual(["Mon entreprise", "Queen Street Bakery", "Événements", "Offres"]);
    expect(names(french, '[role="tab"]')).toEqual(["Fiche", "Statistiques"]);
    expect(names(french, "summary")).toEqual(["Modifier la fiche", "Ajouter un événement", "Ajouter une offre", "Proposer une nouvelle fiche"]);
    expect(names(french, "a")).toEqual(expect.arrayContaining(["Voir la page publique", "Mon compte", "Écrire à l'association"]));
    expect(french.textContent).toContain("Connecté avec owner@example.com.");
    expect(french.textContent).toContain("Aucun événement pour l'instant.");
  });

  it("stays in English for an English account", async () => {
    stubApi({ answers: ownerPageAnswers(bakeryWith()), save: "/businesses/business-1" });
    const english = await openPage("en", "/mybusiness", MyBusiness as never, ((args: Parameters<typeof ownerLoader>[0]) => ownerLoader(args)) as never);
    await waitFor(() => english.querySelector("article"));
    expect(headings(english)).toEqual(["My Business", "Queen Street Bakery", "Events", "Offers"]);
    expect(names(english, '[role="tab"]')).toEqual(["Listing", "Insights"]);
    expect(names(english, "summary")).toEqual(["Edit listing", "Add an event", "Add an offer", "Propose a new listing"]);
    expect(english.textContent).toContain("Logged in as owner@example.com.");
  });
});

describe("/myqsa/dashboard", () => {
  it("is in French for a French account", async () => {
    const page = await openPage("fr", "/myqsa/dashboard", MemberDashboard as never, () => ({ dashboard, timeZone: "America/Toronto" }));
    expect(headings(page)).toEqual(["Bienvenue, Marie!", "Ce qui vous attend", "Votre adresse courriel"]);
    expect(page.querySelector('nav[aria-label="Pages des membres"]')).not.toBeNull();
    expect(names(page, "nav a")).toEqual(["Mon compte", "Annonces", "Bénévolat", "Sondages", "Réunions", "Recherche", "Commentaires et consentement des entreprises"]);
    expect(names(page, "button")).toEqual(["Renvoyer le courriel de vérification", "Se déconnecter"]);
    expect(page.textContent).toContain("Rien pour l'instant.");
  });

  it("stays in English for an English account", async () => {
    const page = await openPage("en", "/myqsa/dashboard", MemberDashboard as never, () => ({ dashboard, timeZone: "America/Toronto" }));
    expect(headings(page)).toEqual(["Welcome, Marie!", "What needs you", "Your email address"]);
    expect(names(page, "nav a")).toEqual(["My Account", "Announcements", "Volunteer", "Surveys", "Meetings", "Research", "Business Feedback and Consent"]);
    expect(page.textContent).toContain("marie@example.com is not verified yet. Please open the link in the email we sent you.");
  });
});

describe("a meeting's page", () => {
  it("is in French for a French account, its date on the site's clocks in Québec's way", async () => {
    const page = await openPage("fr", "/myqsa/meetings/m-1", MemberMeeting as never, () => ({ state: "ok", meeting, timeZone: "America/Toronto" }));
    expect(headings(page)).toEqual(["Annual general meeting", "Ordre du jour", "Qui vient"]);
    expect([...page.querySelectorAll("dt")].map((dt) => dt.textContent)).toEqual(["Quand", "Où", "Oui (3)", "Non (0)", "Peut-être (1)"]);
    expect(page.querySelector("time")?.textContent).toBe("vendredi 4 décembre 2026, 18 h – 20 h HNE");
    expect(page.textContent).toContain("Votre réponse : Oui");
    expect(page.textContent).toContain("3 oui · 0 non · 1 peut-être");
    expect(names(page, "a")).toEqual(expect.arrayContaining(["Réunions", "Ajouter à mon calendrier"]));
    expect(names(page, "button")).toEqual(["Enregistrer ma réponse"]);
    expect(labels(page)).toEqual(["Serez-vous là?", "Oui", "Non", "Peut-être"]);
  });

  it("stays in English for an English account", async () => {
    const page = await openPage("en", "/myqsa/meetings/m-1", MemberMeeting as never, () => ({ state: "ok", meeting, timeZone: "America/Toronto" }));
    expect(headings(page)).toEqual(["Annual general meeting", "Agenda", "Who is coming"]);
    expect(page.querySelector("time")?.textContent).toBe("Friday, December 4, 2026, 6:00 PM – 8:00 PM EST");
    expect(page.textContent).toContain("3 yes · 0 no · 1 maybe");
    expect(labels(page)).toEqual(["Will you come?", "Yes", "No", "Maybe"]);
  });
});
