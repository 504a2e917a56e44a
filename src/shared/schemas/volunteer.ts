// Volunteering: opportunities and their shifts as visitors, volunteers and administrators see them, what the
// administrators' form sends, and the roster of a shift.
import { z } from "zod";
import { keyed, type EntityView } from "./entity.ts";
import { timestampInput } from "./content-input.ts";
import { singleLine } from "../text.ts";

export const volunteerMessages = {
  required: "Title and at least one shift are required.",
  titleRequired: "Title is required.",
  startsRequired: "Starts must be a date and time.",
  endsRequired: "Ends must be a date and time.",
  endBeforeStart: "Ends must be after Starts.",
  placeRequired: "Place is required.",
  placesNeeded: "Places needed must be a whole number from 1 to 1000.",
  shiftsRequired: "Add at least one shift.",
  occurrenceDateInvalid: "Date of the event must be a date (YYYY-MM-DD).",
  occurrenceWithoutEvent: "Choose the event this date belongs to.",
  eventNotFound: "Event not found.",
  occurrenceNotFound: "The event does not take place on this date.",
  mustBeLoggedIn: "You must be signed in to volunteer.",
  notFound: "Opportunity not found.",
  shiftNotFound: "Shift not found.",
  signupNotFound: "You are not signed up for this shift.",
  alreadySignedUp: "You are already signed up for this shift.",
  shiftPast: "This shift has already started: sign-ups are closed.",
  confirmed: "You are signed up for this shift.",
  waiting: "The shift is full: you are on its waiting list.",
  cancelled: "Your sign-up is cancelled.",
  attendanceInvalid: "Send attended as true or false.",
  subjectRequired: "Subject is required.",
  messageRequired: "Message is required.",
  messageSent: (count: number) => `Message sent to ${count} volunteer${count === 1 ? "" : "s"}.`,
  signInToVolunteer: "Sign in to volunteer",
  eventsLoadFailed: "Failed to load the events.",
} as const;

export const SIGNUP_STATUSES = ["confirmed", "waiting"] as const;
export type SignupStatus = (typeof SIGNUP_STATUSES)[number];
export const SIGNUP_STATUS_LABELS: Record<SignupStatus, string> = { confirmed: "Confirmed", waiting: "Waiting list" };

export const ShiftSchema = z.object({
  id: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  place: z.string(),
  placesNeeded: z.number().int(),
  requirements: z.string().nullable(),
  /** Confirmed volunteers. */
  filled: z.number().int(),
  waiting: z.number().int(),
  /** Started already: no more sign-ups. */
  past: z.boolean(),
  /** The signed-in person's sign-up, if any. */
  myStatus: z.enum(SIGNUP_STATUSES).nullable(),
});
export type Shift = z.infer<typeof ShiftSchema>;

export const RosterEntrySchema = z.object({
  signupId: z.string(),
  displayName: z.string(),
  email: z.string(),
  status: z.enum(SIGNUP_STATUSES),
  signedUpAt: z.string(),
  attended: z.boolean().nullable(),
});
export type RosterEntry = z.infer<typeof RosterEntrySchema>;

export const AdminShiftSchema = ShiftSchema.extend({ roster: z.array(RosterEntrySchema) });
export type AdminShift = z.infer<typeof AdminShiftSchema>;

export const OpportunityEventSchema = z.object({ id: z.string(), name: z.string(), href: z.string() }).nullable();

export const OpportunitySchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Sanitized HTML. */
  description: z.string(),
  eventId: z.string().nullable(),
  occurrenceDate: z.string().nullable(),
  event: OpportunityEventSchema,
  shifts: z.array(ShiftSchema),
  /** Places still open across its shifts to come. */
  openPlaces: z.number().int(),
  createdAt: z.string(),
  lastUpdatedAt: z.string(),
});
export type Opportunity = z.infer<typeof OpportunitySchema>;

export const AdminOpportunitySchema = OpportunitySchema.extend({ editorUid: z.string().nullable(), shifts: z.array(AdminShiftSchema) });
export type AdminOpportunity = z.infer<typeof AdminOpportunitySchema>;
export type OpportunityDetail = Opportunity | AdminOpportunity;

/** A sign-up's answer: its status, and the shift as it now stands. */
export const SignupResultSchema = z.object({ status: z.enum(SIGNUP_STATUSES), shift: ShiftSchema });
export type SignupResult = z.infer<typeof SignupResultSchema>;

