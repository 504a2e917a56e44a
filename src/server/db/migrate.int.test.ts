import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getMigrations } from "better-auth/db/migration";
import { createTestDatabase } from "#tests/setup/database.ts";
import { createAuth } from "../auth/auth.ts";
import type { Database } from "./database.ts";
import { discoverMigrations, migrateToLatest } from "./migrate.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe("migrations", () => {
  it("create every entity of the data model", async () => {
    const tables = (await database.db.introspection.getTables()).map((t) => t.name);
    expect(tables).toEqual(
      expect.arrayContaining([
        "user", "session", "account", "verification", "rateLimit", "site_settings",
        "business", "category", "tag", "business_tag", "event", "page", "post", "offer", "stored_file",
      ]),
    );
  });

  it("are already applied to the template and applying again changes nothing", async () => {
    expect(await migrateToLatest(database)).toEqual([]);
  });

  it("are found in their folder under the names existing databases recorded", async () => {
    const names = Object.keys(await discoverMigrations(database.dialect));
    expect(names).toEqual(expect.arrayContaining(["0001-initial", "0002-search", "0003-uploads", "0004-accounts", "0006-geo", "0007-admin"]));
    const recorded = await database.db
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's own bookkeeping table is not part of the schema types
      .selectFrom("kysely_migration" as any)
      .select("name")
      .orderBy("name")
      .execute();
    expect(recorded.map((row) => (row as { name: string }).name)).toEqual([...names].sort());
  });

  it("give better-auth every table and column it needs", async () => {
    const auth = createAuth({ database, secret: "x".repeat(48), baseURL: "http://localhost:3000", trustedOrigins: [], trustProxy: false });
    const pending = await getMigrations({ ...auth.options, logger: { disabled: true } });
    expect(pending.toBeCreated).toEqual([]);
    expect(pending.toBeAdded).toEqual([]);
  });

  it("keep business tags, offers and categories consistent when a record goes away", async () => {
    const now = new Date().toISOString();
    const db = database.db;
    await db.insertInto("category").values({ id: "c1", name: "Food", color: "#ff0000", description: null, createdAt: now }).execute();
    await db.insertInto("tag").values({ id: "t1", name: "Vegan", createdAt: now }).execute();
    await db
      .insertInto("business")
      .values({ id: "b1", name: "Green Fork", categoryId: "c1", description: null, address: null, website: null, phone: null, lat: 43.1, lng: -79.06, logoUrl: null, logoStoragePath: null, createdAt: now, lastUpdatedAt: now })
      .execute();
    await db.insertInto("business_tag").values({ businessId: "b1", tagId: "t1" }).execute();
    await db
      .insertInto("offer")
      .values({ id: "o1", businessId: "b1", businessName: "Green Fork", description: "Half off", price: null, type: "Discount", terms: null, ownerUid: null, createdAt: now, lastUpdatedAt: now })
      .execute();

    await expect(db.insertInto("tag").values({ id: "t2", name: "VEGAN", createdAt: now }).execute()).rejects.toThrow();

    await db.deleteFrom("category").where("id", "=", "c1").execute();
    expect((await db.selectFrom("business").select("categoryId").where("id", "=", "b1").executeTakeFirstOrThrow()).categoryId).toBeNull();

    await db.deleteFrom("business").where("id", "=", "b1").execute();
    expect(await db.selectFrom("business_tag").selectAll().execute()).toEqual([]);
    expect(await db.selectFrom("offer").selectAll().execute()).toEqual([]);
  });
});
