// Meetings, members' answers, what was mailed to whom, and each member's secret calendar address.
import type { Kysely } from "kysely";
import type { DB } from "#server/db/database-types.ts";
import type { RsvpResponse } from "#shared/schemas/meeting.ts";
import { isMember, type MemberRecipient } from "#server/features/announcement/index.ts";

const COLUMNS = [
  "id",
  "title",
  "startsAt",
  "endsAt",
  "place",
  "videoLink",
  "agenda",
  "minutes",
  "cancelled",
  "sequence",
  "announcedAt",
  "mailedSequence",
  "minutesMailedAt",
  "editorUid",
  "createdAt",
  "lastUpdatedAt",
] as const;

export interface StoredMeeting {
  id: string;
  title: string;
  startsAt: string;
  endsAt: string;
  place: string | null;
  videoLink: string | null;
  agenda: string;
  minutes: string | null;
  cancelled: boolean;
  sequence: number;
  announcedAt: string | null;
  mailedSequence: number;
  minutesMailedAt: string | null;
  editorUid: string | null;
  createdAt: string;
  lastUpdatedAt: string;
}

export type MeetingWrite = Pick<StoredMeeting, "title" | "startsAt" | "endsAt" | "place" | "videoLink" | "agenda" | "minutes" | "cancelled" | "sequence" | "editorUid">;

export interface StoredRsvp {
  meetingId: string;
  userId: string;
  displayName: string;
  email: string;
  response: RsvpResponse;
  respondedAt: string;
}

type Row = Omit<StoredMeeting, "cancelled"> & { cancelled: number };
const fromRow = (row: Row): StoredMeeting => ({ ...row, cancelled: Boolean(row.cancelled), sequence: Number(row.sequence), mailedSequence: Number(row.mailedSequence) });

