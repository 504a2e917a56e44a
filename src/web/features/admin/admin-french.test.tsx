// @vitest-environment jsdom
// The administration in the administrator's language: the Markers, Events and Users tabs (and the events form's date
// picker) drawn for a French administrator speak French, and for anyone else say exactly what they always said.
import type { ReactElement } from "react";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createI18n, type Language } from "#shared/i18n/index.ts";
import type { AdminUser } from "#shared/schemas/admin-user.ts";
import { accessibleName, click, render, waitFor } from "#tests/setup/dom.ts";
import AdminTab, { clientAction, clientLoader } from "#web/routes/admin-tab.tsx";

const ana: AdminUser = { id: "u-ana", email: "ana@example.com", displayName: "Ana", role: "user", accountType: "visitor", createdAt: "2026-03-02T15:00:00.000Z", lastLogin: null };
const cafe = { id: "b-1", name: "Café Nord", category: "Food", address: "1 Main St", description: "Coffee", coordinates: { lat: 43, lng: -79 } };
const concert = { id: "e-1", name: "Concert", eventDate: "2026-12-04T23:00:00.000Z", allDay: false, locationText: "Café Nord", descriptionPreview: "Music" };

/** The API the three tabs read, and the role change the Users tab sends. */
function fakeApi() {
  const json = (body: unknown) => Response.json(body);
  const page = (items: unknown[]) => json({ items, total: items.length, page: 1, pageSize: 50 });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const { pathname } = new URL(input, "http://localhost");
      if (pathname === "/api/v1/users") return page([ana]);
      if (pathname === "/api/v1/users/u-ana/role" && init.method === "PUT") return json({ ...ana, role: "business" });
      if (pathname === "/api/v1/me") return json({ id: "the-admin" });
      if (pathname === "/api/v1/admin/businesses") return page([cafe]);
      if (pathname === "/api/v1/admin/events") return page([concert]);
      if (pathname === "/api/v1/categories") return json([{ id: "c-1", name: "Food" }]);
      if (pathname === "/api/v1/tags") return json([{ id: "t-1", name: "Patio" }]);
      if (pathname === "/api/v1/businesses") return json([{ id: "b-1", name: "Café Nord" }]);
      return new Response(null, { status: 404 });
    }),
  );
}

/** A tab as an administrator whose pages are in `language` sees it (their account's language, set on `<html lang>`). */
async function openTab(tab: string, language: Language): Promise<HTMLElement> {
  fakeApi();
  document.documentElement.lang = language;
  const i18n = await createI18n(language, ["common", "admin", "ui", "hours"]);
  const Stub = createRoutesStub([
    {
      path: "/admin/:tab",
      Component: AdminTab,
      HydrateFallback: () => null,
      loader: (args) => clientLoader(args as Parameters<typeof clientLoader>[0]),
      action: (args) => clientAction(args as Parameters<typeof clientAction>[0]),
    },
  ]);
  const withLanguage = (element: ReactElement) => <I18nextProvider i18n={i18n}>{element}</I18nextProvider>;
  const page = await render(withLanguage(<Stub initialEntries={[`/admin/${tab}`]} />));
  await waitFor(() => page.querySelector("h2"));
  return page;
}

const texts = (page: ParentNode, selector: string) => [...page.querySelectorAll(selector)].map((element) => accessibleName(element));
const labels = (page: ParentNode) => texts(page, "label, legend").filter(Boolean);

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.lang = "";
});

describe("the Users tab", () => {
  it("speaks French to a French administrator, and a role change is told in French", async () => {
    const page = await openTab("users", "fr");
    await waitFor(() => page.querySelector("table"));
    expect(texts(page, "h2")).toEqual(["Utilisateurs"]);
    expect(texts(page, "th")).toEqual(["Courriel", "Nom affiché", "Rôle", "Type de compte", "Créé le", "Dernière connexion"]);
    expect(texts(page, "td")).toEqual(["ana@example.com", "Ana", expect.stringMatching(/^Utilisateur/), "visiteur", "2 mars 2026", "Jamais"]);
    expect(page.querySelector('button[aria-label="Rôle de ana@example.com"] span')!.textContent).toBe("Utilisateur");
    expect(page.querySelector("caption")!.textContent).toBe("Utilisateurs, les plus récents d’abord");

    await click(page.querySelector<HTMLButtonElement>('button[aria-label="Rôle de ana@example.com"]')!);
    const option = await waitFor(() => [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => accessibleName(o) === "Commerce"));
    expect(texts(document, '[role="option"]')).toEqual(["Utilisateur", "Commerce", "Administrateur"]);
    await click(option);
    const told = await waitFor(() => page.querySelector('td [role="status"]'));
    expect(accessibleName(told)).toBe("ana@example.com est maintenant Commerce.");
  });

  it("says exactly what it always said to anyone else", async () => {
    const page = await openTab("users", "en");
    await waitFor(() => page.querySelector("table"));
    expect(texts(page, "h2")).toEqual(["Users"]);
    expect(texts(page, "th")).toEqual(["Email", "Display name", "Role", "Account type", "Created", "Last login"]);
    expect(texts(page, "td")).toEqual(["ana@example.com", "Ana", expect.stringMatching(/^User/), "visitor", "March 2, 2026", "Never"]);
    expect(page.querySelector('button[aria-label="Role for ana@example.com"] span')!.textContent).toBe("User");
    expect(page.querySelector("caption")!.textContent).toBe("Users, newest first");
  });
});

