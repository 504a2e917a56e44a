// The signed-in user's own account: what the account pages show and the one thing they change here.
import { z } from "zod";
import { ACCOUNT_TYPES, ROLES } from "../constants.ts";
import { singleLine } from "../text.ts";
import { LANGUAGES } from "../i18n/languages.ts";

export const DISPLAY_NAME_MAX_LENGTH = 80;

export const DisplayNameSchema = z
  .string()
  .overwrite(singleLine)
  .trim()
  .min(1, { error: "Display name cannot be empty." })
  .max(DISPLAY_NAME_MAX_LENGTH, { error: `Display name must be at most ${DISPLAY_NAME_MAX_LENGTH} characters.` });

export const UpdateAccountSchema = z.object({ displayName: DisplayNameSchema });
export type UpdateAccount = z.infer<typeof UpdateAccountSchema>;

/** PUT /api/v1/account/language: a language the site offers, or null for the site's default. */
export const AccountLanguageSchema = z.object({
  language: z.enum(LANGUAGES, { error: "Choose a language the site offers." }).nullable(),
});

export const AccountSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  photoURL: z.string().nullable(),
  role: z.enum(ROLES),
  accountType: z.enum(ACCOUNT_TYPES).nullable(),
  emailVerified: z.boolean(),
  provider: z.string().nullable(),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
  /** The language of their signed-in pages and mail; null for the site's default. */
  language: z.enum(LANGUAGES).nullable(),
});
export type Account = z.infer<typeof AccountSchema>;

/** Error codes the auth server answers with beyond better-auth's own; the pages map each to the spec's text. */
export const AUTH_ERROR_CODES = {
  passwordTooWeak: "PASSWORD_TOO_WEAK",
  tooManyAttempts: "TOO_MANY_ATTEMPTS",
  invalidAccountType: "INVALID_ACCOUNT_TYPE",
  tooManySignUps: "TOO_MANY_SIGN_UPS",
  challengeRefused: "CHALLENGE_REFUSED",
  emailInUse: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL",
} as const;

/** GET /api/v1/challenge: an ALTCHA challenge (altcha-lib's format), solved by the sign-up form. */
export const SignUpChallengeSchema = z
  .object({
    parameters: z
      .object({
        algorithm: z.string(),
        nonce: z.string(),
        salt: z.string(),
        cost: z.number().int(),
        keyLength: z.number().int(),
        keyPrefix: z.string(),
        keySignature: z.string().optional(),
        expiresAt: z.number().int().optional().meta({ description: "Seconds since the epoch" }),
      })
      .meta({ description: "What the client must work on: find the counter whose derived key starts with keyPrefix" }),
    signature: z.string().optional(),
  })
  .meta({ id: "SignUpChallenge" });


/** The fields of the first-administrator form (/setup), and "form" for a message about the whole form. */
export type SetupField = "email" | "displayName" | "password" | "confirmPassword" | "form";