export class MeetingRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /** Every meeting, soonest first. */
  async list(): Promise<StoredMeeting[]> {
    const rows = await this.db.selectFrom("meeting").select(COLUMNS).orderBy("startsAt").orderBy("id").execute();
    return rows.map(fromRow);
  }

  /** Every one, a page at a time, latest first (`sort` turns it). */
  async getPage(offset: number, limit: number, sort: "asc" | "desc" = "desc"): Promise<{ items: StoredMeeting[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db.selectFrom("meeting").select(COLUMNS).orderBy("startsAt", sort).orderBy("id").limit(limit).offset(offset).execute(),
      this.db.selectFrom("meeting").select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map(fromRow), total: Number(count.total) };
  }

  /** Not cancelled and not over at `now`, soonest first. */
  async upcoming(now: string, limit: number): Promise<StoredMeeting[]> {
    const rows = await this.db.selectFrom("meeting").select(COLUMNS).where("endsAt", ">", now).where("cancelled", "=", 0).orderBy("startsAt").orderBy("id").limit(limit).execute();
    return rows.map(fromRow);
  }

  /** Not cancelled, not over at `now` and not answered by this person, soonest first. */
  async upcomingUnanswered(now: string, userId: string): Promise<Array<Pick<StoredMeeting, "id" | "title" | "startsAt" | "endsAt" | "place" | "videoLink">>> {
    return this.db
      .selectFrom("meeting")
      .select(["id", "title", "startsAt", "endsAt", "place", "videoLink"])
      .where("endsAt", ">", now)
      .where("cancelled", "=", 0)
      .where("id", "not in", this.db.selectFrom("meeting_rsvp").select("meeting_rsvp.meetingId").where("meeting_rsvp.userId", "=", userId))
      .orderBy("startsAt")
      .orderBy("id")
      .execute();
  }

  /** Meetings arranged or saved from `since` (included) until `until` (excluded), oldest change first. */
  async changedBetween(since: string, until: string): Promise<StoredMeeting[]> {
    const rows = await this.db
      .selectFrom("meeting")
      .select(COLUMNS)
      .where((eb) => eb.or([eb.and([eb("createdAt", ">=", since), eb("createdAt", "<", until)]), eb.and([eb("lastUpdatedAt", ">=", since), eb("lastUpdatedAt", "<", until)])]))
      .orderBy("lastUpdatedAt")
      .orderBy("id")
      .execute();
    return rows.map(fromRow);
  }

  /** Meetings whose minutes were told to the members from `since` (included) until `until` (excluded). */
  async minutesBetween(since: string, until: string): Promise<StoredMeeting[]> {
    const rows = await this.db
      .selectFrom("meeting")
      .select(COLUMNS)
      .where("minutes", "is not", null)
      .where("minutes", "<>", "")
      .where("minutesMailedAt", ">=", since)
      .where("minutesMailedAt", "<", until)
      .orderBy("minutesMailedAt")
      .orderBy("id")
      .execute();
    return rows.map(fromRow);
  }

  async get(id: string): Promise<StoredMeeting | undefined> {
    const row = await this.db.selectFrom("meeting").select(COLUMNS).where("id", "=", id).executeTakeFirst();
    return row && fromRow(row);
  }

  async create(id: string, values: MeetingWrite): Promise<StoredMeeting> {
    const now = new Date().toISOString();
    await this.db
      .insertInto("meeting")
      .values({ id, ...values, cancelled: Number(values.cancelled), createdAt: now, lastUpdatedAt: now })
      .execute();
    return { id, ...values, announcedAt: null, mailedSequence: values.sequence, minutesMailedAt: null, createdAt: now, lastUpdatedAt: now };
  }

  async update(id: string, values: MeetingWrite): Promise<StoredMeeting | undefined> {
    const result = await this.db
      .updateTable("meeting")
      .set({ ...values, cancelled: Number(values.cancelled), lastUpdatedAt: new Date().toISOString() })
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 0 ? undefined : this.get(id);
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom("meeting").where("id", "=", id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The answers to these meetings, with each person's name, earliest answer first. */
  async rsvps(meetingIds: readonly string[]): Promise<StoredRsvp[]> {
    if (meetingIds.length === 0) return [];
    return (await this.db
      .selectFrom("meeting_rsvp")
      .innerJoin("user", "user.id", "meeting_rsvp.userId")
      .select(["meeting_rsvp.meetingId", "meeting_rsvp.userId", "meeting_rsvp.response", "meeting_rsvp.respondedAt", "user.displayName", "user.email"])
      .where("meeting_rsvp.meetingId", "in", meetingIds)
      .orderBy("meeting_rsvp.respondedAt")
      .orderBy("user.displayName")
      .execute()) as StoredRsvp[];
  }

  /** Sets the person's answer; a different answer than before makes its confirmation mail due again. */
  async answer(meetingId: string, userId: string, response: RsvpResponse): Promise<void> {
    const now = new Date().toISOString();
    await this.db
      .insertInto("meeting_rsvp")
      .values({ meetingId, userId, response, respondedAt: now, confirmedAt: null })
      .onConflict((oc) =>
        oc
          .columns(["meetingId", "userId"])
          .doUpdateSet({ response, respondedAt: now, confirmedAt: null })
          .where("meeting_rsvp.response", "<>", response),
      )
      .execute();
  }

  /** Answers whose confirmation mail is due, with the person's address. */
  async confirmationsDue(): Promise<StoredRsvp[]> {
    return (await this.db
      .selectFrom("meeting_rsvp")
      .innerJoin("user", "user.id", "meeting_rsvp.userId")
      .select(["meeting_rsvp.meetingId", "meeting_rsvp.userId", "meeting_rsvp.response", "meeting_rsvp.respondedAt", "user.displayName", "user.email"])
      .where("meeting_rsvp.confirmedAt", "is", null)
      .orderBy("meeting_rsvp.respondedAt")
      .execute()) as StoredRsvp[];
  }

  /** This answer's confirmation is done, unless the person has answered otherwise since. */
  async markConfirmed(rsvp: Pick<StoredRsvp, "meetingId" | "userId" | "response">): Promise<void> {
    await this.db
      .updateTable("meeting_rsvp")
      .set({ confirmedAt: new Date().toISOString() })
      .where("meetingId", "=", rsvp.meetingId)
      .where("userId", "=", rsvp.userId)
      .where("response", "=", rsvp.response)
      .execute();
  }

  /** Meetings whose new-meeting mail, change mail or minutes mail is due. */
  async mailDue(): Promise<StoredMeeting[]> {
    const rows = await this.db
      .selectFrom("meeting")
      .select(COLUMNS)
      .where((eb) =>
        eb.or([
          eb("announcedAt", "is", null),
          eb("mailedSequence", "<", eb.ref("sequence")),
          eb.and([eb("minutes", "is not", null), eb("minutes", "<>", ""), eb("minutesMailedAt", "is", null)]),
        ]),
      )
      .orderBy("startsAt")
      .execute();
    return rows.map(fromRow);
  }

  /** Members not yet mailed this topic of this meeting. */
  async membersNotMailed(meetingId: string, topic: string): Promise<MemberRecipient[]> {
    return this.db
      .selectFrom("user")
      .select(["user.id", "user.email", "user.displayName"])
      .where(isMember)
      .where("user.id", "not in", this.mailed(meetingId, topic))
      .orderBy("user.id")
      .execute();
  }

  /** Those who answered yes or maybe and are not yet mailed this topic, with their answer. */
  async attendeesNotMailed(meetingId: string, topic: string): Promise<Array<MemberRecipient & { response: RsvpResponse }>> {
    return (await this.db
      .selectFrom("meeting_rsvp")
      .innerJoin("user", "user.id", "meeting_rsvp.userId")
      .select(["user.id", "user.email", "user.displayName", "meeting_rsvp.response"])
      .where("meeting_rsvp.meetingId", "=", meetingId)
      .where("meeting_rsvp.response", "in", ["yes", "maybe"])
      .where("user.id", "not in", this.mailed(meetingId, topic))
      .orderBy("user.id")
      .execute()) as Array<MemberRecipient & { response: RsvpResponse }>;
  }

  /** Who has been mailed this topic of this meeting. */
  private mailed(meetingId: string, topic: string) {
    return this.db.selectFrom("meeting_mail").select("meeting_mail.userId").where("meeting_mail.meetingId", "=", meetingId).where("meeting_mail.topic", "=", topic);
  }

  /** Records that this person's mail on this topic went (or that they want none): it is not sent again. */
  async recordMailed(meetingId: string, userId: string, topic: string): Promise<void> {
    await this.db
      .insertInto("meeting_mail")
      .values({ meetingId, userId, topic, sentAt: new Date().toISOString() })
      .onConflict((oc) => oc.columns(["meetingId", "userId", "topic"]).doNothing())
      .execute();
  }

  async markAnnounced(id: string): Promise<void> {
    await this.db.updateTable("meeting").set({ announcedAt: new Date().toISOString() }).where("id", "=", id).execute();
  }

  /** The change mail of this sequence is done (a later change keeps its own due). */
  async markSequenceMailed(id: string, sequence: number): Promise<void> {
    await this.db.updateTable("meeting").set({ mailedSequence: sequence }).where("id", "=", id).where("mailedSequence", "<", sequence).execute();
  }

  async markMinutesMailed(id: string): Promise<void> {
    await this.db.updateTable("meeting").set({ minutesMailedAt: new Date().toISOString() }).where("id", "=", id).execute();
  }

  async calendarToken(userId: string): Promise<string | undefined> {
    return (await this.db.selectFrom("meeting_calendar").select("token").where("userId", "=", userId).executeTakeFirst())?.token;
  }

  /** Gives the person this token, replacing any earlier one (which then stops working). */
  async setCalendarToken(userId: string, token: string): Promise<void> {
    await this.db
      .insertInto("meeting_calendar")
      .values({ userId, token, createdAt: new Date().toISOString() })
      .onConflict((oc) => oc.column("userId").doUpdateSet({ token, createdAt: new Date().toISOString() }))
      .execute();
  }

  /** Whose calendar this token opens. */
  async calendarOwner(token: string): Promise<{ id: string; role: string | null } | undefined> {
    return this.db
      .selectFrom("meeting_calendar")
      .innerJoin("user", "user.id", "meeting_calendar.userId")
      .select(["user.id", "user.role"])
      .where("meeting_calendar.token", "=", token)
      .executeTakeFirst();
  }
}
