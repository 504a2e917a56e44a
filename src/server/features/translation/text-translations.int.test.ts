// Translations of news posts, CMS pages and announcements over HTTP: written by administrators only, read back for
// editing, rich text sanitized as the originals are, and a post found by search in French.
import { describe, expect, it } from "vitest";
import { createPost, createUser } from "#server/db/factories.ts";
import { adminOnly, describeAccessMatrix, setUpMatrixPeople } from "#tests/setup/access-matrix.ts";
import { invalidOf, setUp, setUpTestApp } from "#tests/setup/app.ts";

const t = setUpTestApp();
const people = setUpMatrixPeople(t, "Texts");
const author = setUp(() => createUser(t.database.db, { displayName: "Nadia Writer" }));

const asAdmin = (path: string, init: { method?: string; json?: unknown } = {}) => t.request(path, { ...init, cookie: people.admin.cookie });
const post = (translations: unknown, title = "Spring cleanup") => ({
  title,
  authorUid: author.id,
  content: "<p>Bring gloves.</p>",
  datetime: "2031-04-01T14:00:00.000Z",
  translations,
});
const announcement = (translations: unknown) => ({ title: "Board vote", body: "<p>Vote on Monday.</p>", translations });
const page = (name: string, translations: unknown) => ({ name, permission: "public", contentFormat: "html", content: "<p>Who we are.</p>", translations });
const SCRIPTED = '<p onclick="steal()">Bonjour <script>alert(1)</script><a href="javascript:alert(1)">ici</a></p><img src=x onerror=alert(1)>';

describeAccessMatrix("text translations: who may write them", people, [
  {
    name: "a post with its French title and content: administrators only",
    call: (cookie) => t.request("/api/v1/posts", { method: "POST", json: post({ fr: { title: "Grand ménage" } }), cookie }),
    expect: adminOnly(201),
  },
  {
    name: "a page with its French name and content: administrators only",
    call: (cookie) => t.request("/api/v1/pages", { method: "POST", json: page(`Matrix ${Math.random().toString(36).slice(2)}`, { fr: { name: "Qui sommes-nous" } }), cookie }),
    expect: adminOnly(201),
  },
  {
    name: "an announcement with its French title and body: administrators only",
    call: (cookie) => t.request("/api/v1/announcements", { method: "POST", json: announcement({ fr: { title: "Vote du conseil" } }), cookie }),
    expect: adminOnly(201),
  },
]);

describe("a post's translations", () => {
  it("are saved, answered to the Posts tab for editing, and a blank removes one", async () => {
    const created = await asAdmin("/api/v1/posts", { method: "POST", json: post({ fr: { title: "Grand ménage", content: "<p>Apportez des gants.</p>" } }) });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const listed = (await (await asAdmin("/api/v1/admin/posts?pageSize=100")).json()) as { items: Array<{ id: string; translations?: unknown }> };
    expect(listed.items.find((p) => p.id === id)?.translations).toEqual({ fr: { title: "Grand ménage", content: "<p>Apportez des gants.</p>" } });
    const shown = (await (await t.request("/api/v1/posts?limit=100")).json()) as Array<{ id: string; translations?: unknown }>;
    expect(shown.find((p) => p.id === id)?.translations).toEqual({ fr: { title: "Grand ménage", content: "<p>Apportez des gants.</p>" } });
    const updated = await asAdmin(`/api/v1/posts/${id}`, { method: "PUT", json: post({ fr: { title: "Grand ménage", content: " " } }) });
    expect(updated.status).toBe(200);
    expect(((await updated.json()) as { translations: unknown }).translations).toEqual({ fr: { title: "Grand ménage" } });
  });

  it("sanitizes a translated content as the original's: no script survives", async () => {
    const created = await asAdmin("/api/v1/posts", { method: "POST", json: post({ fr: { content: SCRIPTED } }) });
    expect(created.status).toBe(201);
    const saved = ((await created.json()) as { translations: { fr: { content: string } } }).translations.fr.content;
    expect(saved).toContain("Bonjour");
    expect(saved).not.toMatch(/script|onclick|onerror|javascript:/i);
    const stored = await t.database.db.selectFrom("content_translation").select("value").where("field", "=", "content").where("value", "like", "%Bonjour%").execute();
    for (const row of stored) expect(row.value).not.toMatch(/script|onclick|onerror|javascript:/i);
  });

  it("sanitizes again on the way out a translated content written by another path", async () => {
    const created = await createPost(t.database.db, { title: "Raw row", content: "<p>Plain.</p>" });
    await t.services.translations.write("post", created.id, { fr: { content: SCRIPTED } }, ["title", "content"]);
    const listed = (await (await t.request("/api/v1/posts?limit=1000")).json()) as Array<{ id: string; translations: { fr: { content: string } } }>;
    const answered = listed.find((p) => p.id === created.id)!.translations.fr.content;
    expect(answered).toContain("Bonjour");
    expect(answered).not.toMatch(/script|onclick|onerror|javascript:/i);
    const shown = await t.services.posts.find(created.id, "fr");
    expect(shown?.content).toContain("Bonjour");
    expect(shown?.content).not.toMatch(/script|onclick|onerror|javascript:/i);
  });

  it("refuses a translated title too long beside its field, and a language the site does not offer", async () => {
    const long = await invalidOf(await asAdmin("/api/v1/posts", { method: "POST", json: post({ fr: { title: "x".repeat(201) } }) }));
    expect(Object.keys(long.fields)).toContain("translations.fr.title");
    const english = await invalidOf(await asAdmin("/api/v1/posts", { method: "POST", json: post({ en: { title: "Cleanup" } }) }));
    expect(english.fields["translations.en"]).toBe("English is the site's default language: edit the original text instead.");
  });

  it("is found by search with a word only its French text has", async () => {
    const created = await createPost(t.database.db, { title: "Harbour festival", content: "<p>Music by the water.</p>" });
    expect((await asAdmin(`/api/v1/posts/${created.id}`, { method: "PUT", json: { ...post({ fr: { title: "Festival du port", content: "<p>Musique et crêpes bretonnes au quai.</p>" } }, "Harbour festival"), content: "<p>Music by the water.</p>" } })).status).toBe(200);
    const found = JSON.stringify(await (await t.request(`/api/v1/search?q=${encodeURIComponent("crepes bretonnes")}`)).json());
    expect(found).toContain(created.id);
    expect(JSON.stringify(await (await t.request("/api/v1/search?q=bretonnes")).json())).toContain(created.id);
  });
});