describe("the Markers tab", () => {
  it("draws the form and the list in French for a French administrator", async () => {
    const page = await openTab("markers", "fr");
    await waitFor(() => page.querySelector("li h3"));
    expect(texts(page, "h2")).toEqual(["Ajouter un marqueur", "Marqueurs existants"]);
    expect(labels(page)).toEqual(
      expect.arrayContaining(["Nom", "Catégorie", "Adresse", "Rue", "Code postal", "Site Web", "Courriel", "Heures d’ouverture", "Accessibilité et commodités", "Entrée sans marche", "Ajouter : étiquette", "Nouvelle étiquette", "Chercher par nom"]),
    );
    expect(texts(page, "button")).toEqual(expect.arrayContaining(["Situer l’adresse", "Ajouter l’étiquette", "Ajouter un marqueur", "Modifier Café Nord", "Supprimer Café Nord"]));
    expect(page.querySelector("a[download]")!.getAttribute("aria-label")).toBe("Exporter tous les commerces en CSV");
    expect(texts(page, '[role="radiogroup"]')).toEqual(["Façon d’indiquer les heures"]);
    expect(page.textContent).toContain("lundi");
    expect(page.textContent).not.toMatch(/Existing|Geocode|Add Tag|Opening hours|Monday/);
  });

  it("keeps the English form and list for anyone else", async () => {
    const page = await openTab("markers", "en");
    await waitFor(() => page.querySelector("li h3"));
    expect(texts(page, "h2")).toEqual(["Add Marker", "Existing Markers"]);
    expect(labels(page)).toEqual(expect.arrayContaining(["Name", "Category", "Address", "Street", "Postal code", "Website", "Email", "Opening hours", "Accessibility and amenities", "Step-free entrance", "Add a tag", "New tag", "Find by name"]));
    expect(texts(page, "button")).toEqual(expect.arrayContaining(["Geocode address", "Add Tag", "Add Marker", "Edit Café Nord", "Delete Café Nord"]));
    expect(page.querySelector("a[download]")!.getAttribute("aria-label")).toBe("Export CSV of all businesses");
  });
});

describe("the Events tab", () => {
  it("draws the form, its date pickers and repeat choices in French for a French administrator", async () => {
    const page = await openTab("events", "fr");
    await waitFor(() => page.querySelector("li h3") && page.querySelector('[role="spinbutton"]'));
    expect(texts(page, "h2")).toEqual(["Ajouter un événement", "Événements existants"]);
    expect(page.textContent).toContain("Date de l’événement");
    expect(page.textContent).toContain("Fin (facultatif)");
    expect(labels(page)).toEqual(expect.arrayContaining(["Nom de l’événement", "Toute la journée", "Répétition (facultatif)", "Répétition", "Type de lieu", "Description"]));
    // React Aria's own words and the segments' order follow the page's language: year first in Canadian French.
    const segments = [...page.querySelectorAll('[role="group"]')][0]!.querySelectorAll('[role="spinbutton"]');
    expect([...segments].map((segment) => segment.getAttribute("aria-label")!.replace(/, $/, ""))).toEqual(["année", "mois", "jour", "heure", "minute"]);
    expect(page.textContent).toContain("Fuseau horaire : ");
    expect(texts(page, "select option")).toEqual(expect.arrayContaining(["Ne se répète pas", "Chaque semaine"]));
    expect(texts(page, "li a")).toEqual(["Inscriptions à Concert"]);
  });

  it("keeps the English form and date pickers for anyone else", async () => {
    const page = await openTab("events", "en");
    await waitFor(() => page.querySelector("li h3") && page.querySelector('[role="spinbutton"]'));
    expect(texts(page, "h2")).toEqual(["Add Event", "Existing Events"]);
    expect(page.textContent).toContain("Event Date");
    expect(page.textContent).toContain("Ends (optional)");
    expect(labels(page)).toEqual(expect.arrayContaining(["Event Name", "All day", "Repeats (optional)", "Repeats", "Location Type", "Description"]));
    const segments = [...page.querySelectorAll('[role="group"]')][0]!.querySelectorAll('[role="spinbutton"]');
    expect([...segments].map((segment) => segment.getAttribute("aria-label")!.replace(/, $/, ""))).toEqual(["month", "day", "year", "hour", "minute", "AM/PM"]);
    expect(page.textContent).toContain("Time zone: ");
    expect(texts(page, "select option")).toEqual(expect.arrayContaining(["Does not repeat", "Weekly"]));
    expect(texts(page, "li a")).toEqual(["Registrations of Concert"]);
  });
});
