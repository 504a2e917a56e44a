// An event's and an offer's pages on /fr/: the name and description in French where a translation is saved, else the
// original marked as English; the English pages keep the originals.
import { beforeAll, describe, expect, it } from "vitest";
import { setUpTestApp, ORIGIN } from "#tests/setup/app.ts";
import { appContextFor, translatedEventsAndOffers } from "#tests/setup/translated-listings.ts";
import { loader as eventLoader } from "#web/routes/event.tsx";
import { loader as offerLoader } from "#web/routes/offer.tsx";

const t = setUpTestApp();
let ids: Awaited<ReturnType<typeof translatedEventsAndOffers>>;

beforeAll(async () => {
  ids = await translatedEventsAndOffers(t);
});

async function eventPage(path: string, eventId: string) {
  const url = new URL(`${ORIGIN}${path}`);
  return (await eventLoader({ context: appContextFor(t), request: new Request(url), url, pattern: "/events/:eventId", params: { eventId } } as never)) as unknown as {
    event: { name: string; description: string | null };
    lang: { name?: string; description?: string };
  };
}

async function offerPage(path: string, offerId: string) {
  const url = new URL(`${ORIGIN}${path}`);
  return (await offerLoader({ context: appContextFor(t), request: new Request(url), url, pattern: "/offers/:offerId", params: { offerId } } as never)) as unknown as {
    offer: { description: string };
    descriptionLang?: string;
  };
}

describe("an event's page in French", () => {
  it("shows the French name and description where they are translated", async () => {
    const page = await eventPage(`/fr/events/${ids.market}`, ids.market);
    expect(page.event).toMatchObject({ name: "Marché de nuit", description: "Kiosques de bouffe jusqu'à tard." });
    expect(page.lang).toEqual({ name: undefined, description: undefined });
  });

  it("falls back to the English, marked lang=en, where they are not", async () => {
    const page = await eventPage(`/fr/events/${ids.plain}`, ids.plain);
    expect(page.event).toMatchObject({ name: "Book swap", description: "Bring a book, take a book." });
    expect(page.lang).toEqual({ name: "en", description: "en" });
  });

  it("keeps the originals on the English page", async () => {
    const page = await eventPage(`/events/${ids.market}`, ids.market);
    expect(page.event).toMatchObject({ name: "Night market", description: "Food stalls until late." });
    expect(page.lang).toEqual({ name: undefined, description: undefined });
  });
});

describe("an offer's page in French", () => {
  it("shows the French description, else the English marked lang=en, and the original on the English page", async () => {
    expect(await offerPage(`/fr/offers/${ids.deal}`, ids.deal)).toMatchObject({ offer: { description: "Deux cafés pour le prix d'un." }, descriptionLang: undefined });
    expect(await offerPage(`/fr/offers/${ids.other}`, ids.other)).toMatchObject({ offer: { description: "Free cookie." }, descriptionLang: "en" });
    expect(await offerPage(`/offers/${ids.deal}`, ids.deal)).toMatchObject({ offer: { description: "Two coffees for one." }, descriptionLang: undefined });
  });
});
