// PostgreSQL keeps the search index current once per statement instead of once per row: a statement that writes
// many rows (an import of thousands of businesses) refreshes their documents in one set-based pass over the
// rows it changed (its transition tables). What is indexed stays as 0002-search defined it. SQLite's per-row
// triggers stay: its FTS5 index is written row by row anyway.
import { sql, type Kysely } from "kysely";
import type { DialectName } from "../database.ts";

type Kind = "business" | "category" | "tag" | "event" | "offer" | "post";

/**
 * For each content table, which documents to refresh for the rows a statement changed: `$ROWS` stands for
 * those rows (the statement's new or old transition table). The same choices as 0002-search, for sets of rows.
 */
const REFRESH: Record<string, Array<{ kind: Kind; ids: string }>> = {
  business: [
    { kind: "business", ids: `select id from $ROWS` },
    { kind: "event", ids: `select id from event where location in (select id from $ROWS)` },
    { kind: "offer", ids: `select id from offer where "businessId" in (select id from $ROWS)` },
  ],
  business_tag: [{ kind: "business", ids: `select "businessId" from $ROWS` }],
  category: [
    { kind: "category", ids: `select id from $ROWS` },
    { kind: "business", ids: `select id from business where "categoryId" in (select id from $ROWS)` },
  ],
  tag: [
    { kind: "tag", ids: `select id from $ROWS` },
    { kind: "business", ids: `select "businessId" from business_tag where "tagId" in (select id from $ROWS)` },
  ],
  event: [{ kind: "event", ids: `select id from $ROWS` }],
  offer: [{ kind: "offer", ids: `select id from $ROWS` }],
  post: [{ kind: "post", ids: `select id from $ROWS` }],
};

/** The same statements as 0002-search's: bring the documents of one kind for the given ids in line with their source rows. */
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const run = (db: AnyDb, statement: string) => sql.raw(statement).execute(db);

/** A trigger with transition tables serves one event, so each table gets one for inserts, updates and deletes. */
const EVENTS = [
  { event: "insert", referencing: "new table as new_rows", sets: ["new_rows"] },
  { event: "update", referencing: "old table as old_rows new table as new_rows", sets: ["old_rows", "new_rows"] },
  { event: "delete", referencing: "old table as old_rows", sets: ["old_rows"] },
] as const;

async function upPostgres(db: AnyDb) {
  await run(db, `drop trigger search_document_words on search_document`);
  await run(db, `drop function search_collect_words()`);
  await run(
    db,
    `create function search_collect_words() returns trigger language plpgsql as $$
     begin
       insert into search_word (word)
         select distinct lexeme from new_rows, unnest(new_rows.document) where length(lexeme) >= 5
         on conflict do nothing;
       return null;
     end $$`,
  );
  for (const event of ["insert", "update"]) {
    await run(
      db,
      `create trigger search_document_words_${event} after ${event} on search_document
         referencing new table as new_rows for each statement execute function search_collect_words()`,
    );
  }

  for (const [table, refreshes] of Object.entries(REFRESH)) {
    await run(db, `drop trigger search_${table}_changed on ${table}`);
    await run(db, `drop function search_on_${table}()`);
    for (const { event, referencing, sets } of EVENTS) {
      const body = sets
        .flatMap((rows) => refreshes.flatMap(({ kind, ids }) => refreshStatements(kind, ids.replaceAll("$ROWS", rows))))
        .map((statement) => `${statement};`)
        .join("\n");
      await run(db, `create function search_on_${table}_${event}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`);
      await run(
        db,
        `create trigger search_${table}_${event} after ${event} on ${table}
           referencing ${referencing} for each statement execute function search_on_${table}_${event}()`,
      );
    }
  }
}

export default function searchStatementTriggers(dialect: DialectName) {
  return {
    async up(db: AnyDb) {
      if (dialect === "postgres") await upPostgres(db);
    },
  };
}
