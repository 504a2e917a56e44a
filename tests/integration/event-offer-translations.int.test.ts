// An event's name and description and an offer's description and terms in French, written through the real routes:
// who may write them, an owner's waiting for approval (and shown on the Requests tab's detail), refused beside
// `translations.fr` when the site does not offer French, and shown on the French pages and lists once saved.
import { expect, it } from "vitest";
import { createCategory, createEvent, createOffer } from "#server/db/factories.ts";
import { DEFAULT_SITE_SETTINGS } from "#server/features/site-settings/site-settings.repository.ts";
import { describeAccessMatrix, setUpMatrixPeople, type Expected } from "#tests/setup/access-matrix.ts";
import { ORIGIN, setUpTestApp } from "#tests/setup/app.ts";
import { appContextFor } from "#tests/setup/translated-listings.ts";
import { loader as eventLoader } from "#web/routes/event.tsx";
import { loader as eventsLoader } from "#web/routes/events.tsx";
import { loader as offersLoader } from "#web/routes/offers.tsx";
import { loader as offerLoader } from "#web/routes/offer.tsx";
import { loadHomeSections } from "#web/features/home/index.ts";

const t = setUpTestApp();
const people = setUpMatrixPeople(t, "Translating");
const soon = () => new Date(Date.now() + 5 * 86_400_000).toISOString();

type Body = { error: { fields: Record<string, string> } };
const read = async <T = Record<string, unknown>>(response: Response) => (await response.json()) as T;
// An administrator's unless another cookie (or none: anonymous) is given.
const send = (method: string, path: string, json: unknown, ...as: [cookie?: string]) => t.request(path, { method, json, cookie: as.length > 0 ? as[0] : people.admin.cookie });

