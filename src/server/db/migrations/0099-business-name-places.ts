// On SQLite a searched Markers list reads its page's matches in the list's order (decision 0076): the integer key of
// `business_folded_name` (migration 0096), which is also the row id of its trigram index, becomes the name's place in
// the list's order (folded name, name, id), a number with room between neighbours. FTS5 then hands a search's matches
// in that order from its index, so a page reads its 20 matches and no more (before: every match read and sorted,
// 8,000 of them for a word in one name in 12 at 100,000 businesses).
//
// Places below PLACED keep the list's order; a name that finds no room between its neighbours (one too many put at the
// same spot) is given a number from PLACED up, "unplaced", which a search reads and sorts with its page, until the
// name-places job (features/business/name-places.ts) gives it a place, spreading out its neighbours if it must.
// A business inserted or renamed finds its place in these triggers, so every writer keeps the order (the API, imports,
// plain SQL). The existing names are numbered evenly over the places. PostgreSQL's table is left as it is: its
// search sorts its matches (decision 0065), which stays within its growth goal there.
import { sql, type Kysely } from "kysely";
import type { DialectName } from "../database.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const run = (db: AnyDb, statement: string) => sql.raw(statement).execute(db);

/** The first number that is no place (2^52: every number stays an exact JavaScript number, below 2^53). */
const PLACED = "4503599627370496";
/** Twice the gap left after the last name or before the first (2^33). */
const END_ROOM = "8589934592";

const FOLD = (name: string) => `trim(search_fold(${name}))`;

/**
 * The row for the business `row` ("new"): its place halfway between the places of the names before and after it in
 * the list's order, or a number from PLACED up when they are neighbours.
 */
const placedInsert = (row: string) => `
  insert into business_folded_name (id, "businessId", name, folded)
  select case when hi - lo > 1 then lo + (hi - lo) / 2
              else (select max(coalesce(max(id) + 1, 0), ${PLACED}) from business_folded_name) end,
         ${row}.id, ${row}.name, f
  from (
    select f,
      coalesce(before, case when after is null then 0 else max(after - ${END_ROOM}, 0) end) as lo,
      coalesce(after, case when before is null then ${PLACED} else min(before + ${END_ROOM}, ${PLACED}) end) as hi
    from (
      select f,
        (select id from business_folded_name where id < ${PLACED} and (folded, name, "businessId") < (f, ${row}.name, ${row}.id)
          order by folded desc, name desc, "businessId" desc limit 1) as before,
        (select id from business_folded_name where id < ${PLACED} and (folded, name, "businessId") > (f, ${row}.name, ${row}.id)
          order by folded, name, "businessId" limit 1) as after
      from (select ${FOLD(`${row}.name`)} as f)
    )
  );`;

const FTS_TRIGGERS = [
  `create trigger business_folded_name_ai after insert on business_folded_name begin
     insert into business_folded_name_fts (rowid, folded) values (new.id, new.folded);
   end`,
  `create trigger business_folded_name_ad after delete on business_folded_name begin
     insert into business_folded_name_fts (business_folded_name_fts, rowid, folded) values ('delete', old.id, old.folded);
   end`,
  `create trigger business_folded_name_au after update on business_folded_name begin
     insert into business_folded_name_fts (business_folded_name_fts, rowid, folded) values ('delete', old.id, old.folded);
     insert into business_folded_name_fts (rowid, folded) values (new.id, new.folded);
   end`,
];

async function upSqlite(db: AnyDb) {
  // The placed names in the list's order, where the triggers and the job find a name's neighbours: of placed names
  // only, so that a name's neighbour is found at once however many names wait for a place beside it (a sorted
  // import's).
  await run(db, `create index business_folded_name_order_idx on business_folded_name (folded, name, "businessId") where id < ${PLACED}`);
  // The names waiting for a place, in the same order, where the job finds those waiting between two names.
  await run(db, `create index business_folded_name_waiting_idx on business_folded_name (folded, name, "businessId") where id >= ${PLACED}`);
  // Every name numbered anew, evenly: the trigram index is built once from the result rather than row by row.
  for (const name of ["business_folded_name_ai", "business_folded_name_ad", "business_folded_name_au"]) await run(db, `drop trigger ${name}`);
  await run(db, `create temp table business_folded_name_place (id integer primary key, place integer not null)`);
  await run(
    db,
    `insert into temp.business_folded_name_place (id, place)
     select id, row_number() over (order by folded, name, "businessId") * (${PLACED} / ((select count(*) from business_folded_name) + 1))
     from business_folded_name`,
  );
  await run(db, `update business_folded_name set id = -id`);
  await run(db, `update business_folded_name set id = p.place from temp.business_folded_name_place p where p.id = -business_folded_name.id`);
  await run(db, `drop table temp.business_folded_name_place`);
  await run(db, `insert into business_folded_name_fts (business_folded_name_fts) values ('rebuild')`);
  for (const statement of FTS_TRIGGERS) await run(db, statement);
  // Each business's row put at its place.
  await run(db, `drop trigger business_folded_name_insert`);
  await run(db, `drop trigger business_folded_name_update`);
  await run(db, `create trigger business_folded_name_insert after insert on business begin ${placedInsert("new")} end`);
  await run(
    db,
    `create trigger business_folded_name_update after update of id, name on business
       when old.id is not new.id or old.name is not new.name begin
       delete from business_folded_name where "businessId" = old.id;
       ${placedInsert("new")}
     end`,
  );
}

async function downSqlite(db: AnyDb) {
  await run(db, `drop trigger business_folded_name_insert`);
  await run(db, `drop trigger business_folded_name_update`);
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
  await run(db, `drop index business_folded_name_waiting_idx`);
  await run(db, `drop index business_folded_name_order_idx`);
}

export default function businessNamePlaces(dialect: DialectName) {
  return {
    async up(db: AnyDb) {
      if (dialect === "sqlite") await upSqlite(db);
    },
    async down(db: AnyDb) {
      if (dialect === "sqlite") await downSqlite(db);
    },
  };
}
