// News posts and CMS pages on /fr/: the French title and text where a translation is saved, else the original marked
// as English; the English pages, their link previews and JSON-LD keep the originals; the French news feed takes the
// French titles.
import { beforeAll, describe, expect, it } from "vitest";
import { parseFeed } from "@rowanmanning/feed-parser";
import { translatedTexts } from "#tests/setup/translated-texts.ts";
import { setUpTestApp, ORIGIN } from "#tests/setup/app.ts";
import { appContextFor, renderAt, shown } from "#tests/setup/translated-listings.ts";
import { createElement, type ComponentType } from "react";
import { createI18n } from "#shared/i18n/index.ts";
import { loader as newsLoader } from "#web/routes/news.tsx";
import { loader as postLoader, meta as postMeta } from "#web/routes/post.tsx";
import CmsPage, { loader as pageLoader, meta as pageMeta } from "#web/routes/page.tsx";
import { loader as homeLoader } from "#web/routes/home.tsx";
import { loader as headingLoader } from "#web/routes/heading-page.tsx";

const t = setUpTestApp();
let ids: { translated: string; plain: string };

beforeAll(async () => {
  ids = await translatedTexts(t);
});

type Args = { context: unknown; request: Request; params: Record<string, string> };
const args = (path: string, params: Record<string, string> = {}): Args => ({ context: appContextFor(t), request: new Request(new URL(`${ORIGIN}${path}`)), params });

type Card = { id: string; title: string; content: string; lang: Record<string, string> };

describe("the news on /fr/", () => {
  it("lists the French title and text where they are translated, else the English marked lang=en", async () => {
    const page = (await newsLoader(args("/fr/news") as never)) as unknown as { posts: Card[] };
    expect(page.posts.find((p) => p.id === ids.translated)).toMatchObject({ title: "Fête de rue", content: "Joignez-vous à nous samedi.", lang: {} });
    expect(page.posts.find((p) => p.id === ids.plain)).toMatchObject({ title: "Parking changes", content: "New meters on Main.", lang: { title: "en", content: "en" } });
    const english = (await newsLoader(args("/news") as never)) as unknown as { posts: Card[] };
    expect(english.posts.find((p) => p.id === ids.translated)).toMatchObject({ title: "Street fair", lang: {} });
  });

  it("shows a post's page, link preview and JSON-LD in French", async () => {
    const data = (await postLoader(args(`/fr/news/${ids.translated}`, { postId: ids.translated }) as never)) as unknown as { post: Card & { summary: string } };
    expect(data.post).toMatchObject({ title: "Fête de rue", content: "<p>Joignez-vous à nous samedi.</p>", summary: "Joignez-vous à nous samedi.", lang: {} });
    const tags = postMeta({ loaderData: data, matches: [], params: { postId: ids.translated } } as never) as Array<Record<string, string>>;
    expect(tags).toContainEqual(expect.objectContaining({ property: "og:title", content: "Fête de rue" }));
    const fallback = (await postLoader(args(`/fr/news/${ids.plain}`, { postId: ids.plain }) as never)) as unknown as { post: Card };
    expect(fallback.post).toMatchObject({ title: "Parking changes", lang: { title: "en", content: "en" } });
  });

  it("puts the French posts in the home page's news section", async () => {
    const home = (await homeLoader(args("/fr/") as never)) as unknown as { posts: Promise<{ ok: true; items: Card[] }> };
    const { items } = await home.posts;
    expect(items.find((p) => p.id === ids.translated)).toMatchObject({ title: "Fête de rue", content: "Joignez-vous à nous samedi." });
    expect(items.find((p) => p.id === ids.plain)).toMatchObject({ title: "Parking changes", lang: { title: "en" } });
  });

  it("gives the French feed the French titles and the English one the originals", async () => {
    const french = parseFeed(await (await t.request("/fr/news/feed.xml")).text());
    expect(french.items.map((item) => item.title)).toEqual(expect.arrayContaining(["Fête de rue", "Parking changes"]));
    const english = parseFeed(await (await t.request("/news/feed.xml")).text());
    expect(english.items.map((item) => item.title)).toContain("Street fair");
  });
});

describe("a CMS page on /fr/", () => {
  it("shows the French name and content, else the English marked lang=en", async () => {
    const about = (await pageLoader(args("/fr/pages/about-us", { slug: "about-us" }) as never)) as { page: { name: string; html: string; summary: string; lang?: Record<string, string> } };
    expect(about.page).toMatchObject({ name: "À propos", html: "<p>Qui nous sommes.</p>", summary: "Qui nous sommes.", lang: {} });
    const membership = (await pageLoader(args("/fr/pages/membership", { slug: "membership" }) as never)) as typeof about;
    expect(membership.page).toMatchObject({ name: "Membership", lang: { name: "en", content: "en" } });
    const english = (await pageLoader(args("/pages/about-us", { slug: "about-us" }) as never)) as typeof about;
    expect(english.page).toMatchObject({ name: "About us", html: "<p>Who we are.</p>" });
  });

  it("shows its French content below a heading page's heading on /fr/history", async () => {
    expect(await headingLoader(args("/fr/history") as never)).toMatchObject({ html: "<p>Fondée en 1972.</p>", htmlLang: undefined });
    expect(await headingLoader(args("/history") as never)).toMatchObject({ html: "<p>Founded in 1972.</p>" });
  });

  it("renders the French heading and text, and the English ones marked lang=en on the French page", async () => {
    const i18n = await createI18n("fr", ["common", "public"]);
    const render = async (slug: string) => {
      const url = new URL(`${ORIGIN}/fr/pages/${slug}`);
      const loaderData = await pageLoader(args(`/fr/pages/${slug}`, { slug }) as never);
      const title = (pageMeta({ matches: [{ id: "root", loaderData: { language: "fr", site: { associationName: "Niche" } } }], loaderData } as never) as Array<{ title?: string }>).find((tag) => tag.title)!.title;
      const Route = CmsPage as unknown as ComponentType<{ loaderData: unknown }>;
      return { document: await renderAt(() => createElement(Route, { loaderData }), url, i18n), title };
    };
    const about = await render("about-us");
    expect(shown(about.document, "h1")).toEqual([{ text: "À propos", lang: null }]);
    expect(shown(about.document, "h1 + div")).toEqual([{ text: "Qui nous sommes.", lang: null }]);
    expect(about.title).toBe("À propos | Niche");
    const membership = await render("membership");
    expect(shown(membership.document, "h1")).toEqual([{ text: "Membership", lang: "en" }]);
    expect(shown(membership.document, "h1 + div")).toEqual([{ text: "Join the association.", lang: "en" }]);
  });
});
