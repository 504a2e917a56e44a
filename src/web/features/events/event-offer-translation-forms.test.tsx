// @vitest-environment jsdom
// The language switch on the events' and offers' forms (the admin's Events and Offers tabs and an owner's event on
// /mybusiness, through their real loaders and actions against a stand-in API): the French tab holds the event's name
// and description, or the offer's description and terms, as saved, and sends what is typed there with the form. The
// Requests tab's card shows the translation an owner's change carries.
import type { ReactElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createRoutesStub } from "react-router";
import type { AdminEvent, Event } from "#shared/schemas/event.ts";
import type { AdminOffer } from "#shared/schemas/offer.ts";
import type { RequestDetail } from "#shared/schemas/owners.ts";
import { click, getButton, render, waitFor } from "#tests/setup/dom.ts";
import { bakeryWith, field, openAdminTab, renderOwnerPage, type } from "#tests/setup/form-pages.tsx";
import { ownerPageAnswers, readyUploads, stubApi } from "#tests/setup/upload-fakes.ts";
import { RequestCard } from "#web/features/owners/index.ts";

vi.mock("tus-js-client", () => import("#tests/setup/upload-fakes.ts"));
afterEach(() => vi.unstubAllGlobals());

const event: Event = {
  id: "event-1",
  name: "Harvest supper",
  description: "Long tables on the street.",
  location: "outdoor",
  outdoorLocationDescription: "Main Street",
  ticketsLink: null,
  eventDate: "2031-09-20T22:00:00.000Z",
  endDate: null,
  allDay: false,
  sequence: 0,
  recurrenceRule: null,
  occurrenceDate: null,
  cancelled: false,
  previousStartDate: null,
  imageUrl: null,
  createdAt: "2031-07-01T12:00:00.000Z",
  lastUpdatedAt: "2031-07-01T12:00:00.000Z",
  translations: { fr: { name: "Souper des récoltes" } },
};
const adminEvent: AdminEvent = { ...event, imageStoragePath: null, ownerUid: null, locationText: "Main Street", descriptionPreview: "Long tables on the street." };
const offer: AdminOffer = {
  id: "offer-1",
  businessId: "business-1",
  businessName: "Queen Street Bakery",
  description: "Two pies for one.",
  price: null,
  type: "BOGO",
  terms: "Weekdays only.",
  validFrom: null,
  validUntil: null,
  couponCode: null,
  createdAt: "2031-07-01T12:00:00.000Z",
  lastUpdatedAt: "2031-07-01T12:00:00.000Z",
  ownerUid: null,
  expired: false,
  translations: { fr: { description: "Deux tartes pour une.", terms: "En semaine seulement." } },
};

/** The tab list named "Language of the text" within `scope`, and a tab of it by its name. */
function languageTab(scope: ParentNode, name: string): HTMLElement {
  const list = [...scope.querySelectorAll('[role="tablist"]')].find((l) => l.getAttribute("aria-label") === "Language of the text");
  if (!list) throw new Error("No tab list named Language of the text");
  return [...list.querySelectorAll<HTMLElement>('[role="tab"]')].find((tab) => tab.textContent === name)!;
}

describe("the admin's Events and Offers forms", () => {
  it("edit an event's French name and description beside the originals, and send them with the event", async () => {
    readyUploads();
    const api = stubApi({ answers: { "/admin/events": { items: [adminEvent], total: 1, page: 1, pageSize: 50 } }, save: "/events/event-1" });
    const page = await openAdminTab("events", "Harvest supper");
    await click(languageTab(page, "Français"));
    expect(field(page, "Event Name (Français)").value).toBe("Souper des récoltes");
    expect(field(page, "Event Name (Français)").getAttribute("lang")).toBe("fr");
    expect(field(page, "Description (Français)").value).toBe("");
    expect(field(page, "Event Name").value).toBe("Harvest supper");

    await type(field(page, "Description (Français)"), "Grandes tables dans la rue.");
    await click(getButton(page, "Update Event"));
    await waitFor(() => api.sent.length === 1);
    expect(api.sent[0]).toMatchObject({ name: "Harvest supper", translations: { fr: { name: "Souper des récoltes", description: "Grandes tables dans la rue." } } });
  });

  it("edit an offer's French description and terms", async () => {
    const api = stubApi({ answers: { "/admin/offers": { items: [offer], total: 1, page: 1, pageSize: 50 } }, save: "/offers/offer-1" });
    const page = await openAdminTab("offers", "BOGO at Queen Street Bakery");
    await click(languageTab(page, "Français"));
    expect(field(page, "Description (Français)").value).toBe("Deux tartes pour une.");
    expect(field(page, "Terms (optional) (Français)").value).toBe("En semaine seulement.");
    await type(field(page, "Terms (optional) (Français)"), "Du lundi au vendredi.");
    await click(getButton(page, "Update Offer"));
    await waitFor(() => api.sent.length === 1);
    expect(api.sent[0]).toMatchObject({ translations: { fr: { description: "Deux tartes pour une.", terms: "Du lundi au vendredi." } } });
  });
});

