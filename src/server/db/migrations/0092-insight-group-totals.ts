// Totals of the insights per category and per tag (docs/decisions/0056), for each period the overview offers (the
// last 30, 90 and 365 days): the page views of the businesses in the category (or with the tag) today, so the
// overview's categories and tags tables read one row per category or tag instead of adding up every counted
// business's total.
//
// The insights' write and the periods' moves add to them in their own transaction (insight-totals.repository.ts);
// the triggers below move a business's totals when the business is added or deleted, changes category, or gains or
// loses a tag, whatever code, tool or cascade writes it. On PostgreSQL, a statement that writes businesses or their
// tags first takes the periods' rows (`insight_window`) for update, as a move does: the insights' write, which reads
// them for share, and a move never run beside it, so a count is either in the business's totals the trigger moves or
// added after it to the business's current category and tags. SQLite has one writer at a time. Filled here from the
// totals there.
import { sql, type Kysely } from "kysely";
import type { DialectName } from "../database.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const run = (db: AnyDb, statement: string) => sql.raw(statement).execute(db);

/** Adds (or takes out, `sign` -1) a business's page views in each period to a category's or tag's totals. */
function move(table: "insight_category_total" | "insight_tag_total", column: string, group: string, business: string, sign: 1 | -1) {
  return `insert into ${table} (days, "${column}", count)
      select t.days, ${group}, ${sign === 1 ? "" : "-"}t.count from insight_window w
        join insight_window_total t on t.days = w.days and t.kind = 'view' and t.subject = ${business}
        where ${group} is not null
      on conflict (days, "${column}") do update set count = ${table}.count + excluded.count;`;
}
const category = (row: "new" | "old", sign: 1 | -1) => move("insight_category_total", "categoryId", `${row}."categoryId"`, `${row}.id`, sign);
const tag = (row: "new" | "old", sign: 1 | -1) => move("insight_tag_total", "tagId", `${row}."tagId"`, `${row}."businessId"`, sign);

export default function insightGroupTotals(dialect: DialectName) {
  return {
    async up(db: AnyDb) {
      for (const [table, column] of [
        ["insight_category_total", "categoryId"],
        ["insight_tag_total", "tagId"],
      ] as const) {
        await db.schema
          .createTable(table)
          .addColumn("days", "integer", (c) => c.notNull())
          .addColumn(column, "text", (c) => c.notNull())
          .addColumn("count", "integer", (c) => c.notNull())
          .addPrimaryKeyConstraint(`${table}_pk`, ["days", column])
          .execute();
      }
      await run(
        db,
        `insert into insight_category_total (days, "categoryId", count)
           select t.days, b."categoryId", sum(t.count) from insight_window_total t join business b on b.id = t.subject
           where t.kind = 'view' and b."categoryId" is not null group by t.days, b."categoryId"`,
      );
      await run(
        db,
        `insert into insight_tag_total (days, "tagId", count)
           select t.days, bt."tagId", sum(t.count) from insight_window_total t join business_tag bt on bt."businessId" = t.subject
           where t.kind = 'view' group by t.days, bt."tagId"`,
      );

      if (dialect === "sqlite") {
        const triggers = {
          business_insert: `after insert on business begin ${category("new", 1)} end`,
          business_delete: `after delete on business begin ${category("old", -1)} end`,
          business_category: `after update of "categoryId", id on business when old."categoryId" is not new."categoryId" or old.id is not new.id
             begin ${category("old", -1)} ${category("new", 1)} end`,
          business_tag_insert: `after insert on business_tag begin ${tag("new", 1)} end`,
          business_tag_delete: `after delete on business_tag begin ${tag("old", -1)} end`,
          business_tag_update: `after update on business_tag begin ${tag("old", -1)} ${tag("new", 1)} end`,
        };
        for (const [name, body] of Object.entries(triggers)) await run(db, `create trigger insight_group_${name} ${body}`);
        return;
      }

      await run(db, `create function insight_group_lock() returns trigger language plpgsql as $$ begin perform 1 from insight_window order by days for update; return null; end $$`);
      for (const [table, group] of [
        ["business", category],
        ["business_tag", tag],
      ] as const) {
        await run(
          db,
          `create function insight_group_${table}() returns trigger language plpgsql as $$
           begin
             if tg_op <> 'INSERT' then ${group("old", -1)} end if;
             if tg_op <> 'DELETE' then ${group("new", 1)} end if;
             return null;
           end $$`,
        );
      }
      await run(db, `create trigger insight_group_business_lock before insert or delete or update on business for each statement execute function insight_group_lock()`);
      await run(db, `create trigger insight_group_business_tag_lock before insert or delete or update on business_tag for each statement execute function insight_group_lock()`);
      await run(db, `create trigger insight_group_business after insert or delete on business for each row execute function insight_group_business()`);
      await run(
        db,
        `create trigger insight_group_business_update after update of "categoryId", id on business for each row
           when (old."categoryId" is distinct from new."categoryId" or old.id is distinct from new.id) execute function insight_group_business()`,
      );
      await run(db, `create trigger insight_group_business_tag after insert or delete or update on business_tag for each row execute function insight_group_business_tag()`);
    },
    async down(db: AnyDb) {
      if (dialect === "sqlite") {
        for (const name of ["business_insert", "business_delete", "business_category", "business_tag_insert", "business_tag_delete", "business_tag_update"]) {
          await run(db, `drop trigger if exists insight_group_${name}`);
        }
      } else {
        for (const [name, table] of [
          ["insight_group_business_lock", "business"],
          ["insight_group_business_tag_lock", "business_tag"],
          ["insight_group_business", "business"],
          ["insight_group_business_update", "business"],
          ["insight_group_business_tag", "business_tag"],
        ]) {
          await run(db, `drop trigger if exists ${name} on ${table}`);
        }
        for (const name of ["insight_group_lock", "insight_group_business", "insight_group_business_tag"]) await run(db, `drop function if exists ${name}()`);
      }
      await db.schema.dropTable("insight_tag_total").ifExists().execute();
      await db.schema.dropTable("insight_category_total").ifExists().execute();
    },
  };
}
