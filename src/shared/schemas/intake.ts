// The "Business Feedback and Consent" intake form: what a signed-in person sends, and a submission as administrators
// read it. Signatures are typed names, each with the date it was signed.
import { z } from "zod";
import { singleLine } from "../text.ts";

export const INTAKE_OBJECTIVES = [
  "Increase foot traffic",
  "Reach new customers",
  "Grow our social media following",
  "Promote events",
  "Build customer loyalty",
  "Reach students",
] as const;

export const intakeMessages = {
  required: "Business name, owner/manager name, contact email and the business owner's signature with its date are required.",
  businessName: "Business name is required.",
  ownerName: "Owner/manager name is required.",
  email: "Contact email must be an email address, like name@example.com.",
  discount: "Discount % must be a number from 0 to 100.",
  ownerSignature: "Type your name to sign.",
  date: "Choose the date it was signed.",
  dateInvalid: "The date must be a real date, like 2026-11-23.",
  dateWithoutSignature: "A date needs the signature it belongs to.",
  notYourBusiness: "Choose one of your own businesses, or none.",
  sent: "Thank you. Your form was sent to the association.",
} as const;

const text = (max: number) =>
  z
    .string()
    .overwrite(singleLine)
    .trim()
    .max(max, `At most ${max} characters.`)
    .nullish()
    .transform((value) => value || null);
const longText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .nullish()
    .transform((value) => value || null);
const needed = (max: number, message: string) => z.string({ error: message }).overwrite(singleLine).trim().min(1, message).max(max, `At most ${max} characters.`);
/** A checkbox: "yes"/"on"/true when ticked, absent otherwise. */
const ticked = z
  .union([z.boolean(), z.string()])
  .nullish()
  .transform((value) => value === true || value === "yes" || value === "on" || value === "true");
const day = z
  .string()
  .trim()
  .nullish()
  .transform((value) => value || null)
  .refine((value) => value === null || (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)), {
    error: intakeMessages.dateInvalid,
  });

export const IntakeInputSchema = z
  .object({
    businessId: z
      .string()
      .max(100)
      .nullish()
      .transform((value) => value || null),
    businessName: needed(200, intakeMessages.businessName),
    ownerName: needed(200, intakeMessages.ownerName),
    email: z
      .string({ error: intakeMessages.email })
      .trim()
      .max(254)
      .refine((value) => z.email().safeParse(value).success, { error: intakeMessages.email }),
    phone: text(50),
    address: text(500),
    links: longText(2000),
    businessType: text(200),
    objectives: z
      .union([z.enum(INTAKE_OBJECTIVES), z.array(z.enum(INTAKE_OBJECTIVES))])
      .nullish()
      .transform((value) => (value == null ? [] : [...new Set(Array.isArray(value) ? value : [value])])),
    tools: longText(2000),
    challenges: longText(2000),
    services: longText(2000),
    discountPercent: z
      .union([z.number(), z.string()])
      .nullish()
      .transform((value, ctx) => {
        if (value === null || value === undefined || String(value).trim() === "") return null;
        const number = Number(String(value).trim());
        if (!Number.isFinite(number) || number < 0 || number > 100) {
          ctx.addIssue({ code: "custom", message: intakeMessages.discount });
          return z.NEVER;
        }
        return number;
      }),
    bogo: ticked,
    freeGift: ticked,
    otherPromotion: text(500),
    ownerSignature: needed(200, intakeMessages.ownerSignature),
    ownerSignedOn: day.refine((value) => value !== null, { error: intakeMessages.date }),
    representativeSignature: text(200),
    representativeSignedOn: day,
    feedback: longText(5000),
  })
  .superRefine((value, ctx) => {
    if (value.representativeSignature && !value.representativeSignedOn) ctx.addIssue({ code: "custom", path: ["representativeSignedOn"], message: intakeMessages.date });
    if (!value.representativeSignature && value.representativeSignedOn) ctx.addIssue({ code: "custom", path: ["representativeSignature"], message: intakeMessages.dateWithoutSignature });
  });
export type IntakeInput = z.input<typeof IntakeInputSchema>;
export type IntakeValues = z.output<typeof IntakeInputSchema>;

export const IntakeSubmissionSchema = z
  .object({
    id: z.string(),
    createdAt: z.string(),
    userId: z.string().nullable(),
    userEmail: z.string().nullable(),
    businessId: z.string().nullable(),
    /** The linked business's name now, or null when none was chosen (or it was deleted since). */
    linkedBusinessName: z.string().nullable(),
    businessName: z.string(),
    ownerName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    links: z.string().nullable(),
    businessType: z.string().nullable(),
    objectives: z.array(z.string()),
    tools: z.string().nullable(),
    challenges: z.string().nullable(),
    services: z.string().nullable(),
    discountPercent: z.number().nullable(),
    bogo: z.boolean(),
    freeGift: z.boolean(),
    otherPromotion: z.string().nullable(),
    ownerSignature: z.string(),
    ownerSignedOn: z.string(),
    representativeSignature: z.string().nullable(),
    representativeSignedOn: z.string().nullable(),
    feedback: z.string().nullable(),
  });
export type IntakeSubmission = z.infer<typeof IntakeSubmissionSchema>;

/** A business the person may link a submission to: one they own, or one they have claimed. */
export const IntakeBusinessSchema = z.object({ id: z.string(), name: z.string(), relation: z.enum(["owner", "claim"]) });
export type IntakeBusiness = z.infer<typeof IntakeBusinessSchema>;
