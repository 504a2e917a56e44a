// On PostgreSQL a write brings the search documents of the rows it wrote in line from its statement trigger
// (migrations 0041, 0083); since migration 0100 the documents whose source row is gone are found through the written
// rows, not by reading every document: a write's cost no longer grows with the site's documents. Counted with the
// transaction's own statistics of search_document (`pg_stat_xact_user_tables`), on a site of some thousands of
// documents (businesses, events and offers), analysed, so that the planner weighs a scan as it would on a real site. And the documents still follow
// every kind of write.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBusiness, buildEvent, buildOffer, createCategory, createTag } from "#server/db/factories.ts";
import { createTestDatabase, testDialect, type TestDatabase } from "#tests/setup/database.ts";

describe.runIf(testDialect === "postgres")("a write's search documents on PostgreSQL", () => {
  let database: TestDatabase;
  let categoryId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    categoryId = (await createCategory(database.db, { name: "Refreshed" })).id;
    // Businesses with events at half of them and offers of a quarter, as bench/scale seeds a site.
    for (let i = 0; i < 6000; i += 500) {
      const businesses = Array.from({ length: 500 }, (_, j) => buildBusiness({ name: `Refreshed Shop ${i + j}`, categoryId }));
      await database.db.insertInto("business").values(businesses).execute();
      await database.db.insertInto("event").values(businesses.filter((_, j) => j % 2 === 0).map((b) => buildEvent({ location: b.id }))).execute();
      await database.db.insertInto("offer").values(businesses.filter((_, j) => j % 4 === 0).map((b) => buildOffer({ businessId: b.id }))).execute();
    }
    await sql`analyze`.execute(database.db);
  }, 120_000);
  afterAll(() => database.close());

  /** Sequential scans of search_document by `write`, in one transaction that is then rolled back. */
  async function documentScans(write: (db: typeof database.db) => Promise<unknown>): Promise<number> {
    let scans = -1;
    await database.db
      .transaction()
      .execute(async (trx) => {
        await write(trx);
        const row = await sql<{ n: string }>`select seq_scan as n from pg_stat_xact_user_tables where relname = 'search_document'`.execute(trx);
        scans = Number(row.rows[0]?.n ?? 0);
        throw new Error("rolled back");
      })
      .catch((error: Error) => {
        if (error.message !== "rolled back") throw error;
      });
    return scans;
  }

  it("reads no document but those of the rows written", async () => {
    const tag = await createTag(database.db, { name: "Scanned" });
    const some = await database.db.selectFrom("business").select("id").orderBy("id").limit(50).execute();
    const writes: Array<[string, (db: typeof database.db) => Promise<unknown>]> = [
      ["businesses added", (db) => db.insertInto("business").values(Array.from({ length: 100 }, (_, i) => buildBusiness({ name: `Added Shop ${i}`, categoryId }))).execute()],
      ["businesses renamed", (db) => db.updateTable("business").set({ name: sql`name || ' Renamed'` }).where("id", "in", some.map((b) => b.id)).execute()],
      ["tags given", (db) => db.insertInto("business_tag").values(some.map((b) => ({ businessId: b.id, tagId: tag.id }))).execute()],
      ["businesses deleted", (db) => db.deleteFrom("business").where("id", "in", some.map((b) => b.id)).execute()],
    ];
    for (const [name, write] of writes) expect(await documentScans(write), name).toBe(0);
  });

  it("deletes a deleted business's document and keeps a renamed one's in line", async () => {
    const [gone, renamed] = await database.db.selectFrom("business").select(["id", "name"]).orderBy("id", "desc").limit(2).execute();
    await database.db.deleteFrom("business").where("id", "=", gone!.id).execute();
    await database.db.updateTable("business").set({ name: "Renamed Refreshed Shop" }).where("id", "=", renamed!.id).execute();
    const documents = await database.db.selectFrom("search_document").select(["ref", "name"]).where("kind", "=", "business").where("ref", "in", [gone!.id, renamed!.id]).execute();
    expect(documents).toEqual([{ ref: renamed!.id, name: "Renamed Refreshed Shop" }]);
  });
});
