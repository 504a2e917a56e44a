// Translations of the association's own texts (docs/decisions/0044-content-translations.md): one row per entity,
// language and field, beside the original in the site's default language. Deleting an entity deletes its
// translations (triggers, so every writer does), a translation counts as content for the anonymous cache and the
// search index (content_version), and the search documents hold every language's text.
import { sql, type Kysely } from "kysely";
import type { DialectName } from "../database.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const run = (db: AnyDb, statement: string) => sql.raw(statement).execute(db);

/** The tables whose rows may have translations, by the entity type their translations are stored under. */
const ENTITY_TABLES = {
  business: "business",
  category: "category",
  tag: "tag",
  event: "event",
  offer: "offer",
  post: "post",
  page: "page",
  announcement: "announcement",
} as const;

type Kind = "business" | "category" | "tag" | "event" | "offer" | "post";

/** The translations' text of one entity, joined by spaces ('' when it has none). */
function translated(type: Kind, id: string, dialect: DialectName): string {
  const join =
    dialect === "postgres"
      ? `string_agg(ct.value, ' ')`
      : `group_concat(ct.value, ' ')`;
  return `coalesce((select ${join} from content_translation ct where ct."entityType" = '${type}' and ct."entityId" = ${id}), '')`;
}

/** 0002-search's documents, each body followed by its translations. */
function sources(dialect: DialectName): Record<Kind, string> {
  const tagNames =
    dialect === "postgres"
      ? `string_agg(t.name, ' ')`
      : `group_concat(t.name, ' ')`;
  return {
    business: `
      select b.id as ref, b.name as name,
        concat_ws(' ', b.description, b.address, ${translated("business", "b.id", dialect)}) as body,
        concat_ws(' ',
          (select c.name from category c where c.id = b."categoryId"),
          (select ${tagNames} from business_tag bt join tag t on t.id = bt."tagId" where bt."businessId" = b.id)
        ) as extra
      from business b`,
    category: `select c.id as ref, c.name as name, concat_ws(' ', c.description, ${translated("category", "c.id", dialect)}) as body, '' as extra from category c`,
    tag: `select t.id as ref, t.name as name, ${translated("tag", "t.id", dialect)} as body, '' as extra from tag t`,
    event: `
      select e.id as ref, e.name as name,
        concat_ws(' ', e.description, e."outdoorLocationDescription", ${translated("event", "e.id", dialect)}) as body,
        coalesce((select b.name from business b where b.id = e.location), '') as extra
      from event e`,
    offer: `
      select o.id as ref,
        coalesce(nullif(o.type, ''), 'Special Offer') || ' at ' ||
          coalesce(nullif(o."businessName", ''), (select b.name from business b where b.id = o."businessId"), 'A Business') as name,
        concat_ws(' ', o.description, o.price, o.terms, ${translated("offer", "o.id", dialect)}) as body,
        '' as extra
      from offer o`,
    post: `select p.id as ref, p.title as name, concat_ws(' ', p.content, ${translated("post", "p.id", dialect)}) as body, coalesce(p."authorDisplayName", '') as extra from post p`,
  };
}

const KINDS: Kind[] = ["business", "category", "tag", "event", "offer", "post"];

/** 0002-search's statements: bring the documents of one kind for the given ids in line with their source rows. */
function refreshStatements(kind: Kind, ids: string): string[] {
  return [
    `delete from search_document where kind = '${kind}' and ref in (${ids})
       and ref not in (select ref from search_source_${kind} where ref in (${ids}))`,
    `insert into search_document (kind, ref, name, body, extra)
       select '${kind}', ref, coalesce(name, ''), coalesce(body, ''), coalesce(extra, '') from search_source_${kind} where ref in (${ids})
       on conflict (kind, ref) do update set name = excluded.name, body = excluded.body, extra = excluded.extra
       where search_document.name <> excluded.name or search_document.body <> excluded.body or search_document.extra <> excluded.extra`,
  ];
}

