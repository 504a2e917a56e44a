// What is left to do once a request's decision is committed: tell the person who asked ("approved"), and delete the
// uploads it held that the item did not take ("applied", for a change approved in advance, which tells no one).
// Written in the decision's transaction and cleared once done, so a process that dies in between finishes it when
// it runs again.
import type { Kysely } from "kysely";
import type { DialectName } from "../database.ts";

export default function requestFollowUp(_dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.alterTable("change_request").addColumn("followUp", "text").execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await db.schema.alterTable("change_request").dropColumn("followUp").execute();
    },
  };
}
