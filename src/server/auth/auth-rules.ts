// Rules the site adds to better-auth's own endpoints.
import { APIError } from "better-auth/api";
import { admin } from "better-auth/plugins/admin";
import { isLanguage, LANGUAGES } from "#shared/i18n/languages.ts";
import { DISPLAY_NAME_MAX_LENGTH, DisplayNameSchema } from "#shared/schemas/account.ts";
import { singleLine } from "#shared/text.ts";
import { UPLOAD_RULES } from "#shared/upload-kinds.ts";

/**
 * better-auth endpoints turned off: every admin-plugin endpoint (whatever its version adds), deleting an account and
 * changing its address. The site does these through its own API, under its own rules, or not at all.
 */
export const DISABLED_AUTH_PATHS: string[] = [
  ...Object.values(admin().endpoints).map((endpoint) => endpoint.path),
  "/delete-user",
  "/delete-user/callback",
  "/change-email",
];

const PROFILE_FIELDS = new Set(["name", "image"]);

const FOREIGN_PICTURE = "A profile picture must be one you uploaded to this site.";

const UNKNOWN_LANGUAGE = `Choose a language the site offers: ${LANGUAGES.join(" or ")}.`;

function invalid(field: string, message: string): APIError {
  return new APIError("BAD_REQUEST", { code: "INVALID_PROFILE_UPDATE", message, field });
}

function checkDisplayName(body: Record<string, unknown>): void {
  const name = DisplayNameSchema.safeParse(body.name);
  if (!name.success) throw invalid("name", name.error.issues[0]?.message ?? "Display name cannot be empty.");
  body.name = name.data;
}

/**
 * `/update-user` may change what the account page changes and nothing else: the display name (required, bounded)
 * and the picture, which must be one of this user's uploaded profile pictures (or none).
 */
export function checkProfileUpdate(body: Record<string, unknown>, userId: string): void {
  for (const key of Object.keys(body)) {
    if (!PROFILE_FIELDS.has(key)) throw invalid(key, `The field "${key.slice(0, 40)}" cannot be changed here.`);
  }
  if ("name" in body) checkDisplayName(body);
  if ("image" in body && body.image !== null) {
    const prefix = `/files/${UPLOAD_RULES.profilePicture.folder}/${encodeURIComponent(userId)}/`;
    const image = body.image;
    if (typeof image !== "string" || !image.startsWith(prefix) || image.length > 600 || /[\s\\]|\/\.\.?\//.test(image)) {
      throw invalid("image", FOREIGN_PICTURE);
    }
  }
}

/**
 * `/sign-up/email` under the same rules as `/update-user`: a display name typed there is checked and cleaned like one
 * changed later (an empty one becomes the default from the email address), and a picture is refused, since a new
 * account has uploaded nothing yet.
 */
export function checkSignUp(body: Record<string, unknown>): void {
  if (typeof body.name === "string" && singleLine(body.name).trim() !== "") checkDisplayName(body);
  if (body.image !== undefined && body.image !== null) throw invalid("image", FOREIGN_PICTURE);
  if (body.language !== undefined && body.language !== null && !isLanguage(body.language)) throw invalid("language", UNKNOWN_LANGUAGE);
}

/**
 * A display name from a sign-in provider's profile, cleaned like a typed one and cut to the length a typed one may
 * have (a provider's name cannot be refused); undefined when nothing is left, and then the account keeps its name or
 * gets the default.
 */
export function profileDisplayName(name: unknown): string | undefined {
  if (typeof name !== "string") return undefined;
  const cleaned = singleLine(name).trim();
  let cut = cleaned.slice(0, DISPLAY_NAME_MAX_LENGTH);
  // The limit counts UTF-16 units, as the schema does; a pair cut in half would leave no character.
  if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  return cut.trim() || undefined;
}
