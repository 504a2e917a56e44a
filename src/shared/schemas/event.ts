// An event as clients see it, and what the admin form sends. `location` is "outdoor" or a business id.
import { z } from "zod";
import { OUTDOOR_LOCATION } from "../constants.ts";
import { messages } from "../messages.ts";
import { checkbox, optionalTimestamp, optionalWebAddress, timestampInput } from "./content-input.ts";
import { keyed, type EntityView } from "./entity.ts";
import { singleLine } from "../text.ts";
import { normalizeRule } from "../recurrence.ts";
import { TranslationsSchema, translationsInput } from "./translations.ts";

export const EventSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  location: z.string(),
  outdoorLocationDescription: z.string().nullable(),
  ticketsLink: z.string().nullable(),
  eventDate: z.string(),
  /** When it ends, if known; an all-day event's dates are read in the site's time zone. */
  endDate: z.string().nullable(),
  allDay: z.boolean(),
  /** Raised on each change, for calendar apps (iCalendar SEQUENCE). */
  sequence: z.number().int(),
  /** An RFC 5545 rule ("FREQ=MONTHLY;BYDAY=1FR") when the event repeats; its first date is `eventDate`. */
  recurrenceRule: z.string().nullable(),
  /** In lists and on its page, one date of a series: its own local date ("2026-12-04"), and whether it was cancelled. */
  occurrenceDate: z.string().nullable(),
  cancelled: z.boolean(),
  /** A date of a series an administrator moved to another start: its start as the rule has it. */
  previousStartDate: z.string().nullable(),
  imageUrl: z.string().nullable(),
  createdAt: z.string(),
  lastUpdatedAt: z.string(),
  /** Its name and description in the site's other languages, where the reader edits them (admin and owners' lists). */
  translations: TranslationsSchema.optional(),
});

export type Event = z.infer<typeof EventSchema>;

const required = { error: messages.adminEvents.required };

const eventDescription = z.string().trim().max(5000).nullish();

/** An event's name and description in the site's other languages, by the originals' rules (blank removes one). */
export const EventTranslationsInputSchema = translationsInput({
  name: z.string().overwrite(singleLine).trim().max(200).nullish().transform((value) => value || null),
  description: eventDescription.transform((value) => value || null),
});

/**
 * The add/edit form. `imagePath` is the stored image the event should have: its current one (kept), a
 * fresh upload (attached, the old one deleted), or null (none; the old one deleted). Leaving an event
 * anywhere but outdoors clears its outdoor description.
 */
export const EventInputSchema = z
  .object({
    name: z.string(required).overwrite(singleLine).trim().min(1, required).max(200),
    eventDate: timestampInput(messages.adminEvents.required),
    endDate: optionalTimestamp(messages.adminEvents.endInvalid),
    allDay: checkbox,
    recurrenceRule: z
      .string()
      .trim()
      .max(500)
      .nullish()
      .refine((value) => !value || normalizeRule(value) !== null, { error: messages.adminEvents.ruleInvalid })
      .transform((value) => (value ? normalizeRule(value) : null)),
    location: z.string(required).overwrite(singleLine).trim().min(1, required).max(100),
    outdoorLocationDescription: z.string().trim().max(500).nullish(),
    description: eventDescription,
    ticketsLink: optionalWebAddress(messages.adminEvents.ticketsLinkInvalid),
    imagePath: z.string().max(500).nullish(),
    translations: EventTranslationsInputSchema,
  })
  .superRefine((value, ctx) => {
    if (value.endDate && value.endDate < value.eventDate) {
      ctx.addIssue({ code: "custom", path: ["endDate"], message: messages.adminEvents.endBeforeStart });
    }
    if (value.location === OUTDOOR_LOCATION && !value.outdoorLocationDescription) {
      ctx.addIssue({ code: "custom", path: ["outdoorLocationDescription"], message: messages.adminEvents.outdoorDescriptionRequired });
    }
  })
  .transform((value) => ({
    ...value,
    outdoorLocationDescription: value.location === OUTDOOR_LOCATION ? (value.outdoorLocationDescription ?? null) : null,
    description: value.description || null,
    imagePath: value.imagePath || null,
  }));

export type EventInput = z.input<typeof EventInputSchema>;
export type EventValues = z.output<typeof EventInputSchema>;

/** A row of the admin list: newest first, the description cut for the list, and what editing needs. */
export const AdminEventSchema = EventSchema.extend({
  imageStoragePath: z.string().nullable(),
  ownerUid: z.string().nullable(),
  locationText: z.string(),
  descriptionPreview: z.string(),
});

export type AdminEvent = z.infer<typeof AdminEventSchema>;

/** The Events tab's form. */
export const eventView: EntityView = {
  key: "event",
  singular: "Event",
  plural: "Events",
  required: messages.adminEvents.required,
  fields: keyed("event", {
    name: { label: "Event Name", widget: "text", maxLength: 200, translatable: true },
    eventDate: { label: "Event Date", widget: "datetime" },
    endDate: { label: "Ends (optional)", widget: "datetime" },
    allDay: { label: "All day", widget: "checkbox" },
    recurrenceRule: { label: "Repeats (optional)", widget: "recurrence" },
    location: {
      label: "Location Type",
      widget: "combobox",
      empty: "Select a location",
      options: [{ value: OUTDOOR_LOCATION, label: "Outdoor" }],
      source: "businesses",
      group: "Businesses",
      missing: "Unknown Location (ID: {short}...)",
    },
    outdoorLocationDescription: { label: "Outdoor Location Description", widget: "text", maxLength: 500, when: { field: "location", equals: OUTDOOR_LOCATION } },
    description: { label: "Description", widget: "textarea", rows: 4, maxLength: 5000, translatable: true },
    ticketsLink: { label: "Tickets Link (optional)", widget: "url", placeholder: "https://" },
    imagePath: { label: "Event Image", widget: "image", upload: "eventImage" },
  }),
};

/** One date of a series changed: cancelled, or moved to another start (and end). */
export const OccurrenceChangeSchema = z
  .object({
    cancelled: z.boolean().default(false),
    startDate: optionalTimestamp(messages.adminEvents.startInvalid),
    endDate: optionalTimestamp(messages.adminEvents.endInvalid),
  })
  .superRefine((value, ctx) => {
    if (value.endDate && value.startDate && value.endDate < value.startDate) {
      ctx.addIssue({ code: "custom", path: ["endDate"], message: messages.adminEvents.endBeforeStart });
    }
    if (!value.cancelled && !value.startDate) ctx.addIssue({ code: "custom", path: ["startDate"], message: messages.adminEvents.startMissing });
  });

export type OccurrenceChangeInput = z.input<typeof OccurrenceChangeSchema>;
