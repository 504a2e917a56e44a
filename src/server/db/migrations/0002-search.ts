// The search index: one row per searchable thing in `search_document`, kept in step with the content
// tables by database triggers, so every writer (API, admin, seed, factories, plain SQL) keeps it current.
// SQLite indexes it with FTS5; PostgreSQL with a generated tsvector column and pg_trgm over its words.
import { sql, type Kysely } from "kysely";
import type { DialectName } from "../database.ts";

type Kind = "business" | "category" | "tag" | "event" | "offer" | "post";

/**
 * What each kind contributes: `name` ranks first, then `extra` (a business's category and tag names,
 * an event's business), then `body`. `concat_ws` skips nulls on both engines.
 */
const SOURCES: Record<Kind, string> = {
  business: `
    select b.id as ref, b.name as name,
      concat_ws(' ', b.description, b.address) as body,
      concat_ws(' ',
        (select c.name from category c where c.id = b."categoryId"),
        (select ${"%TAG_NAMES%"} from business_tag bt join tag t on t.id = bt."tagId" where bt."businessId" = b.id)
      ) as extra
    from business b`,
  category: `select c.id as ref, c.name as name, coalesce(c.description, '') as body, '' as extra from category c`,
  tag: `select t.id as ref, t.name as name, '' as body, '' as extra from tag t`,
  event: `
    select e.id as ref, e.name as name,
      concat_ws(' ', e.description, e."outdoorLocationDescription") as body,
      coalesce((select b.name from business b where b.id = e.location), '') as extra
    from event e`,
  offer: `
    select o.id as ref,
      coalesce(nullif(o.type, ''), 'Special Offer') || ' at ' ||
        coalesce(nullif(o."businessName", ''), (select b.name from business b where b.id = o."businessId"), 'A Business') as name,
      concat_ws(' ', o.description, o.price, o.terms) as body,
      '' as extra
    from offer o`,
  post: `select p.id as ref, p.title as name, p.content as body, coalesce(p."authorDisplayName", '') as extra from post p`,
};

/**
 * For each content table, which documents to refresh when one of its rows changes.
 * `$ROW` stands for the changed row (NEW or OLD); refreshing a document re-reads it from its source,
 * so a document whose row is gone is deleted and one whose row changed is rewritten.
 */
const REFRESH: Record<string, Array<{ kind: Kind; ids: string }>> = {
  business: [
    { kind: "business", ids: `select $ROW.id` },
    { kind: "event", ids: `select id from event where location = $ROW.id` },
    { kind: "offer", ids: `select id from offer where "businessId" = $ROW.id` },
  ],
  business_tag: [{ kind: "business", ids: `select $ROW."businessId"` }],
  category: [
    { kind: "category", ids: `select $ROW.id` },
    { kind: "business", ids: `select id from business where "categoryId" = $ROW.id` },
  ],
  tag: [
    { kind: "tag", ids: `select $ROW.id` },
    { kind: "business", ids: `select "businessId" from business_tag where "tagId" = $ROW.id` },
  ],
  event: [{ kind: "event", ids: `select $ROW.id` }],
  offer: [{ kind: "offer", ids: `select $ROW.id` }],
  post: [{ kind: "post", ids: `select $ROW.id` }],
};

const KINDS = Object.keys(SOURCES) as Kind[];

function source(kind: Kind, dialect: DialectName): string {
  const tagNames = dialect === "postgres" ? `string_agg(t.name, ' ')` : `group_concat(t.name, ' ')`;
  return SOURCES[kind].replace("%TAG_NAMES%", tagNames);
}

/** Statements that bring the documents of one kind for the given ids in line with their source rows. */
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

// Migrations are frozen in time, so they see an untyped database rather than today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const run = (db: AnyDb, statement: string) => sql.raw(statement).execute(db);

async function createDocuments(db: AnyDb, dialect: DialectName) {
  const id = dialect === "postgres" ? "bigint generated always as identity primary key" : "integer primary key";
  await run(
    db,
    `create table search_document (
      id ${id},
      kind text not null,
      ref text not null,
      name text not null,
      body text not null default '',
      extra text not null default '',
      unique (kind, ref)
    )`,
  );
  for (const kind of KINDS) await run(db, `create view search_source_${kind} as ${source(kind, dialect)}`);
}

async function backfill(db: AnyDb) {
  for (const kind of KINDS) {
    await run(
      db,
      `insert into search_document (kind, ref, name, body, extra)
       select '${kind}', ref, coalesce(name, ''), coalesce(body, ''), coalesce(extra, '') from search_source_${kind} where true`,
    );
  }
}

