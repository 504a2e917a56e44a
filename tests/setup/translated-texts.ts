// News posts and CMS pages with French translations, for the tests of the French news and CMS pages.
import { createPage, createPost } from "#server/db/factories.ts";
import type { TestApp } from "./app.ts";

/**
 * Two posts, the newer one ("Street fair") with a French title and content; two public pages, "About us" (slug
 * about-us) with a French name and content and "Membership" (membership) without; "History" (history, shown
 * below /history's heading) with French content.
 */
export async function translatedTexts(t: TestApp): Promise<{ translated: string; plain: string }> {
  const db = t.database.db;
  const plain = await createPost(db, { title: "Parking changes", content: "<p>New meters on Main.</p>", datetime: "2031-05-01T12:00:00.000Z" });
  const translated = await createPost(db, { title: "Street fair", content: "<p>Join us on Saturday.</p>", datetime: "2031-05-02T12:00:00.000Z" });
  await t.services.translations.write("post", translated.id, { fr: { title: "Fête de rue", content: "<p>Joignez-vous à nous samedi.</p>" } }, ["title", "content"]);
  await createPage(db, { name: "Membership", slug: "membership", permission: "public", contentFormat: "html", content: "<p>Join the association.</p>" });
  const about = await createPage(db, { name: "About us", slug: "about-us", permission: "public", contentFormat: "html", content: "<p>Who we are.</p>" });
  await t.services.translations.write("page", about.id, { fr: { name: "À propos", content: "<p>Qui nous sommes.</p>" } }, ["name", "content"]);
  const history = await createPage(db, { name: "History", slug: "history", permission: "public", contentFormat: "html", content: "<p>Founded in 1972.</p>" });
  await t.services.translations.write("page", history.id, { fr: { content: "<p>Fondée en 1972.</p>" } }, ["name", "content"]);
  return { translated: translated.id, plain: plain.id };
}
