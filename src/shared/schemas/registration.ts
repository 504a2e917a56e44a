// Registration for events: the organizers' settings of an event or of one date of a series, what the event page and
// the API say of the places, what a person sends to register, and a registration as the organizers see it.
import { z } from "zod";
import { LANGUAGES } from "#shared/i18n/languages.ts";
import { optionalTimestamp } from "./content-input.ts";

export const registrationMessages = {
  placesLeft: (n: number) => (n === 1 ? "1 place left" : `${n} places left`),
  full: "Full: join the waiting list",
  closed: "Registration closed",
  nameRequired: "Name is required.",
  emailInvalid: "Enter a valid e-mail address.",
  partySizeInvalid: (max: number) => (max === 1 ? "Party size must be 1." : `Party size must be from 1 to ${max}.`),
  answerRequired: "This question needs an answer.",
  choiceInvalid: "Pick one of the choices.",
  required: "Name, e-mail and party size are required.",
  proofOfWork: "The check that you are not a robot failed. Try again.",
  closedNow: "Registration for this date is closed.",
  fullNow: "This date is full and has no waiting list.",
  notInSeries: "The event has no such date.",
  notFound: "Registration not found.",
  eventNotFound: "Event not found.",
  tooMany: "Too many registrations from this address or device. Try again in an hour.",
  badToken: "This cancel link is not valid.",
  cancelled: "Your registration is cancelled.",
  enabledRequired: "Say whether registration is on: enabled is true or false.",
  capacityInvalid: "Capacity must be a whole number from 1 to 100000, or empty for no limit.",
  maxPartyInvalid: "Places per registration must be from 1 to 50.",
  closesBeforeOpens: "Closes must be after Opens.",
  opensAfterStart: "Opens must be before the event starts.",
  questionLabel: "Each question needs a text.",
  questionChoices: "A choice question needs at least two choices.",
  messageRequired: "Subject and message are required.",
  dateCancelled: "This date is cancelled in the calendar: restore the date first.",
  notOrganizer: "Only administrators and the owners of the host business see registrations.",
} as const;

export const REGISTRATION_STATUSES = ["confirmed", "waitlisted", "pending-confirmation", "cancelled"] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export const QuestionSchema = z.object({
  id: z.string().trim().min(1).max(40),
  label: z.string({ error: registrationMessages.questionLabel }).trim().min(1, { error: registrationMessages.questionLabel }).max(200),
  kind: z.enum(["text", "choice"]),
  options: z.array(z.string().trim().min(1).max(100)).max(20).default([]),
  required: z.boolean().default(false),
});
export type Question = z.infer<typeof QuestionSchema>;

/** What organizers send: the settings of the event, or of one date of a series (`?date=`). */
export const RegistrationSettingsInputSchema = z
  .object({
    enabled: z.boolean({ error: registrationMessages.enabledRequired }),
    capacity: z
      .number({ error: registrationMessages.capacityInvalid })
      .int({ error: registrationMessages.capacityInvalid })
      .min(1, { error: registrationMessages.capacityInvalid })
      .max(100_000, { error: registrationMessages.capacityInvalid })
      .nullable()
      .default(null),
    maxPartySize: z
      .number({ error: registrationMessages.maxPartyInvalid })
      .int({ error: registrationMessages.maxPartyInvalid })
      .min(1, { error: registrationMessages.maxPartyInvalid })
      .max(50, { error: registrationMessages.maxPartyInvalid })
      .default(1),
    opensAt: optionalTimestamp("Opens must be a date and time."),
    closesAt: optionalTimestamp("Closes must be a date and time."),
    questions: z
      .array(QuestionSchema)
      .max(10)
      .default([])
      .superRefine((questions, ctx) => {
        questions.forEach((q, i) => {
          if (q.kind === "choice" && q.options.length < 2) ctx.addIssue({ code: "custom", path: [i, "options"], message: registrationMessages.questionChoices });
        });
      }),
    waitlist: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    if (value.opensAt && value.closesAt && value.closesAt <= value.opensAt) ctx.addIssue({ code: "custom", path: ["closesAt"], message: registrationMessages.closesBeforeOpens });
  });
export type RegistrationSettingsInput = z.input<typeof RegistrationSettingsInputSchema>;
export type RegistrationSettingsValues = z.output<typeof RegistrationSettingsInputSchema>;

