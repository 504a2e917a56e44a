// Surveys (docs/decisions/0031): the survey with its questions (a JSON list, each question keeping its id from save
// to save), the answers, who has answered (a keyed hash of survey and person, in a table no answer refers to, so an
// anonymous survey's answers are tied to no one), answers of visitors waiting for their e-mail confirmation, and the
// reminders sent, so none goes twice.
import { sql, type Kysely } from "kysely";
import type { DialectName } from "../database.ts";

export default function surveys(dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("survey")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull())
        // draft | open | closed; an open one takes answers between opensAt (none: at once) and closesAt.
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("opensAt", "text")
        .addColumn("closesAt", "text")
        // members | public
        .addColumn("audience", "text", (c) => c.notNull())
        .addColumn("anonymous", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("showResults", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("questions", "text", (c) => c.notNull())
        .addColumn("editorUid", "text")
        .addColumn("createdAt", "text", (c) => c.notNull())
        .addColumn("lastUpdatedAt", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("survey_response")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("surveyId", "text", (c) => c.notNull().references("survey.id").onDelete("cascade"))
        // Named surveys only: the member who answered, or the visitor's confirmed address. Null in an anonymous one.
        .addColumn("userId", "text", (c) => c.references("user.id").onDelete("set null"))
        .addColumn("email", "text")
        // Answers by question id (JSON).
        .addColumn("answers", "text", (c) => c.notNull())
        // An anonymous answer's day only, so its moment cannot be matched with anything else recorded then.
        .addColumn("submittedAt", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("survey_response_survey_idx").on("survey_response").column("surveyId").execute();
      await db.schema.createIndex("survey_response_person_idx").on("survey_response").columns(["surveyId", "userId"]).unique().execute();
      // Who has answered: HMAC(server secret, survey id + person). Stored in key order and without a time, so neither
      // the order of its rows nor a moment ties one to an answer.
      let respondent = db.schema
        .createTable("survey_respondent")
        .addColumn("surveyId", "text", (c) => c.notNull().references("survey.id").onDelete("cascade"))
        .addColumn("personKey", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("survey_respondent_pk", ["surveyId", "personKey"]);
      if (dialect === "sqlite") respondent = respondent.modifyEnd(sql`without rowid`);
      await respondent.execute();
      await db.schema
        .createTable("survey_pending")
        // SHA-256 of the link's token: the database alone cannot confirm anything.
        .addColumn("tokenHash", "text", (c) => c.primaryKey())
        .addColumn("surveyId", "text", (c) => c.notNull().references("survey.id").onDelete("cascade"))
        .addColumn("personKey", "text", (c) => c.notNull())
        // Named surveys only; null in an anonymous one.
        .addColumn("email", "text")
        .addColumn("answers", "text", (c) => c.notNull())
        .addColumn("expiresAt", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("survey_reminder")
        .addColumn("surveyId", "text", (c) => c.notNull().references("survey.id").onDelete("cascade"))
        .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("sentAt", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("survey_reminder_pk", ["surveyId", "userId"])
        .execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await db.schema.dropTable("survey_reminder").execute();
      await db.schema.dropTable("survey_pending").execute();
      await db.schema.dropTable("survey_respondent").execute();
      await db.schema.dropTable("survey_response").execute();
      await db.schema.dropTable("survey").execute();
    },
  };
}
