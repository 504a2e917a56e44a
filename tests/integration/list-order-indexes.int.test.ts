// The admin's lists read a page from an index in the list's order (migration 0066), both ways, rather than sorting
// the whole table for each page: what keeps a deep page of 100,000 businesses as quick as the first (bench/scale).
// Each repository's own queries are captured as it runs them and given to the database's planner.
import { sql, type CompiledQuery, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#server/db/database-types.ts";
import { createTestDatabase, type TestDatabase } from "#tests/setup/database.ts";
import { queriesOf as capturedQueries } from "#tests/setup/captured-queries.ts";
import { BusinessRepository } from "#server/features/business/business.repository.ts";
import { EventRepository } from "#server/features/event/event.repository.ts";
import { UsersRepository } from "#server/features/users/users.repository.ts";
import { OfferRepository } from "#server/features/offer/offer.repository.ts";
import type { PageFrom } from "#server/db/keyset.ts";
import { createBusiness, createCategory, createEvent } from "#server/db/factories.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  // Enough businesses and events that a page past the first has rows.
  const category = await createCategory(database.db, { name: "Walked" });
  for (let i = 0; i < 45; i++) {
    await createBusiness(database.db, { name: `Walked Shop ${i}`, categoryId: category.id });
    await createEvent(database.db, { name: `Walked Event ${i}`, eventDate: `2027-02-${String(1 + (i % 28)).padStart(2, "0")}T18:00:00.000Z` });
  }
});
afterAll(() => database.close());

/** The queries `run` sends, as compiled. */
const queriesOf = (run: (db: Kysely<DB>) => Promise<unknown>) => capturedQueries(database.db, run);

/** The ordered (paged) queries `run` sends. */
async function pagedQueries(run: (db: Kysely<DB>) => Promise<unknown>): Promise<CompiledQuery[]> {
  return (await queriesOf(run)).filter((query) => LIST_ORDER.test(query.sql) && /offset/i.test(query.sql));
}

/** The planner's plan for `query`, as text; on PostgreSQL with sorting made a last resort, so a plan that still sorts has no index to read. */
async function plan(query: CompiledQuery): Promise<string> {
  if (database.dialect === "sqlite") {
    const result = await database.db.executeQuery<{ detail: string }>({ ...query, sql: `explain query plan ${query.sql}` } as CompiledQuery<{ detail: string }>);
    return result.rows.map((row) => row.detail).join("\n");
  }
  return database.db.transaction().execute(async (trx) => {
    await sql`set local enable_sort = off`.execute(trx);
    await sql`set local enable_seqscan = off`.execute(trx);
    const result = await trx.executeQuery<{ "QUERY PLAN": string }>({ ...query, sql: `explain ${query.sql}` } as CompiledQuery<{ "QUERY PLAN": string }>);
    return result.rows.map((row) => row["QUERY PLAN"]).join("\n");
  });
}

/** A list's own ordered reads (not those loading a page's rows' details). */
const LIST_ORDER = /order by (trim\(search_fold\("name"\)\)|"eventDate"|"createdAt")/i;

const lists: Array<[string, (db: Kysely<DB>, sort: "asc" | "desc") => Promise<unknown>]> = [
  ["markers (businesses by name)", (db, sort) => new BusinessRepository(db, database.dialect).getPage({ offset: 40 }, 20, undefined, sort)],
  ["events (by date)", (db, sort) => new EventRepository(db).getPage({ offset: 40 }, 20, sort)],
  ["users (newest first)", (db, sort) => new UsersRepository(db, database.dialect).getPage(40, 20, sort)],
];

