// The signed-in user of a request, and the guards services use to authorize.
import { ROLES, type Role } from "#shared/constants.ts";
import { isLanguage, type Language } from "#shared/i18n/languages.ts";
import { Forbidden, Unauthorized } from "../errors.ts";
import type { Auth } from "./auth.ts";
import { isBanned } from "./session-reader.ts";

export interface CurrentUser {
  id: string;
  email: string;
  displayName: string;
  photoURL: string | null;
  role: Role;
  emailVerified: boolean;
  /** The language they chose for their pages and mail; null for the site's default. */
  language?: Language | null;
}

function asRole(value: unknown): Role {
  return ROLES.includes(value as Role) ? (value as Role) : "user";
}

/**
 * The person a request's session cookie signs in, read afresh from the database on every request (never kept between
 * requests: docs/decisions/0051-session-read.md); a banned account is treated as signed out.
 */
export async function getCurrentUser(auth: Auth, headers: Headers): Promise<CurrentUser | null> {
  const read = await auth.sessions.read(headers);
  if (read.kind === "none") return null;
  if (read.kind === "row") {
    const { row } = read;
    return isBanned(row) ? null : asCurrentUser({ ...row, id: row.userId, name: row.displayName, image: row.photoURL });
  }
  const session = await auth.api.getSession({ headers });
  return !session || isBanned(session.user) ? null : asCurrentUser(session.user);
}

function asCurrentUser(user: { id: string; email: string; name: string; image?: string | null | undefined; role?: unknown; emailVerified: unknown; language?: unknown }): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    displayName: user.name,
    photoURL: user.image ?? null,
    role: asRole(user.role),
    emailVerified: Boolean(user.emailVerified),
    language: isLanguage(user.language) ? user.language : null,
  };
}

export function requireUser(user: CurrentUser | null): CurrentUser {
  if (!user) throw Unauthorized();
  return user;
}

export function requireRole(user: CurrentUser | null, ...roles: Role[]): CurrentUser {
  const signedIn = requireUser(user);
  if (!roles.includes(signedIn.role)) throw Forbidden();
  return signedIn;
}

/** An administrator; someone not signed in is told `signInMessage` (each admin area words it its own way). */
export function requireAdmin(user: CurrentUser | null, signInMessage?: string): CurrentUser {
  if (!user) throw Unauthorized(signInMessage);
  return requireRole(user, "admin");
}
