// Browser calls to the auth server and the account API, and the spec's texts for each error code they answer with.
import { messages } from "#shared/messages.ts";
import { homeForRole, paths } from "#web/lib/paths.ts";

export interface AuthResult<T = unknown> {
  ok: boolean;
  status: number;
  code: string | null;
  message: string | null;
  data: T | null;
}

/** POSTs JSON to a better-auth endpoint under /api/auth; a network failure comes back as status 0. */
export async function postAuth<T = unknown>(endpoint: string, body: unknown): Promise<AuthResult<T>> {
  try {
    const response = await fetch(`/api/auth${endpoint}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
    });
    const json = (await response.json().catch(() => null)) as (Record<string, unknown> & { code?: string; message?: string }) | null;
    if (!response.ok) return { ok: false, status: response.status, code: json?.code ?? null, message: json?.message ?? null, data: null };
    return { ok: true, status: response.status, code: null, message: null, data: json as T };
  } catch {
    return { ok: false, status: 0, code: null, message: null, data: null };
  }
}

const INVALID_CREDENTIALS = new Set(["INVALID_EMAIL_OR_PASSWORD", "USER_NOT_FOUND", "INVALID_PASSWORD", "CREDENTIAL_ACCOUNT_NOT_FOUND"]);

/** better-auth's answer to a request from an origin the site does not trust. */
export function isOriginRefused(result: AuthResult): boolean {
  return result.status === 403 && (result.code === "INVALID_ORIGIN" || result.code === "MISSING_OR_NULL_ORIGIN");
}

export function loginErrorText(result: AuthResult, siteAddress: string): string {
  if (isOriginRefused(result)) return messages.auth.untrustedOrigin(siteAddress);
  if (result.code && INVALID_CREDENTIALS.has(result.code)) return messages.auth.invalidCredentials;
  // The limit's own message says how long to wait, which "try again" alone would not.
  if (result.status === 429 && result.message) return result.message;
  return messages.auth.loginFailed;
}

/** The sign-up's answer for an address that already has an account. */
export function isEmailInUse(result: AuthResult): boolean {
  return result.code === "USER_ALREADY_EXISTS" || result.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL";
}

export function signupErrorText(result: AuthResult, siteAddress: string): string {
  if (isOriginRefused(result)) return messages.auth.untrustedOrigin(siteAddress);
  if (isEmailInUse(result)) return messages.auth.emailInUse;
  if (result.code === "PASSWORD_TOO_SHORT" || result.code === "PASSWORD_TOO_WEAK") return messages.auth.weakPassword;
  // The limit's and the proof of work's own messages say what to do, which "try again" alone would not.
  if ((result.status === 429 || result.code === "CHALLENGE_REFUSED") && result.message) return result.message;
  return messages.auth.signupFailed;
}

export async function signOut(): Promise<boolean> {
  const result = await postAuth("/sign-out", {});
  return result.ok;
}

/**
 * `next` as a path on the site at `origin` (path, query and fragment), or null when it would lead anywhere else.
 * Browsers drop tabs and line breaks from addresses and read a backslash as a slash, so "/\t/host" or "/\\host"
 * would go to another host: text with either is refused before the address is resolved the way a browser would.
 */
export function safeReturnPath(next: string | null, origin: string): string | null {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (!next || /[\u0000-\u001f\u007f-\u009f\\]/.test(next)) return null;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return null;
  }
  // "/.//host" resolves on the site to the path "//host", which as an address leads to that host.
  if (url.origin !== origin || url.pathname.startsWith("//")) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where the page asked to come back to after signing in (`?next=/business/…`): a path on this site only. */
export function returnPath(): string | null {
  if (typeof window === "undefined") return null;
  return safeReturnPath(new URLSearchParams(window.location.search).get("next"), window.location.origin);
}

/**
 * After a sign-in: reads the role and goes to the person's home (docs/decisions/0025). When the role cannot be read, says so, and goes to
 * the account page after a moment.
 */
export async function goHomeForRole(onRoleUnknown: (message: string) => void): Promise<void> {
  try {
    const response = await fetch("/api/v1/me", { credentials: "same-origin" });
    if (!response.ok) throw new Error(`role lookup answered ${response.status}`);
    const me = (await response.json()) as { role?: string };
    if (!me.role) throw new Error("role lookup gave no role");
    // Where a role lands beyond the spec's rule (an owner's dashboard, a business sign-up's onboarding) depends on
    // the person's data: /login/continue asks the server.
    window.location.assign(returnPath() ?? (me.role === "admin" ? homeForRole(me.role) : paths.loginContinue));
  } catch {
    onRoleUnknown(messages.auth.roleLookupFailed);
    setTimeout(() => window.location.assign(paths.myAccount), 2500);
  }
}
