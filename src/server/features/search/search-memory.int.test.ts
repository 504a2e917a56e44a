import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#tests/setup/database.ts";
import type { Database } from "#server/db/database.ts";
import { createBusiness, createCategory, createEvent, createOffer, createPost, createTag } from "#server/db/factories.ts";
import { SEARCH_TYPES, SUGGESTION_TYPES } from "#shared/schemas/search.ts";
import { createEngineSearchRepository, createSearchRepository } from "./search.repository.ts";
import { SearchService } from "./search.service.ts";
import { MemorySearchIndex, OverlaidSearchIndex } from "./search-memory.ts";
import { SearchChangeRepository } from "./search-change.repository.ts";

let database: TestDatabase;
let second: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  second = database.reopen();
  const { db } = database;
  const restaurants = await createCategory(db, { name: "Restaurants", description: "Places to eat downtown." });
  const bakeries = await createCategory(db, { name: "Cafés & Bakeries" });
  const vegan = await createTag(db, { name: "Vegan" });
  const patio = await createTag(db, { name: "Patio" });
  await createBusiness(db, { name: "Café Roma", categoryId: bakeries.id, tagIds: [patio.id], description: "Espresso, gelato and cannoli." });
  await createBusiness(db, { name: "Lakeview Restaurant", categoryId: restaurants.id, tagIds: [vegan.id, patio.id], address: "12 Queen Street" });
  await createBusiness(db, { name: "Queen Street Books", description: "Used books, maps and prints since 1987." });
  await createBusiness(db, { name: "Émile's Fine Cheese", categoryId: bakeries.id, description: "Cheese from Quebec and Ontario farms." });
  await createBusiness(db, { name: "The Green Plate", categoryId: restaurants.id, tagIds: [vegan.id], description: "Vegan bowls and cafe drinks." });
  for (let i = 1; i <= 12; i++) await createBusiness(db, { name: `Corner Cafe ${i}`, categoryId: bakeries.id, description: "Coffee on the corner." });
  const roma = await createBusiness(db, { name: "Roma Pizzeria", categoryId: restaurants.id });
  await createBusiness(db, { name: "Cafe Bellini Espresso Bar", categoryId: bakeries.id, description: "Cafe, espresso and cafe latte." });
  await createEvent(db, { name: "Restaurant Week", description: "Prix fixe menus at downtown restaurants." });
  await createOffer(db, { businessId: roma.id, businessName: null, type: "BOGO", description: "Two slices for one" });
  await createPost(db, { title: "Fish &amp; Chips Friday", content: "<p>Fish &amp; chips at <strong>Lakeview</strong>.</p>" });
});
afterAll(async () => {
  await second.close();
  await database.close();
});

/** A repository whose index in the process is read and built (the engine's answers until then). */
async function built(of: Database) {
  const repository = createSearchRepository(of);
  await repository.snapshot();
  await repository.rebuilt();
  expect(await repository.snapshot()).toBeInstanceOf(MemorySearchIndex);
  return repository;
}

const QUERIES = ["ca", "caf", "cafe", "roma", "qu", "queen st", "vegan", "restaurant", "restaurants", "res", "emile", "cheese quebec", "patio caf", "lake", "19", "corner cafe 1", "resturant", "lakeveiw", "bakeries", "zzz", "fish"];