/** One of the person's sign-ups, with its shift and opportunity (their own page and the dashboard). */
export const MySignupSchema = z.object({
  shiftId: z.string(),
  opportunityId: z.string(),
  opportunityTitle: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  place: z.string(),
  status: z.enum(SIGNUP_STATUSES),
});
export type MySignup = z.infer<typeof MySignupSchema>;

export const AttendanceInputSchema = z.strictObject({ attended: z.boolean({ error: volunteerMessages.attendanceInvalid }) });
export type AttendanceInput = z.input<typeof AttendanceInputSchema>;

export const ShiftMessageInputSchema = z.object({
  subject: z.string({ error: volunteerMessages.subjectRequired }).overwrite(singleLine).trim().min(1, { error: volunteerMessages.subjectRequired }).max(200),
  message: z.string({ error: volunteerMessages.messageRequired }).trim().min(1, { error: volunteerMessages.messageRequired }).max(10_000),
});
export type ShiftMessageInput = z.input<typeof ShiftMessageInputSchema>;

export const VOLUNTEER_TEXT_MAX_CHARS = 100_000;

export const ShiftInputSchema = z
  .object({
    /** A shift kept from before; a new one has none. */
    id: z.string().max(100).nullish(),
    startsAt: timestampInput(volunteerMessages.startsRequired),
    endsAt: timestampInput(volunteerMessages.endsRequired),
    place: z.string({ error: volunteerMessages.placeRequired }).overwrite(singleLine).trim().min(1, { error: volunteerMessages.placeRequired }).max(500),
    placesNeeded: z.coerce.number({ error: volunteerMessages.placesNeeded }).int({ error: volunteerMessages.placesNeeded }).min(1, { error: volunteerMessages.placesNeeded }).max(1000, { error: volunteerMessages.placesNeeded }),
    requirements: z
      .string()
      .max(2000)
      .nullish()
      .transform((value) => value?.trim() || null),
  })
  .superRefine((value, ctx) => {
    if (value.endsAt <= value.startsAt) ctx.addIssue({ code: "custom", path: ["endsAt"], message: volunteerMessages.endBeforeStart });
  });
export type ShiftInput = z.input<typeof ShiftInputSchema>;

function fromJson(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** The administrators' form and API body: an opportunity with all its shifts (those left out are removed). */
export const OpportunityInputSchema = z
  .object({
    title: z.string({ error: volunteerMessages.titleRequired }).overwrite(singleLine).trim().min(1, { error: volunteerMessages.titleRequired }).max(200),
    description: z
      .string()
      .max(VOLUNTEER_TEXT_MAX_CHARS)
      .nullish()
      .transform((value) => value?.trim() ?? ""),
    eventId: z
      .string()
      .max(100)
      .nullish()
      .transform((value) => value?.trim() || null),
    occurrenceDate: z
      .union([z.literal(""), z.iso.date({ error: volunteerMessages.occurrenceDateInvalid })], { error: volunteerMessages.occurrenceDateInvalid })
      .nullish()
      .transform((value) => value || null),
    // The admin form sends the list as one JSON field.
    shifts: z.preprocess(fromJson, z.array(ShiftInputSchema, { error: volunteerMessages.shiftsRequired }).min(1, { error: volunteerMessages.shiftsRequired }).max(100)),
  })
  .superRefine((value, ctx) => {
    if (value.occurrenceDate && !value.eventId) ctx.addIssue({ code: "custom", path: ["eventId"], message: volunteerMessages.occurrenceWithoutEvent });
  });
export type OpportunityInput = z.input<typeof OpportunityInputSchema>;
export type OpportunityValues = z.output<typeof OpportunityInputSchema>;

/** The Volunteering tab's form; shift times are the site's, as every admin form's. */
export const volunteerView: EntityView = {
  key: "volunteer",
  singular: "Opportunity",
  plural: "Volunteering",
  required: volunteerMessages.required,
  fields: keyed("volunteer", {
    title: { label: "Title", widget: "text", maxLength: 200 },
    description: { label: "Description", widget: "richtext" },
    eventId: { label: "Event (optional)", widget: "select", source: "events", empty: "None: a standalone opportunity", missing: "An event no longer upcoming ({short}…)" },
    occurrenceDate: { label: "Date of a recurring event (optional)", widget: "date" },
    shifts: { label: "Shifts", widget: "shifts" },
  }),
};
