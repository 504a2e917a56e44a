// The public pages of the demo content the benchmarks visit, read from the database of the app they started (with
// DEMO_CONTENT), so that each names a business, tag, category, event, offer and news post that is there.
import path from "node:path";
import { openDatabase } from "../src/server/db/database.ts";
import { slugify } from "../src/shared/format.ts";

/**
 * The home page, the lists of events, offers and news, and one page of each kind, by name ("news post"): the first
 * business, tag, category and event by name, the oldest offer and the first post by title, from the app's SQLite
 * database in `dataDir`.
 */
export async function demoPages(dataDir: string): Promise<Record<string, string>> {
  const database = openDatabase({ sqlitePath: path.join(dataDir, "niche.sqlite") });
  const business = await database.db.selectFrom("business").select("id").orderBy("name").executeTakeFirstOrThrow();
  const tag = await database.db.selectFrom("tag").select("name").orderBy("name").executeTakeFirstOrThrow();
  const category = await database.db.selectFrom("category").select("name").orderBy("name").executeTakeFirstOrThrow();
  const event = await database.db.selectFrom("event").select("id").orderBy("name").executeTakeFirstOrThrow();
  const offer = await database.db.selectFrom("offer").select("id").orderBy("createdAt").executeTakeFirstOrThrow();
  const post = await database.db.selectFrom("post").select("id").orderBy("title").executeTakeFirstOrThrow();
  await database.close();
  return {
    home: "/",
    events: "/events",
    offers: "/offers",
    news: "/news",
    business: `/business/${business.id}`,
    tag: `/tag/${slugify(tag.name)}`,
    category: `/category/${slugify(category.name)}`,
    event: `/events/${event.id}`,
    offer: `/offers/${offer.id}`,
    "news post": `/news/${post.id}`,
  };
}