export const AVAILABILITY = ["open", "full-waitlist", "full", "closed", "off"] as const;

/** What anyone reads of an event's (or a date's) registration. */
export const RegistrationInfoSchema = z.object({
  eventId: z.string(),
  /** The series' date these are for; null for the event as a whole. */
  date: z.string().nullable(),
  /** Whether these settings are the date's own (false: the event's apply). */
  ownSettings: z.boolean(),
  enabled: z.boolean(),
  capacity: z.number().int().nullable(),
  maxPartySize: z.number().int(),
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  questions: z.array(QuestionSchema),
  waitlist: z.boolean(),
  cancelled: z.boolean(),
  confirmedPlaces: z.number().int(),
  /** Null when there is no capacity. */
  remainingPlaces: z.number().int().nullable(),
  waitlisted: z.number().int(),
  /** open: places to take; full-waitlist: the waiting list only; full, closed, off: no registration. */
  availability: z.enum(AVAILABILITY),
});
export type RegistrationInfo = z.infer<typeof RegistrationInfoSchema>;

/** What the event page says of the places. */
export function availabilityText(info: Pick<RegistrationInfo, "availability" | "remainingPlaces">): string | null {
  if (info.availability === "off") return null;
  if (info.availability === "open") return info.remainingPlaces === null ? null : registrationMessages.placesLeft(info.remainingPlaces);
  if (info.availability === "full-waitlist") return registrationMessages.full;
  return registrationMessages.closed;
}

/** What a person sends to register; the questions are checked against the event's in the service. */
export const RegistrationInputSchema = z.object({
  name: z.string({ error: registrationMessages.nameRequired }).trim().min(1, { error: registrationMessages.nameRequired }).max(200),
  email: z.email({ error: registrationMessages.emailInvalid }).trim().max(254),
  partySize: z.coerce.number({ error: registrationMessages.partySizeInvalid(1) }).int().min(1).default(1),
  answers: z.record(z.string(), z.string().max(2000)).default({}),
  /** A series' date (YYYY-MM-DD); left out for an event of one date. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullish(),
  /** The ALTCHA payload; only anonymous visitors need one. */
  altcha: z.string().nullish(),
  /** The page's language: the registrant's mail is written in it (else the site's default). */
  language: z.enum(LANGUAGES).optional(),
});
export type RegistrationInput = z.input<typeof RegistrationInputSchema>;

export const RegistrationCreatedSchema = z.object({ id: z.string(), status: z.enum(["confirmed", "waitlisted", "pending-confirmation"]) });

/** A registration as the organizers see it. */
export const AttendeeSchema = z.object({
  id: z.string(),
  date: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  partySize: z.number().int(),
  status: z.enum(REGISTRATION_STATUSES),
  answers: z.record(z.string(), z.string()),
  checkedInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Attendee = z.infer<typeof AttendeeSchema>;

export const AttendeeListSchema = z.object({
  eventId: z.string(),
  date: z.string().nullable(),
  counts: z.object({ confirmed: z.number().int(), waitlisted: z.number().int(), cancelled: z.number().int(), checkedIn: z.number().int(), registrations: z.number().int() }),
  questions: z.array(QuestionSchema),
  items: z.array(AttendeeSchema),
});
export type AttendeeList = z.infer<typeof AttendeeListSchema>;

export const RegistrantMessageSchema = z.object({
  subject: z.string({ error: registrationMessages.messageRequired }).trim().min(1, { error: registrationMessages.messageRequired }).max(200),
  message: z.string({ error: registrationMessages.messageRequired }).trim().min(1, { error: registrationMessages.messageRequired }).max(10_000),
});

/** The QR code's text: the registration's id and its check-in code, read back by the check-in page. */
const QR_PREFIX = "niche-registration";

export function registrationQrText(registration: { id: string; checkInCode: string }): string {
  return `${QR_PREFIX}:${registration.id}:${registration.checkInCode}`;
}

export function parseRegistrationQr(text: string): { id: string; checkInCode: string } | null {
  const match = /^niche-registration:([A-Za-z0-9]+):([A-Za-z0-9_-]{16,})$/.exec(text.trim());
  return match ? { id: match[1]!, checkInCode: match[2]! } : null;
}