describe(`the admin's lists on ${process.env.TEST_DB}`, () => {
  for (const [name, run] of lists) {
    it(`reads a page of ${name} from an index, in either order, without sorting the table`, async () => {
      for (const sort of ["asc", "desc"] as const) {
        const queries = await pagedQueries((db) => run(db, sort));
        expect(queries.length, sort).toBe(1);
        const text = await plan(queries[0]!);
        expect(text, `${sort}: ${text}`).toMatch(/index/i);
        expect(text, `${sort}: ${text}`).not.toMatch(database.dialect === "sqlite" ? /TEMP B-TREE/ : /Sort/);
      }
    });
  }

  // A page asked by its number (decision 0069): the walk to its position reads the list's keys from the index alone,
  // and the page is then read from its first row's key, as a page after a row is.
  for (const [name, run] of lists.slice(0, 2)) {
    it(`walks to a page of ${name} asked by its number through the index alone, then reads the page from its first row`, async () => {
      for (const sort of ["asc", "desc"] as const) {
        const queries = (await queriesOf((db) => run(db, sort))).filter((query) => LIST_ORDER.test(query.sql));
        const [walk, page] = [queries.filter((query) => /offset/i.test(query.sql)), queries.filter((query) => !/offset/i.test(query.sql))];
        expect(walk.length, sort).toBe(1);
        const text = await plan(walk[0]!);
        expect(text, `${sort}: ${text}`).toMatch(database.dialect === "sqlite" ? /USING COVERING INDEX/ : /Index Only Scan/);
        expect(page.length, sort).toBe(1);
        expect(page[0]!.sql, sort).toMatch(/[<>]= \(/);
      }
    });
  }

  // A page after or before a row (decision 0068): the index sought to the row's key, not walked from its start.
  const seeks: Array<[string, readonly string[], (db: Kysely<DB>, from: PageFrom, sort: "asc" | "desc") => Promise<unknown>]> = [
    ["markers", ["maple bakery", "Maple Bakery", "b1"], (db, from, sort) => new BusinessRepository(db, database.dialect).getPage(from, 20, undefined, sort)],
    ["events", ["2027-01-10T18:00:00.000Z", "e1"], (db, from, sort) => new EventRepository(db).getPage(from, 20, sort)],
  ];
  for (const [name, key, run] of seeks) {
    it(`reads the page of ${name} after or before a row by seeking its index to the row, in either order`, async () => {
      for (const sort of ["asc", "desc"] as const) {
        for (const from of [{ offset: 40, after: key }, { offset: 0, before: key }]) {
          const queries = (await queriesOf((db) => run(db, from, sort))).filter((query) => LIST_ORDER.test(query.sql));
          expect(queries.length).toBe(1);
          expect(queries[0]!.sql).not.toMatch(/offset/i);
          const text = await plan(queries[0]!);
          const label = `${sort} ${from.after ? "after" : "before"}: ${text}`;
          if (database.dialect === "sqlite") {
            expect(text, label).toMatch(/SEARCH .*USING (COVERING )?INDEX .*\(.*[<>]/);
            expect(text, label).not.toMatch(/TEMP B-TREE/);
          } else {
            expect(text, label).toMatch(/Index Cond: .*ROW\(/);
            expect(text, label).not.toMatch(/Sort/);
          }
        }
      }
    });
  }

  // The sitemap's children (decision 0073): each list's ids read by id from a position, its conditions tested on the
  // index (migration 0098), so that neither the walk to the position nor the page reads a row of the table.
  const sitemapLists: Array<[string, (db: Kysely<DB>) => Promise<unknown>]> = [
    ["businesses", (db) => new BusinessRepository(db, database.dialect).idsPage(20, { offset: 40 })],
    ["upcoming single events", (db) => new EventRepository(db).upcomingIdsPage("2027-01-01T00:00:00.000Z", 20, { offset: 40 })],
    ["running offers", (db) => new OfferRepository(db).runningIdsPage("2027-01-01", 20, { offset: 40 })],
  ];
  for (const [name, run] of sitemapLists) {
    it(`walks the sitemap's ${name} to a child's position and reads its page from an index alone`, async () => {
      const queries = await queriesOf(run);
      expect(queries.length).toBe(1);
      const text = await plan(queries[0]!);
      expect(text).toMatch(database.dialect === "sqlite" ? /USING COVERING INDEX/ : /Index Only Scan/);
      expect(text).not.toMatch(database.dialect === "sqlite" ? /TEMP B-TREE/ : /Sort/);
    });
  }

  it.runIf(process.env.TEST_DB !== "postgres")("counts the markers a 1- or 2-letter search finds from the folded names' index, without folding every name anew", async () => {
    const queries = await queriesOf((db) => new BusinessRepository(db, database.dialect).getPage({ offset: 0 }, 20, "ma"));
    const count = queries.find((query) => /count\(\*\)/i.test(query.sql))!;
    expect(await plan(count)).toMatch(/COVERING INDEX business_folded_name_idx/);
  });

  it("finds the markers a search of 3+ letters names from the folded names' trigrams, in either order, not by walking the names (migration 0096)", async () => {
    const index = database.dialect === "sqlite" ? /VIRTUAL TABLE INDEX/ : /business_folded_name_folded_trgm_idx/;
    for (const sort of ["asc", "desc"] as const) {
      const queries = await queriesOf((db) => new BusinessRepository(db, database.dialect).getPage({ offset: 0 }, 20, "maple", sort));
      // The page and the count (its subquery aside).
      const read = queries.filter((query) => /count\(\*\)|order by/i.test(query.sql) && /business_folded_name/.test(query.sql));
      expect(read.length, sort).toBe(2);
      for (const query of read) {
        const text = await plan(query);
        expect(text, `${sort}: ${text}`).toMatch(index);
        expect(text, `${sort}: ${text}`).not.toMatch(/business_folded_name_idx/);
      }
    }
  });
});
