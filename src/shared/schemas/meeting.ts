// Meetings of the members, as members and administrators see them, what the administrators' form sends, and a
// member's answer (yes, no or maybe).
import { z } from "zod";
import { checkbox, optionalWebAddress, timestampInput } from "./content-input.ts";
import { singleLine } from "../text.ts";
import { DocumentSchema } from "./document.ts";
import { keyed, type EntityView } from "./entity.ts";

export const meetingMessages = {
  required: "Title, Starts and Ends are required.",
  titleRequired: "Title is required.",
  startsRequired: "Starts must be a date and time.",
  endsRequired: "Ends must be a date and time.",
  endBeforeStart: "Ends must be after Starts.",
  placeOrLink: "Give a place or a video link.",
  videoLinkInvalid: "Video link must be a web address starting with http:// or https://.",
  mustBeLoggedIn: "You must be signed in to see meetings.",
  notMember: "Meetings are for members: the owners of member businesses.",
  notFound: "Meeting not found.",
  responseInvalid: "Answer yes, no or maybe.",
  resetUnconfirmed: 'Send { "confirm": true } to give the calendar a new address.',
  rsvpPast: "This meeting is over: answers are closed.",
  rsvpCancelled: "This meeting is cancelled: there is nothing to answer.",
  answered: "Your answer is saved.",
  calendarReset: "Your calendar has a new address; the old one no longer works.",
  copied: "Address copied.",
} as const;

export const RSVP_RESPONSES = ["yes", "no", "maybe"] as const;
export type RsvpResponse = (typeof RSVP_RESPONSES)[number];
export const RSVP_LABELS: Record<RsvpResponse, string> = { yes: "Yes", no: "No", maybe: "Maybe" };

const Counts = z.object({ yes: z.number().int(), no: z.number().int(), maybe: z.number().int() });

export const MeetingSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  place: z.string().nullable(),
  videoLink: z.string().nullable(),
  cancelled: z.boolean(),
  /** Over: its end has passed. */
  past: z.boolean(),
  hasMinutes: z.boolean(),
  /** The signed-in person's answer, if any. */
  myResponse: z.enum(RSVP_RESPONSES).nullable(),
  counts: Counts,
});
export type MeetingSummary = z.infer<typeof MeetingSummarySchema>;

/** Who answered what, by name only. */
export const AttendeesSchema = z.object({ yes: z.array(z.string()), no: z.array(z.string()), maybe: z.array(z.string()) });

export const MeetingSchema = MeetingSummarySchema.extend({
  /** Sanitized HTML; may be empty. */
  agenda: z.string(),
  /** Sanitized HTML, once added. */
  minutes: z.string().nullable(),
  attendees: AttendeesSchema,
  sequence: z.number().int(),
  createdAt: z.string(),
  lastUpdatedAt: z.string(),
});
export type Meeting = z.infer<typeof MeetingSchema>;

export const AdminMeetingSchema = MeetingSchema.extend({ editorUid: z.string().nullable() });
export type AdminMeeting = z.infer<typeof AdminMeetingSchema>;

/** One meeting as its page shows it: with its files (agenda, slides, minutes: library documents) the reader may see. */
export const MeetingDetailSchema = MeetingSchema.extend({ attachments: z.array(DocumentSchema) });
export const AdminMeetingDetailSchema = AdminMeetingSchema.extend({ attachments: z.array(DocumentSchema) });
export type MeetingDetail = z.infer<typeof MeetingDetailSchema> & { editorUid?: string | null };

/** Upcoming ones soonest first, then past ones latest first. */
export const MeetingListSchema = z.object({ upcoming: z.array(MeetingSummarySchema), past: z.array(MeetingSummarySchema) });
export type MeetingList = z.infer<typeof MeetingListSchema>;

/** The member's private calendar of every meeting, at an address only they know. */
export const MeetingCalendarSchema = z.object({ url: z.string() });
/** A reset is asked for in words, so a stray or replayed empty request never moves a member's address. */
export const MeetingCalendarResetSchema = z.strictObject({ confirm: z.literal(true, { error: meetingMessages.resetUnconfirmed }) });
export type MeetingCalendarReset = z.input<typeof MeetingCalendarResetSchema>;
export type MeetingCalendar = z.infer<typeof MeetingCalendarSchema>;

export const RsvpInputSchema = z.strictObject({ response: z.enum(RSVP_RESPONSES, { error: meetingMessages.responseInvalid }) });
export type RsvpInput = z.input<typeof RsvpInputSchema>;

/** Generous for an agenda or minutes, but keeps one request from filling the database. */
export const MEETING_TEXT_MAX_CHARS = 100_000;

const optionalRichText = z
  .string()
  .max(MEETING_TEXT_MAX_CHARS)
  .nullish()
  .transform((value) => value?.trim() ?? "");

/**
 * The administrators' form. `startsAt` and `endsAt` are instants with their zone (the form turns the site's local
 * time into one); a place, a video link (http or https) or both.
 */
export const MeetingInputSchema = z
  .object({
    title: z.string({ error: meetingMessages.titleRequired }).overwrite(singleLine).trim().min(1, { error: meetingMessages.titleRequired }).max(200),
    startsAt: timestampInput(meetingMessages.startsRequired),
    endsAt: timestampInput(meetingMessages.endsRequired),
    place: z
      .string()
      .max(500)
      .nullish()
      .transform((value) => (value ? singleLine(value).trim() : "") || null),
    videoLink: optionalWebAddress(meetingMessages.videoLinkInvalid),
    agenda: optionalRichText,
    minutes: optionalRichText,
    cancelled: checkbox,
  })
  .superRefine((value, ctx) => {
    if (value.endsAt <= value.startsAt) ctx.addIssue({ code: "custom", path: ["endsAt"], message: meetingMessages.endBeforeStart });
    if (!value.place && !value.videoLink) ctx.addIssue({ code: "custom", path: ["place"], message: meetingMessages.placeOrLink });
  });
export type MeetingInput = z.input<typeof MeetingInputSchema>;

/** The Meetings tab's form; times are the site's, as every admin form's. */
export const meetingView: EntityView = {
  key: "meeting",
  singular: "Meeting",
  plural: "Meetings",
  required: meetingMessages.required,
  fields: keyed("meeting", {
    title: { label: "Title", widget: "text", maxLength: 200 },
    startsAt: { label: "Starts", widget: "datetime" },
    endsAt: { label: "Ends", widget: "datetime" },
    place: { label: "Place", widget: "text", maxLength: 500 },
    videoLink: { label: "Video link", widget: "url", placeholder: "https://" },
    agenda: { label: "Agenda", widget: "richtext" },
    cancelled: { label: "Cancelled", widget: "checkbox" },
    minutes: { label: "Minutes (after the meeting)", widget: "richtext" },
  }),
};
