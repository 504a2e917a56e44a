// Rules the site adds to better-auth's own endpoints.
import { APIError } from "better-auth/api";
import { admin } from "better-auth/plugins/admin";
import { DisplayNameSchema } from "../../shared/schemas/account.ts";
import { UPLOAD_RULES } from "../../shared/upload-kinds.ts";

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

function invalid(field: string, message: string): APIError {
  return new APIError("BAD_REQUEST", { code: "INVALID_PROFILE_UPDATE", message, field });
}

/**
 * `/update-user` may change what the account page changes and nothing else: the display name (required, bounded)
 * and the picture, which must be one of this user's uploaded profile pictures (or none).
 */
export function checkProfileUpdate(body: Record<string, unknown>, userId: string): void {
  for (const key of Object.keys(body)) {
    if (!PROFILE_FIELDS.has(key)) throw invalid(key, `The field "${key.slice(0, 40)}" cannot be changed here.`);
  }
  if ("name" in body) {
    const name = DisplayNameSchema.safeParse(body.name);
    if (!name.success) throw invalid("name", name.error.issues[0]?.message ?? "Display name cannot be empty.");
    body.name = name.data;
  }
  if ("image" in body && body.image !== null) {
    const prefix = `/files/${UPLOAD_RULES.profilePicture.folder}/${encodeURIComponent(userId)}/`;
    const image = body.image;
    if (typeof image !== "string" || !image.startsWith(prefix) || image.length > 600 || /[\s\\]|\/\.\.?\//.test(image)) {
      throw invalid("image", "A profile picture must be one you uploaded to this site.");
    }
  }
}