async function upSqlite(db: AnyDb) {
  for (const [type, table] of Object.entries(ENTITY_TABLES)) {
    await run(
      db,
      `create trigger content_translation_${table}_deleted after delete on "${table}" begin
         delete from content_translation where "entityType" = '${type}' and "entityId" = old.id;
       end`,
    );
  }
  for (const event of ["insert", "update", "delete"]) {
    await run(
      db,
      `create trigger content_version_content_translation_${event} after ${event} on content_translation begin update content_version set version = version + 1 where id = 1; end`,
    );
    const rows =
      event === "insert"
        ? ["new"]
        : event === "delete"
          ? ["old"]
          : ["old", "new"];
    const body = KINDS.flatMap((kind) =>
      refreshStatements(
        kind,
        rows
          .map(
            (row) =>
              `select ${row}."entityId" where ${row}."entityType" = '${kind}'`,
          )
          .join(" union "),
      ),
    );
    await run(
      db,
      `create trigger search_content_translation_${event} after ${event} on content_translation begin ${body.map((s) => `${s};`).join("\n")} end`,
    );
  }
}

async function upPostgres(db: AnyDb) {
  await run(
    db,
    `create function content_translation_entity_deleted() returns trigger language plpgsql as $$
     begin
       delete from content_translation where "entityType" = TG_ARGV[0] and "entityId" in (select id from old_rows);
       return null;
     end $$`,
  );
  for (const [type, table] of Object.entries(ENTITY_TABLES)) {
    await run(
      db,
      `create trigger content_translation_${table}_deleted after delete on "${table}"
         referencing old table as old_rows for each statement execute function content_translation_entity_deleted('${type}')`,
    );
  }
  await run(
    db,
    `create constraint trigger content_version_content_translation after insert or update or delete on content_translation
       deferrable initially deferred for each row execute function content_version_bump()`,
  );
  // As 0041-search-statement-triggers: once per statement, over the rows it changed.
  const events = [
    {
      event: "insert",
      referencing: "new table as new_rows",
      sets: ["new_rows"],
    },
    {
      event: "update",
      referencing: "old table as old_rows new table as new_rows",
      sets: ["old_rows", "new_rows"],
    },
    {
      event: "delete",
      referencing: "old table as old_rows",
      sets: ["old_rows"],
    },
  ];
  for (const { event, referencing, sets } of events) {
    const body = sets
      .flatMap((rows) =>
        KINDS.flatMap((kind) =>
          refreshStatements(
            kind,
            `select "entityId" from ${rows} where "entityType" = '${kind}'`,
          ),
        ),
      )
      .map((statement) => `${statement};`)
      .join("\n");
    await run(
      db,
      `create function search_on_content_translation_${event}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`,
    );
    await run(
      db,
      `create trigger search_content_translation_${event} after ${event} on content_translation
         referencing ${referencing} for each statement execute function search_on_content_translation_${event}()`,
    );
  }
}

export default function contentTranslations(dialect: DialectName) {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("content_translation")
        .addColumn("entityType", "text", (c) => c.notNull())
        .addColumn("entityId", "text", (c) => c.notNull())
        .addColumn("language", "text", (c) => c.notNull())
        .addColumn("field", "text", (c) => c.notNull())
        .addColumn("value", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("content_translation_pk", [
          "entityType",
          "entityId",
          "language",
          "field",
        ])
        .execute();
      if (dialect === "postgres") await upPostgres(db);
      else await upSqlite(db);
      // The documents' sources again, with the translations: the triggers of 0002/0041 read these views by name.
      for (const [kind, select] of Object.entries(sources(dialect))) {
        await run(
          db,
          dialect === "postgres"
            ? `create or replace view search_source_${kind} as ${select}`
            : `drop view search_source_${kind}`,
        );
        if (dialect === "sqlite")
          await run(db, `create view search_source_${kind} as ${select}`);
      }
    },
  };
}
