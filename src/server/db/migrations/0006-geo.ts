// Geocoding and routing: a cache of provider answers and the counters behind the providers' rate limits.
import type { Kysely } from "kysely";
import type { DialectName } from "../database.ts";

export default function geo(dialect: DialectName) {
  const ts = dialect === "postgres" ? "timestamptz" : "text";
  const bigint = dialect === "postgres" ? "bigint" : "integer";
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("geo_cache")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("createdAt", ts, (c) => c.notNull())
        .addColumn("expiresAt", ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("geo_cache_expires_idx").on("geo_cache").column("expiresAt").execute();

      // Kept in the database, not in memory, so every instance behind a load balancer shares the limits.
      await db.schema
        .createTable("geo_rate")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("windowStart", bigint, (c) => c.notNull())
        .addColumn("count", "integer", (c) => c.notNull())
        .execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await db.schema.dropTable("geo_rate").execute();
      await db.schema.dropTable("geo_cache").execute();
    },
  };
}
