// Who is signed in, read for every request that carries a session cookie: the cookie's signature checked in process
// and the session with its account read in one query, so that signing out, a deleted or banned account and a role
// change show on the very next request on every instance (docs/decisions/0051-session-read.md). It does what
// better-auth's own read does: drops an expired session and moves a session in use on once a day.
import { createHmac, timingSafeEqual } from "node:crypto";
import { parseCookies } from "better-auth/cookies";
import type { Database } from "../db/database.ts";

/** The session and account fields a request needs; null when the cookie names no live session. */
export interface SessionRow {
  userId: string;
  email: string;
  displayName: string;
  photoURL: string | null;
  role: string | null;
  emailVerified: boolean | number;
  language: string | null;
  banned: boolean | number | null;
  banExpires: string | null;
}

export interface SessionCookies {
  /** The session token cookie's name (with its `__Secure-` prefix on HTTPS). */
  sessionToken: string;
  /** The cookie better-auth sets for a session not to be remembered (a signed "true"): its session is not moved on. */
  dontRemember: string;
}

export interface SessionTimes {
  /** Seconds a session lasts from its last refresh. */
  expiresIn: number;
  /** Seconds after which a session in use is refreshed. */
  updateAge: number;
}

/** What the read found: a live session's row, no session at all, or a cookie header better-auth must read itself. */
export type SessionRead = { kind: "row"; row: SessionRow } | { kind: "none" } | { kind: "defer" };

// better-call's signed cookie: `<value>.<base64 HMAC-SHA256 of value>`, the signature 44 characters ending in "=".
const SIGNATURE_LENGTH = 44;
/** Cookie values whose signature was found good, kept: the check depends on nothing else (the secret is fixed). */
const VERIFIED_KEPT = 10_000;

export class SessionReader {
  private readonly database: Database;
  private readonly secret: string;
  private readonly cookies: () => Promise<SessionCookies>;
  private readonly times: SessionTimes;
  private readonly verifiedValues = new Map<string, string>();

  constructor(database: Database, secret: string, cookies: () => Promise<SessionCookies>, times: SessionTimes) {
    this.database = database;
    this.secret = secret;
    this.cookies = cookies;
    this.times = times;
  }

  async read(headers: Headers): Promise<SessionRead> {
    const header = headers.get("cookie");
    if (!header) return { kind: "none" };
    const names = await this.cookies();
    // Checked before parsing: most requests carry no session cookie at all.
    const at = header.indexOf(`${names.sessionToken}=`);
    if (at === -1) return { kind: "none" };
    // A name given twice is read by better-auth's own parser, whose choice between them is the one that counts.
    if (header.indexOf(`${names.sessionToken}=`, at + 1) !== -1) return { kind: "defer" };
    const parsed = parseCookies(header);
    const signed = parsed.get(names.sessionToken);
    if (!signed) return { kind: "defer" };
    const token = this.verified(signed);
    if (token === null) return { kind: "none" };
    const row = await this.database.db
      .selectFrom("session")
      .innerJoin("user", "user.id", "session.userId")
      .select([
        "session.expiresAt",
        "user.id as userId",
        "user.email",
        "user.displayName",
        "user.photoURL",
        "user.role",
        "user.emailVerified",
        "user.language",
        "user.banned",
        "user.banExpires",
      ])
      .where("session.token", "=", token)
      .executeTakeFirst();
    if (!row) return { kind: "none" };
    const now = Date.now();
    const expiresAt = Date.parse(row.expiresAt);
    if (!(expiresAt > now)) {
      // As better-auth does: an expired session is removed, so it cannot come back.
      await this.database.db.deleteFrom("session").where("token", "=", token).execute();
      return { kind: "none" };
    }
    // A session in use is moved on once a day, as better-auth's own read does; not one its owner asked not to keep.
    const dontRemember = parsed.get(names.dontRemember);
    const keep = !(dontRemember && this.verified(dontRemember) !== null);
    if (keep && expiresAt - this.times.expiresIn * 1000 + this.times.updateAge * 1000 <= now) {
      await this.database.db
        .updateTable("session")
        .set({ expiresAt: new Date(now + this.times.expiresIn * 1000).toISOString(), updatedAt: new Date(now).toISOString() })
        .where("token", "=", token)
        .execute();
    }
    const { expiresAt: _expiresAt, ...account } = row;
    return { kind: "row", row: account };
  }

  /** The token of a cookie value signed with the site's secret, else null (better-call's check, without WebCrypto's key import per request). */
  private verified(value: string): string | null {
    const known = this.verifiedValues.get(value);
    if (known !== undefined) return known;
    const token = this.signedToken(value);
    if (token !== null) {
      if (this.verifiedValues.size >= VERIFIED_KEPT) this.verifiedValues.clear();
      this.verifiedValues.set(value, token);
    }
    return token;
  }

  private signedToken(value: string): string | null {
    const dot = value.lastIndexOf(".");
    if (dot < 1) return null;
    const signature = value.slice(dot + 1);
    if (signature.length !== SIGNATURE_LENGTH || !signature.endsWith("=")) return null;
    const token = value.slice(0, dot);
    // Compared as text: better-call decodes the signature strictly (atob), so a variant spelling is refused there too.
    const expected = Buffer.from(createHmac("sha256", this.secret).update(token).digest("base64"));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
  }
}

/** Whether an account is banned now (better-auth's admin schema: a ban with no end, or one that has not ended). */
export function isBanned(account: { banned?: unknown; banExpires?: unknown }): boolean {
  if (!account.banned) return false;
  if (account.banExpires === null || account.banExpires === undefined) return true;
  const ends = account.banExpires instanceof Date ? account.banExpires.getTime() : Date.parse(String(account.banExpires));
  return !(ends < Date.now());
}