async function businessNamed(name: string): Promise<string> {
  return (await t.database.db.selectFrom("business").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
}

const eventBody = (location: string, translations: unknown, name = "Harvest supper") => ({ name, eventDate: soon(), location, description: "Long tables on the street.", translations });
const offerBody = (businessId: string, translations: unknown) => ({ businessId, type: "BOGO", description: "Two pies for one.", terms: "Weekdays only.", translations });

async function eventPage(path: string, eventId: string) {
  const url = new URL(`${ORIGIN}${path}`);
  return (await eventLoader({ context: appContextFor(t), request: new Request(url), url, pattern: "/events/:eventId", params: { eventId } } as never)) as unknown as {
    event: { name: string; description: string | null };
    lang: { name?: string; description?: string };
  };
}

const loaded = async <T>(loader: (args: never) => unknown, path: string) => {
  const url = new URL(`${ORIGIN}${path}`);
  return (await loader({ context: appContextFor(t), request: new Request(url), url, params: {} } as never)) as T;
};

// Members are owners (decision 0022): member A owns business A; their change waits for an administrator (202).
const ownersOrAdmin: Expected = { anonymous: 401, user: 403, ownerOfNothing: 403, memberA: 202, memberB: 403, admin: 200 };

describeAccessMatrix("event and offer translations: who may write them", people, [
  {
    name: "an event's French name at business A: its owners (through a request) and administrators",
    call: async (cookie) => {
      const location = await businessNamed("Translating A");
      const event = await createEvent(t.database.db, { location, name: "Matrix supper" });
      return send("PUT", `/api/v1/events/${event.id}`, eventBody(location, { fr: { name: "Souper matrice" } }, "Matrix supper"), cookie);
    },
    expect: ownersOrAdmin,
  },
  {
    name: "an offer's French description at business A: its owners (through a request) and administrators",
    call: async (cookie) => {
      const businessId = await businessNamed("Translating A");
      const offer = await createOffer(t.database.db, { businessId });
      return send("PUT", `/api/v1/offers/${offer.id}`, offerBody(businessId, { fr: { description: "Deux tartes pour une." } }), cookie);
    },
    expect: ownersOrAdmin,
  },
]);

it("an administrator's French name and description are saved with the event, read for editing, and shown on /fr/", async () => {
  const created = await send("POST", "/api/v1/events", { ...eventBody("outdoor", { fr: { name: "  Souper des récoltes ", description: "Grandes tables dans la rue." } }), outdoorLocationDescription: "Main Street" });
  expect(created.status).toBe(201);
  const { id, translations } = await read<{ id: string; translations: unknown }>(created);
  expect(translations).toEqual({ fr: { name: "Souper des récoltes", description: "Grandes tables dans la rue." } });
  const listed = await read<{ items: Array<{ id: string; translations?: unknown }> }>(await t.request("/api/v1/admin/events?page=1&pageSize=100", { cookie: people.admin.cookie }));
  expect(listed.items.find((e) => e.id === id)?.translations).toEqual({ fr: { name: "Souper des récoltes", description: "Grandes tables dans la rue." } });

  const page = await eventPage(`/fr/events/${id}`, id);
  expect(page.event).toMatchObject({ name: "Souper des récoltes", description: "Grandes tables dans la rue." });
  expect(page.lang).toEqual({ name: undefined, description: undefined });
  const list = await loaded<{ upcoming: Array<{ id: string; name: string; lang?: Record<string, string> }> }>(eventsLoader as never, "/fr/events");
  expect(list.upcoming.find((e) => e.id === id)).toMatchObject({ name: "Souper des récoltes", lang: {} });
  const english = await loaded<{ upcoming: Array<{ id: string; name: string; lang?: unknown }> }>(eventsLoader as never, "/events");
  expect(english.upcoming.find((e) => e.id === id)).toMatchObject({ name: "Harvest supper" });
  expect(english.upcoming.find((e) => e.id === id)?.lang).toBeUndefined();
  const home = await loadHomeSections({ services: t.services, reportError: () => {} }, "fr").events;
  expect(home.ok && home.items.find((e) => e.id === id)).toMatchObject({ name: "Souper des récoltes" });

  // A blank name removes that translation; the description, sent again, stays.
  const blanked = await send("PUT", `/api/v1/events/${id}`, { ...eventBody("outdoor", { fr: { name: "", description: "Grandes tables dans la rue." } }), outdoorLocationDescription: "Main Street" });
  expect((await read(blanked)).translations).toEqual({ fr: { description: "Grandes tables dans la rue." } });
  expect((await eventPage(`/fr/events/${id}`, id)).lang).toEqual({ name: "en", description: undefined });
});

it("checks each translated field by its original's rule, beside the field", async () => {
  const long = await send("POST", "/api/v1/events", { ...eventBody("outdoor", { fr: { name: "x".repeat(201) } }), outdoorLocationDescription: "Main Street" });
  expect(long.status).toBe(400);
  expect(Object.keys((await read<Body>(long)).error.fields)).toContain("translations.fr.name");
  const businessId = await businessNamed("Translating A");
  const unknown = await send("POST", "/api/v1/offers", offerBody(businessId, { fr: { price: "5 $" } }));
  expect(unknown.status).toBe(400);
});

it("an offer's French description and terms show on /fr/offers and its page, the missing ones marked as English", async () => {
  const businessId = await businessNamed("Translating A");
  const created = await send("POST", "/api/v1/offers", offerBody(businessId, { fr: { description: "Deux tartes pour une." } }));
  expect(created.status).toBe(201);
  const { id } = await read<{ id: string }>(created);
  const list = await loaded<{ offers: Array<{ id: string; description: string; terms: string | null; lang?: Record<string, string> }> }>(offersLoader as never, "/fr/offers");
  expect(list.offers.find((o) => o.id === id)).toMatchObject({ description: "Deux tartes pour une.", terms: "Weekdays only.", lang: { terms: "en" } });
  const url = new URL(`${ORIGIN}/fr/offers/${id}`);
  const page = (await offerLoader({ context: appContextFor(t), request: new Request(url), url, pattern: "/offers/:offerId", params: { offerId: id } } as never)) as unknown as Record<string, unknown>;
  expect(page).toMatchObject({ offer: { description: "Deux tartes pour une.", terms: "Weekdays only." }, descriptionLang: undefined, termsLang: "en" });
});

it("an owner's translation waits for approval, is shown with the request, then shows on /fr/events/:id", async () => {
  const location = await businessNamed("Translating B");
  const event = await createEvent(t.database.db, { location, name: "Harvest supper", description: "Long tables on the street.", eventDate: soon() });
  await t.services.translations.write("event", event.id, { fr: { description: "Grandes tables dans la rue." } }, ["description"]);
  const sent = await send("PUT", `/api/v1/events/${event.id}`, eventBody(location, { fr: { name: "Souper des récoltes", description: "Grandes tables dans la rue." } }), people.members.b.cookie);
  expect(sent.status).toBe(202);
  const { requestId } = await read<{ requestId: string }>(sent);
  expect((await eventPage(`/fr/events/${event.id}`, event.id)).event.name).toBe("Harvest supper");

  // The Requests tab is told the translation beside the live text (none yet); the description, sent as it was, is not.
  const detail = await read<{ translations: unknown }>(await t.request(`/api/v1/requests/${requestId}`, { cookie: people.admin.cookie }));
  expect(detail.translations).toEqual([{ language: "fr", field: "name", label: "Event Name", live: null, requested: "Souper des récoltes" }]);
  expect((await send("POST", `/api/v1/requests/${requestId}/approve`, {})).status).toBe(200);
  const page = await eventPage(`/fr/events/${event.id}`, event.id);
  expect(page.event.name).toBe("Souper des récoltes");
  expect(page.event.description).toBe("Grandes tables dans la rue.");
  expect(page.lang).toEqual({ name: undefined, description: undefined });
});

it("an owner's offer translation is applied with the offer on approval", async () => {
  const businessId = await businessNamed("Translating B");
  const sent = await send("POST", "/api/v1/offers", offerBody(businessId, { fr: { description: "Deux tartes pour une.", terms: "En semaine seulement." } }), people.members.b.cookie);
  expect(sent.status).toBe(202);
  const { requestId } = await read<{ requestId: string }>(sent);
  expect((await send("POST", `/api/v1/requests/${requestId}/approve`, {})).status).toBe(200);
  const { targetId } = await read<{ targetId: string }>(await t.request(`/api/v1/requests/${requestId}`, { cookie: people.admin.cookie }));
  expect(await t.services.translations.read("offer", targetId)).toEqual({ fr: { description: "Deux tartes pour une.", terms: "En semaine seulement." } });
});

it("refuses French beside translations.fr when the site does not offer it, an administrator's and an owner's alike", async () => {
  const settings = (change: Record<string, unknown>) => send("PUT", "/api/v1/site-settings", { ...DEFAULT_SITE_SETTINGS, ...change });
  expect((await settings({ languages: ["en"], defaultLanguage: "en" })).status).toBe(200);
  try {
    const admin = await send("POST", "/api/v1/events", { ...eventBody("outdoor", { fr: { name: "Souper" } }), outdoorLocationDescription: "Main Street" });
    expect(admin.status).toBe(400);
    expect((await read<Body>(admin)).error.fields["translations.fr"]).toBe("The site does not offer Français: turn it on in Site settings before translating into it.");
    const location = await businessNamed("Translating A");
    const owner = await send("POST", "/api/v1/events", eventBody(location, { fr: { name: "Souper" } }), people.members.a.cookie);
    expect(owner.status).toBe(400);
    expect(Object.keys((await read<Body>(owner)).error.fields)).toEqual(["translations.fr"]);
    const offer = await send("POST", "/api/v1/offers", offerBody(location, { fr: { description: "Deux tartes." } }), people.members.a.cookie);
    expect(offer.status).toBe(400);
    // A business owner's change is refused when sent, not only when an administrator approves it.
    const pending = () => t.database.db.selectFrom("change_request").select("id").where("businessId", "=", location).where("status", "=", "pending").execute();
    const waiting = await pending();
    const listing = await send("PUT", `/api/v1/businesses/${location}`, await businessBody(location, { fr: { description: "Boulangerie du coin." } }), people.members.a.cookie);
    expect(listing.status).toBe(400);
    expect((await read<Body>(listing)).error.fields).toEqual({ "translations.fr": "The site does not offer Français: turn it on in Site settings before translating into it." });
    expect(await pending()).toEqual(waiting);
  } finally {
    expect((await settings({})).status).toBe(200);
  }
});

/** A business's listing as it stands, with `translations`, as its edit form sends it. */
async function businessBody(id: string, translations: unknown) {
  const current = await read<Record<string, unknown> & { coordinates: { lat: number; lng: number } }>(await t.request(`/api/v1/admin/businesses/${id}`, { cookie: people.admin.cookie }));
  const categoryId = current.categoryId ?? (await createCategory(t.database.db, { name: `Bakeries ${id.slice(0, 8)}` })).id;
  return { name: current.name, categoryId, description: current.description, lat: current.coordinates.lat, lng: current.coordinates.lng, tags: current.tags, translations };
}

it("a business's waiting change tells the Requests tab the French description it carries", async () => {
  const id = await businessNamed("Translating B");
  const body = await businessBody(id, { fr: { description: "Boulangerie du coin." } });
  const sent = await send("PUT", `/api/v1/businesses/${id}`, body, people.members.b.cookie);
  expect(sent.status).toBe(202);
  const { requestId } = await read<{ requestId: string }>(sent);
  const detail = await read<{ translations: unknown }>(await t.request(`/api/v1/requests/${requestId}`, { cookie: people.admin.cookie }));
  expect(detail.translations).toEqual([{ language: "fr", field: "description", label: "Description", live: null, requested: "Boulangerie du coin." }]);
});
