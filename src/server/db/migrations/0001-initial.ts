// Every entity of the spec's data model, the auth tables and the site settings.
import { sql, type Kysely } from "kysely";
import type { DialectName } from "../database.ts";

export default function initial(dialect: DialectName) {
  const ts = dialect === "postgres" ? "timestamptz" : "text";
  const bool = dialect === "postgres" ? "boolean" : "integer";
  const real = dialect === "postgres" ? "double precision" : "real";
  const bigint = dialect === "postgres" ? "bigint" : "integer";

  return {
    // Migrations are frozen in time, so they see an untyped database rather than today's schema types.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      // Auth tables, in the shape better-auth's Kysely adapter reads and writes.
      await db.schema
        .createTable("user")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("emailVerified", bool, (c) => c.notNull())
        .addColumn("displayName", "text", (c) => c.notNull())
        .addColumn("photoURL", "text")
        .addColumn("role", "text")
        .addColumn("banned", bool)
        .addColumn("banReason", "text")
        .addColumn("banExpires", ts)
        .addColumn("accountType", "text")
        .addColumn("lastLogin", ts)
        .addColumn("provider", "text")
        .addColumn("createdAt", ts, (c) => c.notNull())
        .addColumn("updatedAt", ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("user_created_at_idx").on("user").column("createdAt").execute();
      await db.schema.createIndex("user_display_name_idx").on("user").column("displayName").execute();

      await db.schema
        .createTable("session")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("token", "text", (c) => c.notNull().unique())
        .addColumn("expiresAt", ts, (c) => c.notNull())
        .addColumn("ipAddress", "text")
        .addColumn("userAgent", "text")
        .addColumn("impersonatedBy", "text")
        .addColumn("createdAt", ts, (c) => c.notNull())
        .addColumn("updatedAt", ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("session_user_idx").on("session").column("userId").execute();

      await db.schema
        .createTable("account")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("accountId", "text", (c) => c.notNull())
        .addColumn("providerId", "text", (c) => c.notNull())
        .addColumn("accessToken", "text")
        .addColumn("refreshToken", "text")
        .addColumn("idToken", "text")
        .addColumn("accessTokenExpiresAt", ts)
        .addColumn("refreshTokenExpiresAt", ts)
        .addColumn("scope", "text")
        .addColumn("password", "text")
        .addColumn("createdAt", ts, (c) => c.notNull())
        .addColumn("updatedAt", ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("account_user_idx").on("account").column("userId").execute();

      await db.schema
        .createTable("verification")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("identifier", "text", (c) => c.notNull())
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("expiresAt", ts, (c) => c.notNull())
        .addColumn("createdAt", ts, (c) => c.notNull())
        .addColumn("updatedAt", ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("verification_identifier_idx").on("verification").column("identifier").execute();

      await db.schema
        .createTable("rateLimit")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("key", "text", (c) => c.notNull().unique())
        .addColumn("count", "integer", (c) => c.notNull())
        .addColumn("lastRequest", bigint, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("site_settings")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("associationName", "text", (c) => c.notNull())
        .addColumn("tagline", "text", (c) => c.notNull())
        .addColumn("mailingAddress", "text", (c) => c.notNull())
        .addColumn("generalEmail", "text", (c) => c.notNull())
        .addColumn("volunteerEmail", "text", (c) => c.notNull())
        .addColumn("sponsorLogos", "text", (c) => c.notNull())
        .addColumn("heroPhotos", "text", (c) => c.notNull())
        .addColumn("mapCenterLat", real, (c) => c.notNull())
        .addColumn("mapCenterLng", real, (c) => c.notNull())
        .addColumn("mapZoom", "integer", (c) => c.notNull())
        .addColumn("lastUpdatedAt", ts, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("category")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("color", "text", (c) => c.notNull())
        .addColumn("description", "text")
        .addColumn("createdAt", ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("category_name_key").on("category").expression(sql`lower(name)`).unique().execute();

      await db.schema
        .createTable("tag")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("createdAt", ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("tag_name_key").on("tag").expression(sql`lower(name)`).unique().execute();

      await db.schema
        .createTable("business")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("categoryId", "text", (c) => c.references("category.id").onDelete("set null"))
        .addColumn("description", "text")
        .addColumn("address", "text")
        .addColumn("website", "text")
        .addColumn("phone", "text")
        .addColumn("lat", real, (c) => c.notNull())
        .addColumn("lng", real, (c) => c.notNull())
        .addColumn("logoUrl", "text")
        .addColumn("logoStoragePath", "text")
        .addColumn("createdAt", ts, (c) => c.notNull())
        .addColumn("lastUpdatedAt", ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("business_name_idx").on("business").column("name").execute();
      await db.schema.createIndex("business_category_idx").on("business").column("categoryId").execute();

      await db.schema
        .createTable("business_tag")
        .addColumn("businessId", "text", (c) => c.notNull().references("business.id").onDelete("cascade"))
        .addColumn("tagId", "text", (c) => c.notNull().references("tag.id").onDelete("cascade"))
        .addPrimaryKeyConstraint("business_tag_pk", ["businessId", "tagId"])
        .execute();
      await db.schema.createIndex("business_tag_tag_idx").on("business_tag").column("tagId").execute();

      await db.schema
        .createTable("event")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("description", "text")
        .addColumn("location", "text", (c) => c.notNull())
        .addColumn("outdoorLocationDescription", "text")
        .addColumn("ticketsLink", "text")
        .addColumn("eventDate", ts, (c) => c.notNull())
        .addColumn("imageUrl", "text")
        .addColumn("imageStoragePath", "text")
        .addColumn("ownerUid", "text", (c) => c.references("user.id").onDelete("set null"))
        .addColumn("createdAt", ts, (c) => c.notNull())
        .addColumn("lastUpdatedAt", ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("event_date_idx").on("event").column("eventDate").execute();
      await db.schema.createIndex("event_location_idx").on("event").columns(["location", "eventDate"]).execute();

      await db.schema
        .createTable("page")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("slug", "text", (c) => c.notNull().unique())
        .addColumn("permission", "text", (c) => c.notNull())
        .addColumn("content", "text", (c) => c.notNull())
        .addColumn("contentFormat", "text", (c) => c.notNull())
        .addColumn("createdAt", ts, (c) => c.notNull())
        .addColumn("lastUpdatedAt", ts, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("post")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("authorUid", "text", (c) => c.references("user.id").onDelete("set null"))
        .addColumn("authorDisplayName", "text")
        .addColumn("content", "text", (c) => c.notNull())
        .addColumn("datetime", ts, (c) => c.notNull())
        .addColumn("link", "text")
        .addColumn("imageUrl", "text")
        .addColumn("imagePath", "text")
        .addColumn("editorUid", "text", (c) => c.references("user.id").onDelete("set null"))
        .addColumn("createdAt", ts, (c) => c.notNull())
        .addColumn("lastUpdatedAt", ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("post_datetime_idx").on("post").column("datetime").execute();

      await db.schema
        .createTable("offer")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("businessId", "text", (c) => c.notNull().references("business.id").onDelete("cascade"))
        .addColumn("businessName", "text")
        .addColumn("description", "text", (c) => c.notNull())
        .addColumn("price", "text")
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("terms", "text")
        .addColumn("ownerUid", "text", (c) => c.references("user.id").onDelete("set null"))
        .addColumn("createdAt", ts, (c) => c.notNull())
        .addColumn("lastUpdatedAt", ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("offer_created_idx").on("offer").column("createdAt").execute();
      await db.schema.createIndex("offer_business_idx").on("offer").columns(["businessId", "createdAt"]).execute();

      await db.schema
        .createTable("stored_file")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("bucket", "text", (c) => c.notNull())
        .addColumn("fullPath", "text", (c) => c.notNull().unique())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("size", bigint, (c) => c.notNull())
        .addColumn("contentType", "text", (c) => c.notNull())
        .addColumn("timeCreated", ts, (c) => c.notNull())
        .addColumn("updated", ts, (c) => c.notNull())
        .addColumn("md5Hash", "text", (c) => c.notNull())
        .addColumn("customMetadata", "text", (c) => c.notNull())
        .addColumn("ownerUid", "text", (c) => c.references("user.id").onDelete("set null"))
        .addColumn("attachedAt", ts)
        .execute();
    },
  };
}