describe("a page's translations", () => {
  it("are read back with the page for editing; the translated content is sanitized", async () => {
    const created = await asAdmin("/api/v1/pages", { method: "POST", json: page("About the association", { fr: { name: "À propos", content: SCRIPTED } }) });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const read = (await (await asAdmin(`/api/v1/pages/${id}`)).json()) as { translations: { fr: { name: string; content: string } } };
    expect(read.translations.fr.name).toBe("À propos");
    expect(read.translations.fr.content).toContain("Bonjour");
    expect(read.translations.fr.content).not.toMatch(/script|onclick|onerror|javascript:/i);
  });

  it("keeps a Markdown page's translation as Markdown, rendered safe on its French page", async () => {
    const created = await asAdmin("/api/v1/pages", {
      method: "POST",
      json: { name: "Markdown rules", permission: "public", contentFormat: "markdown", content: "**Rules**", translations: { fr: { content: "**Règles** <script>alert(1)</script>" } } },
    });
    expect(created.status).toBe(201);
    const shown = (await t.services.pages.view(null, "markdown-rules", "fr")) as { html: string };
    expect(shown.html).toContain("<strong>Règles</strong>");
    expect(shown.html).not.toMatch(/script/i);
  });
});

describe("an announcement's translations", () => {
  it("are answered to the Announcements tab, sanitized, and a French member reads them", async () => {
    const created = await asAdmin("/api/v1/announcements", {
      method: "POST",
      json: { ...announcement({ fr: { title: "Vote du conseil", body: SCRIPTED } }), publishAt: new Date(Date.now() - 60_000).toISOString() },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const listed = (await (await asAdmin("/api/v1/admin/announcements?pageSize=100")).json()) as { items: Array<{ id: string; translations: { fr: { title: string; body: string } } }> };
    const row = listed.items.find((a) => a.id === id)!;
    expect(row.translations.fr.title).toBe("Vote du conseil");
    expect(row.translations.fr.body).not.toMatch(/script|onclick|onerror|javascript:/i);

    const member = people.members.a.cookie;
    expect((await t.request("/api/v1/account/language", { method: "PUT", json: { language: "fr" }, cookie: member })).status).toBe(200);
    const inFrench = (await (await t.request(`/api/v1/announcements/${id}`, { cookie: member })).json()) as { title: string; body: string; lang?: Record<string, string> };
    expect(inFrench).toMatchObject({ title: "Vote du conseil" });
    expect(inFrench.body).toContain("Bonjour");
    expect(inFrench.lang).toEqual({});
    const inEnglish = (await (await t.request(`/api/v1/announcements/${id}`, { cookie: people.members.b.cookie })).json()) as { title: string; lang?: Record<string, string> };
    expect(inEnglish).toMatchObject({ title: "Board vote", lang: {} });
  });

  it("falls back to the original, marked English, for a French member when it has no translation", async () => {
    const created = await asAdmin("/api/v1/announcements", { method: "POST", json: { ...announcement(undefined), title: "Parking notice", publishAt: new Date(Date.now() - 60_000).toISOString() } });
    const { id } = (await created.json()) as { id: string };
    const member = people.members.a.cookie;
    expect((await t.request("/api/v1/account/language", { method: "PUT", json: { language: "fr" }, cookie: member })).status).toBe(200);
    const list = (await (await t.request("/api/v1/announcements", { cookie: member })).json()) as { items: Array<{ id: string; title: string; lang?: Record<string, string> }> };
    expect(list.items.find((a) => a.id === id)).toMatchObject({ title: "Parking notice", lang: { title: "en", body: "en" } });
  });
});
