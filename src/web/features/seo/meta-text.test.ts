// The meta tags of public pages in the page's language: titles, descriptions and the feeds they point feed readers
// and calendar apps at, read from the route modules' own meta functions as the page's <head> is.
import { beforeAll, describe, expect, it } from "vitest";
import type { MetaDescriptor } from "react-router";
import { loadCatalog } from "#shared/i18n/index.ts";
import { meta as homeMeta } from "#web/routes/home.tsx";
import { meta as mapMeta } from "#web/routes/map.tsx";
import { meta as eventsMeta } from "#web/routes/events.tsx";
import { meta as newsMeta } from "#web/routes/news.tsx";
import { meta as searchMeta } from "#web/routes/search.tsx";
import { meta as notFoundMeta } from "#web/routes/not-found.tsx";

const site = { associationName: "Centre-ville", timeZone: "America/Toronto", heroPhotos: [] };
const root = (language: "en" | "fr") => ({ id: "root", loaderData: { language, languages: ["en", "fr"], defaultLanguage: "en", origin: "https://downtown.example", site } });

// Each meta function takes the route's own arguments; only these are read.
type AnyMeta = (args: never) => MetaDescriptor[] | undefined;
function head(metaFunction: AnyMeta, language: "en" | "fr", loaderData: unknown) {
  const tags = (metaFunction as (args: unknown) => MetaDescriptor[])({ matches: [root(language)], loaderData, params: {} });
  const find = (test: (tag: Record<string, unknown>) => boolean) => tags.filter((tag) => test(tag as Record<string, unknown>)) as Array<Record<string, string>>;
  return {
    title: find((tag) => "title" in tag)[0]?.title,
    description: find((tag) => tag.name === "description")[0]?.content,
    feeds: find((tag) => tag.rel === "alternate" && typeof tag.type === "string").map((tag) => `${tag.title} ${tag.href}`),
    canonical: find((tag) => tag.rel === "canonical")[0]?.href,
  };
}

beforeAll(async () => {
  await Promise.all([loadCatalog("en", "public"), loadCatalog("fr", "public")]);
});

describe("a public page's meta tags", () => {
  it("name the map page and say what it is in French at /fr/map, and as before in English", () => {
    expect(head(mapMeta, "fr", undefined)).toMatchObject({ title: "Carte | Centre-ville", canonical: "https://downtown.example/fr/map" });
    expect(head(mapMeta, "fr", undefined).description).toBe("Carte des commerces de l’association, par catégorie et par étiquette.");
    expect(head(mapMeta, "en", undefined)).toMatchObject({ title: "Map | Centre-ville", description: "Map of the association's businesses, by category and tag." });
  });

  it("point the home page's feed readers at the French feeds, with French names", () => {
    const loaderData = { origin: "https://downtown.example", associationName: "Centre-ville", tagline: "Trouvez votre place", heroPhotos: [] };
    const french = head(homeMeta, "fr", loaderData);
    expect(french.description).toBe("Trouvez votre place : commerces, événements, offres et nouvelles de Centre-ville.");
    expect(french.feeds).toEqual(["Nouvelles /fr/news/feed.xml", "Événements à venir /fr/events/feed.xml"]);
    expect(head(homeMeta, "en", loaderData).feeds).toEqual(["News /news/feed.xml", "Upcoming events /events/feed.xml"]);
  });

  it("say the next event's date in French, and point calendar apps at the French calendar", () => {
    const loaderData = { origin: "https://downtown.example", upcoming: [{ name: "Soirée jazz", eventDate: "2031-07-02T22:00:00.000Z", dateText: "July 2, 2031", imageUrl: null }], past: [] };
    const french = head(eventsMeta, "fr", loaderData);
    expect(french.title).toBe("Événements | Centre-ville");
    expect(french.description).toBe("Les événements à venir au centre-ville, à commencer par Soirée jazz le 2 juillet 2031. Ajoutez-les à votre calendrier.");
    expect(french.feeds).toEqual(["Événements à venir /fr/events.ics", "Événements à venir /fr/events/feed.xml"]);
    const english = head(eventsMeta, "en", loaderData);
    expect(english.description).toBe("Upcoming events downtown, starting with Soirée jazz on July 2, 2031. Add any of them to your calendar.");
    expect(english.feeds).toEqual(["Upcoming events /events.ics", "Upcoming events /events/feed.xml"]);
  });

  it("name the news, the search results and a missing page in French", () => {
    const news = { origin: "https://downtown.example", posts: [{ title: "Marché d’hiver", imageUrl: null }], page: 1 };
    expect(head(newsMeta, "fr", news)).toMatchObject({ title: "Nouvelles | Centre-ville", description: "Les nouvelles du centre-ville; la plus récente : Marché d’hiver." });
    expect(head(newsMeta, "en", news).description).toBe("News from downtown, latest: Marché d’hiver.");
    const results = { searched: true, query: "café", results: [{}, {}] };
    expect(head(searchMeta, "fr", results)).toMatchObject({ title: "Résultats pour « café » | Centre-ville" });
    expect(head(searchMeta, "fr", results).description).toBe("2 résultats pour « café » parmi les commerces, événements, offres, nouvelles, catégories et étiquettes.");
    expect(head(searchMeta, "en", { ...results, results: [{}] }).description).toBe('1 result for "café" among businesses, events, offers, news, categories and tags.');
    expect(head(notFoundMeta, "fr", undefined).title).toBe("Page introuvable | Centre-ville");
    expect(head(notFoundMeta, "en", undefined).title).toBe("Page not found | Centre-ville");
  });
});
