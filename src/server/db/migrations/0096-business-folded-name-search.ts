// A search of the admin's business list (names containing the words, folded as db/order.ts `folded` folds them) reads
// its matches from a trigram index and takes the page from them in the list's order (decision 0065), instead of
// walking business_folded_name_idx (0066) in that order past every name before the first match.
//
// `business_folded_name`: each business's id, name and folded name, kept by triggers on `business` on both engines.
// A narrow table rather than a column of `business`: sorting a search's matches reads their rows, a quarter of the
// pages a business's rows take at 100,000 on PostgreSQL, and on SQLite without reading each business's row (most of
// a search's time when it did). Its trigram index: on PostgreSQL pg_trgm's GIN; on SQLite an FTS5 table with the
// trigram tokenizer, external content kept by triggers on the table, whose integer key is the index's row id (a
// business's own row id could change on VACUUM; its text id is no row id).
// Trigrams need 3 characters: a shorter search reads business_folded_name_idx as before (its matches are many).
// 0077's trigram index of the expression stays: without it PostgreSQL's planner walked business_folded_name_idx for
// such a search in parallel workers, 3 to 10 times slower on a loaded machine (decision 0065).
import { sql, type Kysely } from "kysely";
import type { DialectName } from "../database.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const run = (db: AnyDb, statement: string) => sql.raw(statement).execute(db);

const FOLD = (name: string) => `trim(search_fold(${name}))`;

async function createTable(db: AnyDb, dialect: DialectName) {
  const id = dialect === "postgres" ? "bigint generated always as identity primary key" : "integer primary key";
  await run(
    db,
    `create table business_folded_name (
       id ${id},
       "businessId" text not null unique,
       name text not null,
       folded text not null
     )`,
  );
  await run(db, `insert into business_folded_name ("businessId", name, folded) select id, name, ${FOLD("name")} from business`);
}

async function upSqlite(db: AnyDb) {
  await createTable(db, "sqlite");
  await run(db, `create virtual table business_folded_name_fts using fts5(folded, content = 'business_folded_name', content_rowid = 'id', tokenize = 'trigram')`);
  await run(db, `insert into business_folded_name_fts (business_folded_name_fts) values ('rebuild')`);
  // The index follows the table, as FTS5's external content asks.
  await run(
    db,
    `create trigger business_folded_name_ai after insert on business_folded_name begin
       insert into business_folded_name_fts (rowid, folded) values (new.id, new.folded);
     end`,
  );
  await run(
    db,
    `create trigger business_folded_name_ad after delete on business_folded_name begin
       insert into business_folded_name_fts (business_folded_name_fts, rowid, folded) values ('delete', old.id, old.folded);
     end`,
  );
  await run(
    db,
    `create trigger business_folded_name_au after update on business_folded_name begin
       insert into business_folded_name_fts (business_folded_name_fts, rowid, folded) values ('delete', old.id, old.folded);
       insert into business_folded_name_fts (rowid, folded) values (new.id, new.folded);
     end`,
  );
  // The table follows the businesses.
  await run(
    db,
    `create trigger business_folded_name_insert after insert on business begin
       insert into business_folded_name ("businessId", name, folded) values (new.id, new.name, ${FOLD("new.name")});
     end`,
  );
  await run(
    db,
    `create trigger business_folded_name_update after update of id, name on business
       when old.id is not new.id or old.name is not new.name begin
       update business_folded_name set "businessId" = new.id, name = new.name, folded = ${FOLD("new.name")} where "businessId" = old.id;
     end`,
  );
  await run(
    db,
    `create trigger business_folded_name_delete after delete on business begin
       delete from business_folded_name where "businessId" = old.id;
     end`,
  );
}

async function upPostgres(db: AnyDb) {
  await createTable(db, "postgres");
  await run(db, `create index business_folded_name_folded_trgm_idx on business_folded_name using gin (folded gin_trgm_ops)`);
  // The planner's figures for the new table from the start, not from autovacuum's first pass.
  await run(db, `analyze business_folded_name`);
  await run(
    db,
    `create function business_folded_name_sync() returns trigger language plpgsql as $$
     begin
       if tg_op = 'INSERT' then
         insert into business_folded_name ("businessId", name, folded) values (new.id, new.name, ${FOLD("new.name")});
       elsif tg_op = 'DELETE' then
         delete from business_folded_name where "businessId" = old.id;
       elsif old.id is distinct from new.id or old.name is distinct from new.name then
         update business_folded_name set "businessId" = new.id, name = new.name, folded = ${FOLD("new.name")} where "businessId" = old.id;
       end if;
       return null;
     end $$`,
  );
  await run(
    db,
    `create trigger business_folded_name_sync after insert or update of id, name or delete on business
       for each row execute function business_folded_name_sync()`,
  );
}

export default function businessFoldedNameSearch(dialect: DialectName) {
  return {
    async up(db: AnyDb) {
      if (dialect === "postgres") await upPostgres(db);
      else await upSqlite(db);
    },
  };
}