async function upSqlite(db: AnyDb) {
  await createDocuments(db, "sqlite");
  // External-content FTS5: the text lives once, in search_document. unicode61 folds case and accents;
  // the 2- and 3-character prefix indexes make the short prefixes typed in the header box cheap.
  await run(
    db,
    `create virtual table search_fts using fts5(
      name, extra, body,
      content = 'search_document', content_rowid = 'id',
      tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
    )`,
  );
  // Every distinct indexed word, for finding the intended word behind a typo.
  await run(db, `create virtual table search_vocab using fts5vocab(search_fts, 'row')`);
  await run(
    db,
    `create trigger search_document_ai after insert on search_document begin
       insert into search_fts (rowid, name, extra, body) values (new.id, new.name, new.extra, new.body);
     end`,
  );
  await run(
    db,
    `create trigger search_document_ad after delete on search_document begin
       insert into search_fts (search_fts, rowid, name, extra, body) values ('delete', old.id, old.name, old.extra, old.body);
     end`,
  );
  await run(
    db,
    `create trigger search_document_au after update on search_document begin
       insert into search_fts (search_fts, rowid, name, extra, body) values ('delete', old.id, old.name, old.extra, old.body);
       insert into search_fts (rowid, name, extra, body) values (new.id, new.name, new.extra, new.body);
     end`,
  );

  for (const [table, refreshes] of Object.entries(REFRESH)) {
    for (const event of ["insert", "update", "delete"] as const) {
      const rows = event === "insert" ? ["new"] : event === "delete" ? ["old"] : ["old", "new"];
      const body = refreshes.flatMap(({ kind, ids }) =>
        refreshStatements(kind, rows.map((row) => ids.replaceAll("$ROW", row)).join(" union ")),
      );
      await run(db, `create trigger search_${table}_${event} after ${event} on ${table} begin ${body.map((s) => `${s};`).join("\n")} end`);
    }
  }
  await backfill(db);
}

async function upPostgres(db: AnyDb) {
  // Both are "trusted" extensions (PostgreSQL 13+): the database owner may create them without superuser rights.
  await run(db, `create extension if not exists pg_trgm`);
  await run(db, `create extension if not exists unaccent`);
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'unaccent'`.execute(db);
  const schema = `"${rows[0]!.schema.replaceAll('"', '""')}"`;
  // unaccent() is only STABLE (its dictionary could change), which an index or generated column refuses;
  // naming the dictionary and schema outright makes this wrapper safe to declare IMMUTABLE, and makes it
  // work with any search_path (pg_dump restores run with an empty one). Punctuation becomes spaces so
  // words split as SQLite's unicode61 tokenizer splits them.
  await run(
    db,
    `create function search_fold(text) returns text language sql immutable parallel safe strict as $$
       select regexp_replace(lower(${schema}.unaccent('${schema}.unaccent'::regdictionary, $1)), '[^[:alnum:]]+', ' ', 'g')
     $$`,
  );
  await createDocuments(db, "postgres");
  await run(
    db,
    `alter table search_document add column document tsvector generated always as (
       setweight(to_tsvector('simple', search_fold(name)), 'A') ||
       setweight(to_tsvector('simple', search_fold(extra)), 'B') ||
       setweight(to_tsvector('simple', search_fold(body)), 'C')
     ) stored`,
  );
  await run(db, `create index search_document_document_idx on search_document using gin (document)`);
  // Distinct words of 5+ letters (the only ones typo tolerance applies to), searched by trigram similarity.
  // Words of deleted documents stay: they only ever expand a query to a word that matches nothing.
  await run(db, `create table search_word (word text primary key)`);
  await run(db, `create index search_word_trgm_idx on search_word using gist (word gist_trgm_ops)`);
  await run(
    db,
    `create function search_collect_words() returns trigger language plpgsql as $$
     begin
       insert into search_word (word)
         select lexeme from unnest(new.document) where length(lexeme) >= 5
         on conflict do nothing;
       return null;
     end $$`,
  );
  await run(
    db,
    `create trigger search_document_words after insert or update of document on search_document
       for each row execute function search_collect_words()`,
  );

  for (const [table, refreshes] of Object.entries(REFRESH)) {
    const forRow = (row: "new" | "old") =>
      refreshes.flatMap(({ kind, ids }) => refreshStatements(kind, ids.replaceAll("$ROW", row))).map((s) => `${s};`).join("\n");
    await run(
      db,
      `create function search_on_${table}() returns trigger language plpgsql as $$
       begin
         if tg_op in ('UPDATE', 'DELETE') then ${forRow("old")} end if;
         if tg_op in ('UPDATE', 'INSERT') then ${forRow("new")} end if;
         return null;
       end $$`,
    );
    await run(
      db,
      `create trigger search_${table}_changed after insert or update or delete on ${table}
         for each row execute function search_on_${table}()`,
    );
  }
  await backfill(db);
}

export default function search(dialect: DialectName) {
  return {
    async up(db: AnyDb) {
      if (dialect === "postgres") await upPostgres(db);
      else await upSqlite(db);
    },
  };
}
