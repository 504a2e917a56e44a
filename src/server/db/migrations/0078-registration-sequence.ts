// The waiting list strictly first come, first served (decision 0035): each registration gets the next number of its
// event, taken while the event is locked, so two registrations in the same millisecond keep the order they were
// taken in instead of the order of their random ids. Existing registrations are numbered as they were listed.
import { sql, type Kysely } from "kysely";
import type { DialectName } from "../database.ts";

export default function registrationSequence(_dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.alterTable("registration").addColumn("sequence", "integer", (c) => c.notNull().defaultTo(0)).execute();
      await sql`update registration set sequence = (
        select count(*) from registration earlier
        where earlier."eventId" = registration."eventId"
          and (earlier."createdAt" < registration."createdAt" or (earlier."createdAt" = registration."createdAt" and earlier.id <= registration.id))
      )`.execute(db);
      await db.schema.createIndex("registration_event_sequence_idx").on("registration").columns(["eventId", "sequence"]).execute();
    },
  };
}