describe("the index in the process", () => {
  it("finds what the engine's own index finds, and ranks name matches first", async () => {
    const memory = new SearchService(await built(database));
    const engine = new SearchService(createEngineSearchRepository(database));
    for (const q of QUERIES) {
      for (const [types, perType] of [[SUGGESTION_TYPES, undefined], [SEARCH_TYPES, 50]] as const) {
        const asked = { q, types, limit: 50, perType };
        const [fromMemory, fromEngine] = [await memory.search(asked), await engine.search(asked)];
        const key = (r: { type: string; id: string }) => `${r.type}:${r.id}`;
        expect(fromMemory.results.map(key).sort(), `${q} (${perType ? "page" : "suggestions"})`).toEqual(fromEngine.results.map(key).sort());
      }
    }
    const suggestions = await memory.search({ q: "roma", types: SUGGESTION_TYPES, limit: 10 });
    // Names starting with the word first, by relevance then name.
    expect(suggestions.results.map((r) => r.title)).toEqual(["Roma Pizzeria", "Café Roma"]);
    const cafes = await memory.search({ q: "cafe", types: SUGGESTION_TYPES, limit: 10 });
    // Names starting with the word, the shorter first; then the names holding it.
    expect(cafes.results.slice(0, 3).map((r) => r.title)).toEqual(["Café Roma", "Cafés & Bakeries", "Cafe Bellini Espresso Bar"]);
    // Numbers in names sort as numbers.
    expect(cafes.results.slice(3, 6).map((r) => r.title)).toEqual(["Corner Cafe 1", "Corner Cafe 2", "Corner Cafe 3"]);
  });

  it("forgives a typo in the first letter too, and reads no markup as words", async () => {
    const memory = new SearchService(await built(database));
    const titles = async (q: string) => (await memory.search({ q, types: SEARCH_TYPES, limit: 10 })).results.map((r) => r.title);
    expect(await titles("xakeview")).toContain("Lakeview Restaurant");
    expect(await titles("akeview")).toContain("Lakeview Restaurant");
    expect(await titles("alkeview")).toContain("Lakeview Restaurant");
    expect(await titles("strong")).toEqual([]);
    expect(await titles("amp")).toEqual([]);
    expect(await titles("chips lakeview")).toEqual(["Fish &amp; Chips Friday"]);
  });

  it("shows a change made through another connection at once, as another instance would", async () => {
    const here = new SearchService(await built(database));
    const there = new SearchService(await built(second));
    const suggest = async (service: SearchService, q: string) => (await service.search({ q, types: SUGGESTION_TYPES, limit: 10 })).results.map((r) => r.title);
    expect(await suggest(here, "marigold")).toEqual([]);
    expect(await suggest(there, "marigold")).toEqual([]);

    const business = await createBusiness(second.db, { name: "Marigold Florist", description: "Flowers for every day." });
    expect(await suggest(here, "marigold")).toEqual(["Marigold Florist"]);
    await database.db.updateTable("business").set({ name: "Peony Florist" }).where("id", "=", business.id).execute();
    expect(await suggest(there, "marigold")).toEqual([]);
    expect(await suggest(there, "peony")).toEqual(["Peony Florist"]);
    await second.db.deleteFrom("business").where("id", "=", business.id).execute();
    expect(await suggest(here, "peony")).toEqual([]);
  });

  it("corrects its index by the documents another instance wrote, answering as an index read anew, then reads it anew off the path", async () => {
    const repository = await built(database);
    const here = new SearchService(repository);
    const there = new SearchService(await built(second));
    const suggest = async (service: SearchService, q: string) => (await service.search({ q, types: SUGGESTION_TYPES, limit: 10 })).results.map((r) => r.title);
    /** Every query's results, suggestions and page, in their order. */
    const answers = async (service: SearchService) => {
      const all: string[][] = [];
      for (const q of [...QUERIES, "hollyhock", "tulip", "thistle"]) {
        for (const [types, perType] of [[SUGGESTION_TYPES, undefined], [SEARCH_TYPES, 50]] as const) {
          all.push((await service.search({ q, types, limit: 50, perType })).results.map((r) => `${r.type}:${r.id}:${r.title}`));
        }
      }
      return all;
    };
    expect(await suggest(here, "hollyhock")).toEqual([]);
    expect(await repository.snapshot()).toBeInstanceOf(MemorySearchIndex);

    const business = await createBusiness(second.db, { name: "Hollyhock Cafe", description: "Tulip tea and cake." });
    expect(await suggest(here, "hollyhock")).toEqual(["Hollyhock Cafe"]);
    expect(await repository.snapshot()).toBeInstanceOf(OverlaidSearchIndex);
    expect(await answers(here)).toEqual(await answers(new SearchService(await built(database))));

    await second.db.updateTable("business").set({ name: "Thistle Cafe" }).where("id", "=", business.id).execute();
    expect(await suggest(here, "hollyhock")).toEqual([]);
    expect(await suggest(here, "thistle")).toEqual(["Thistle Cafe"]);
    // A word only the old name held is no typo reading any more.
    expect(await suggest(here, "hollyhocj")).toEqual([]);
    expect(await suggest(there, "thistle")).toEqual(["Thistle Cafe"]);
    expect(await answers(here)).toEqual(await answers(new SearchService(await built(database))));

    const roma = (await database.db.selectFrom("business").select("id").where("name", "=", "Roma Pizzeria").executeTakeFirstOrThrow()).id;
    await second.db.deleteFrom("business").where("id", "=", roma).execute();
    expect(await suggest(here, "roma")).toEqual(["Café Roma"]);
    expect(await answers(here)).toEqual(await answers(new SearchService(await built(database))));

    await repository.rebuilt();
    expect(await repository.snapshot()).toBeInstanceOf(MemorySearchIndex);
    expect(await answers(here)).toEqual(await answers(new SearchService(await built(database))));
    await second.db.deleteFrom("business").where("id", "=", business.id).execute();
    expect(await suggest(here, "thistle")).toEqual([]);
  });

  it("read and indexed by a worker thread on a connection of its own, answers as the index read here", async () => {
    const inWorker = createSearchRepository(database, { inWorkerFrom: 1 });
    await inWorker.snapshot();
    await inWorker.rebuilt();
    expect(inWorker.indexed()).toBeGreaterThan(10);
    const [here, there] = [new SearchService(await built(database)), new SearchService(inWorker)];
    for (const q of QUERIES) {
      for (const [types, perType] of [[SUGGESTION_TYPES, undefined], [SEARCH_TYPES, 50]] as const) {
        const asked = { q, types, limit: 50, perType };
        expect((await there.search(asked)).results, q).toEqual((await here.search(asked)).results);
      }
    }
    // Corrected by a change as any other, and built again by the worker.
    const business = await createBusiness(second.db, { name: "Foxglove Tea Room" });
    expect((await there.search({ q: "foxglove", types: SUGGESTION_TYPES, limit: 10 })).results.map((r) => r.title)).toEqual(["Foxglove Tea Room"]);
    await inWorker.rebuilt();
    expect(await inWorker.snapshot()).toBeInstanceOf(MemorySearchIndex);
    expect((await there.search({ q: "foxglove", types: SUGGESTION_TYPES, limit: 10 })).results.map((r) => r.title)).toEqual(["Foxglove Tea Room"]);
    await second.db.deleteFrom("business").where("id", "=", business.id).execute();
  });

  it("reads every document again off the path when the marks it would read from were cleared, the engine answering meanwhile", async () => {
    const repository = await built(database);
    const here = new SearchService(repository);
    const suggest = async (q: string) => (await here.search({ q, types: SUGGESTION_TYPES, limit: 10 })).results.map((r) => r.title);
    const business = await createBusiness(database.db, { name: "Larkspur Books" });
    expect(await suggest("larkspur")).toEqual(["Larkspur Books"]);
    await second.db.deleteFrom("business").where("id", "=", business.id).execute();
    expect(await new SearchChangeRepository(second.db).clearGone()).toBeGreaterThan(0);
    expect(await suggest("larkspur")).toEqual([]);
    await repository.rebuilt();
    expect(await repository.snapshot()).toBeInstanceOf(MemorySearchIndex);
    // Corrected from there on (on PostgreSQL, once no transaction the cleared mark's reader could not see is left).
    await createBusiness(second.db, { name: "Larkspur Music" });
    expect(await suggest("larkspur")).toEqual(["Larkspur Music"]);
  });
});
