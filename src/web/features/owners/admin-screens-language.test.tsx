// @vitest-environment jsdom
// The owners' screens on the admin's Requests tab speak the page's language: a waiting request (its heading, the
// table's columns, the conflict's warning, the decisions), the approval settings and the tab's name read aloud are
// French on a French page and, word for word, today's English on an English one.
import type { ReactElement } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { RequestDetail } from "#shared/schemas/owners.ts";
import { createI18n } from "#shared/i18n/index.ts";
import { accessibleName, getButton, render, waitFor } from "#tests/setup/dom.ts";
import { ModerationSettingsForm } from "./moderation-settings-form.tsx";
import { RequestCard } from "./request-card.tsx";
import { useRequestsTabName } from "./requests-nav-label.tsx";

const change: RequestDetail = {
  id: "request-1",
  kind: "listing-change",
  businessId: "business-1",
  businessName: "Riverbend Bakery",
  targetId: "business-1",
  status: "pending",
  reason: null,
  requesterEmail: "owner@example.com",
  requesterName: "Owner",
  createdAt: "2031-07-04T23:30:00.000Z",
  updatedAt: "2031-07-04T23:30:00.000Z",
  decidedAt: null,
  payload: {},
  domainMatch: false,
  fields: [
    { name: "phone", label: "Phone", widget: "text", live: "555-0100", requested: "555-0199", base: "555-0101", changed: true, conflict: true },
    { name: "website", label: "Website", widget: "text", live: "", requested: "https://bakery.example", base: "", changed: true, conflict: false },
  ],
};

/** The tab's name, from the tab's label as the admin's catalog gives it in each language. */
function TabName() {
  const label = useTranslation().i18n.language === "fr" ? "Demandes" : "Requests";
  return <p data-testid="tab-name">{useRequestsTabName()(label, 1)}</p>;
}

function Screens() {
  return (
    <ul>
      <RequestCard request={change} names={{}} />
      <ModerationSettingsForm settings={{ autoApproveListings: false, autoApproveEvents: true, autoApproveOffers: false, notificationEmail: "" }} />
      <TabName />
    </ul>
  );
}

/** The screens on a page in `language`; English reads the tests' global (English) instance, as the pages do by default. */
async function screens(language: "en" | "fr"): Promise<HTMLElement> {
  const Stub = createRoutesStub([{ id: "root", path: "/admin/requests", loader: () => ({ language, site: { timeZone: "America/Toronto" } }), Component: Screens, HydrateFallback: () => null }]);
  let element: ReactElement = <Stub initialEntries={["/admin/requests"]} />;
  if (language === "fr") element = <I18nextProvider i18n={await createI18n("fr", ["common", "owners"])}>{element}</I18nextProvider>;
  const page = await render(element);
  await waitFor(() => page.querySelector("table"));
  return page;
}

const columns = (page: HTMLElement) => [...page.querySelectorAll("thead th")].map((th) => th.textContent);
const checkboxes = (page: HTMLElement) => [...page.querySelectorAll<HTMLInputElement>("details input[type=checkbox]")].map((box) => accessibleName(box.closest("label")!));

describe("the owners' screens on the Requests tab", () => {
  it("are in today's English on an English page", async () => {
    const page = await screens("en");
    expect(page.querySelector("li[aria-labelledby]")?.querySelector("h3")?.textContent).toBe("Listing change: Riverbend Bakery");
    expect(page.textContent).toContain("From owner@example.com, waiting since");
    expect(columns(page)).toEqual(["Field", "Live", "Requested", "When requested"]);
    expect(page.textContent).toContain("The live listing changed after this request was made: one field shows the value then, now and requested.");
    expect(page.textContent).toContain("Changed since the request");
    expect(page.textContent).toContain("(empty)");
    expect(getButton(page, "Approve all")).toBeTruthy();
    expect(getButton(page, "Approve chosen fields")).toBeTruthy();
    expect(getButton(page, "Reject")).toBeTruthy();
    expect(page.querySelector("label[for]")?.textContent).toContain("Reason for rejecting");
    expect(page.querySelector("summary")?.textContent).toBe("Approval settings");
    expect(checkboxes(page)).toEqual(["Approve owners' listing changes at once", "Approve owners' events at once", "Approve owners' offers at once"]);
    expect(page.textContent).toContain("Changes approved at once still appear in Recent changes.");
    expect(page.textContent).toContain("Notification address (every administrator when empty)");
    expect(getButton(page, "Save settings")).toBeTruthy();
    expect(page.querySelector("[data-testid=tab-name]")?.textContent).toBe("Requests, 1 waiting");
  });

  it("are in French on a French page", async () => {
    const page = await screens("fr");
    expect(page.querySelector("li[aria-labelledby]")?.querySelector("h3")?.textContent).toBe("Modification de fiche : Riverbend Bakery");
    expect(page.textContent).toContain("De owner@example.com, en attente depuis le");
    expect(page.textContent).toMatch(/4 juill\. 2031, 19 h 30/);
    expect(columns(page)).toEqual(["Champ", "En ligne", "Demandé", "Lors de la demande"]);
    expect(page.textContent).toContain("La fiche en ligne a changé depuis cette demande : un champ montre la valeur d'alors, l'actuelle et celle demandée.");
    expect(page.textContent).toContain("Modifié depuis la demande");
    expect(page.textContent).toContain("(vide)");
    expect(getButton(page, "Tout approuver")).toBeTruthy();
    expect(getButton(page, "Approuver les champs choisis")).toBeTruthy();
    expect(getButton(page, "Refuser")).toBeTruthy();
    expect(page.querySelector("label[for]")?.textContent).toContain("Motif du refus");
    expect(page.querySelector("summary")?.textContent).toBe("Réglages d'approbation");
    expect(checkboxes(page)).toEqual([
      "Approuver aussitôt les modifications de fiche des propriétaires",
      "Approuver aussitôt les événements des propriétaires",
      "Approuver aussitôt les offres des propriétaires",
    ]);
    expect(getButton(page, "Enregistrer les réglages")).toBeTruthy();
    expect(page.querySelector("[data-testid=tab-name]")?.textContent).toBe("Demandes, 1 en attente");
    expect(page.textContent).not.toMatch(/Approve|Requested|Live listing|waiting since/);
  });
});