it("an owner's event form on /mybusiness has the switch, and sends the French name with the change", async () => {
  readyUploads();
  const answers = ownerPageAnswers(bakeryWith());
  answers["/me/businesses"] = [{ ...bakeryWith(), events: [{ ...event, location: "business-1" }], offers: [] }];
  const api = stubApi({ answers, save: "/events/event-1" });
  const page = await renderOwnerPage("/mybusiness?edit=event-event-1");
  const form = await waitFor(() => page.querySelector<HTMLFormElement>("form#event-event-1"));
  await click(languageTab(form, "Français"));
  const french = field(form, "Event Name (Français)");
  expect(french.value).toBe("Souper des récoltes");
  await type(french, "Grand souper des récoltes");
  await click(getButton(form, "Send changes for approval"));
  await waitFor(() => api.sent.length === 1);
  expect(api.sent[0]).toMatchObject({ name: "Harvest supper", translations: { fr: { name: "Grand souper des récoltes" } } });
});

describe("the Requests tab's card", () => {
  const change: RequestDetail = {
    id: "request-1",
    kind: "event",
    businessId: "business-1",
    businessName: "Queen Street Bakery",
    targetId: "event-1",
    status: "pending",
    reason: null,
    requesterEmail: "owner@example.com",
    requesterName: "Owner",
    createdAt: "2031-07-04T23:30:00.000Z",
    updatedAt: "2031-07-04T23:30:00.000Z",
    decidedAt: null,
    payload: { name: "Harvest supper", translations: { fr: { name: "Souper des récoltes", description: null } } },
    domainMatch: false,
    translations: [{ language: "fr", field: "name", label: "Event Name", live: null, requested: "Souper des récoltes" }],
    fields: [
      { name: "name", label: "Event Name", widget: "text", live: "Harvest supper", requested: "Harvest supper", base: "Harvest supper", changed: false, conflict: false },
      { name: "ticketsLink", label: "Tickets Link (optional)", widget: "url", live: null, requested: "https://tickets.example", base: null, changed: true, conflict: false },
    ],
  };

  async function card(request: RequestDetail): Promise<HTMLElement> {
    const Stub = createRoutesStub([{ id: "root", path: "/admin/requests", loader: () => ({ language: "en", site: { timeZone: "America/Toronto" } }), Component: () => <ul><RequestCard request={request} names={{}} /></ul>, HydrateFallback: () => null }]);
    const element: ReactElement = <Stub initialEntries={["/admin/requests"]} />;
    const page = await render(element);
    await waitFor(() => page.querySelector("table"));
    return page;
  }

  it("shows the translation a change makes (language, field, live and requested text), to approve with the rest or apart", async () => {
    const page = await card(change);
    const table = [...page.querySelectorAll("table")].find((t) => t.querySelector("caption")?.textContent === "Translations it changes")!;
    expect([...table.querySelectorAll("th[scope=col]")].map((cell) => cell.textContent)).toEqual(["Field", "Live", "Requested"]);
    expect([...table.querySelectorAll("tbody tr")].map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([["Event NameFrançais", "(empty)", "Souper des récoltes"]]);
    expect(table.querySelector("tbody th span")?.getAttribute("lang")).toBe("fr");
    expect(table.querySelector("tbody td:last-child")?.getAttribute("lang")).toBe("fr");
    const choices = [...page.querySelectorAll<HTMLInputElement>('input[type="checkbox"][name="fields"]')].map((box) => box.value);
    expect(choices).toEqual(["ticketsLink", "translations"]);
  });

  it("shows no translations table when the change makes none", async () => {
    const page = await card({ ...change, translations: [] });
    expect([...page.querySelectorAll("caption")].map((c) => c.textContent)).not.toContain("Translations it changes");
    expect(page.querySelectorAll('input[type="checkbox"][name="fields"]')).toHaveLength(0);
  });
});
