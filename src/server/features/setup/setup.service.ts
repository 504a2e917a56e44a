// The first administrator from the browser: while the site has none, each start issues a one-time link
// (/setup?token=...) valid for an hour; the page it opens creates the account. Once an administrator exists, the
// link and the page are gone. `npm run user:create` remains for those with a shell.
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { DB } from "#server/db/database-types.ts";
import { newId } from "#server/db/ids.ts";
import { hashPassword } from "#server/auth/password.ts";
import { isCommonPassword } from "#server/auth/common-passwords.ts";
import { PASSWORD_MIN_LENGTH } from "#shared/constants.ts";
import { DisplayNameSchema, type SetupField } from "#shared/schemas/account.ts";
import { fieldErrors } from "#shared/field-errors.ts";
import { messages } from "#shared/messages.ts";

export const SETUP_PATH = "/setup";
const TOKEN_LIFETIME_MS = 60 * 60 * 1000;

export const SetupSchema = z
  .object({
    email: z.string().trim().toLowerCase().pipe(z.email({ error: messages.setup.emailInvalid })),
    displayName: DisplayNameSchema,
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, { error: messages.auth.weakPassword })
      .refine((p) => !isCommonPassword(p), { error: messages.setup.passwordCommon }),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], error: messages.auth.passwordsDoNotMatch });

export type SetupResult = { ok: true; email: string } | { ok: false; errors: Partial<Record<SetupField, string>> };

function digest(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export class SetupService {
  private readonly db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  async hasAdministrator(): Promise<boolean> {
    const row = await this.db.selectFrom("user").select("id").where("role", "=", "admin").limit(1).executeTakeFirst();
    return row !== undefined;
  }

  /** A new link's token while there is no administrator (earlier links stop working), else null. */
  async issueToken(now = new Date()): Promise<string | null> {
    if (await this.hasAdministrator()) {
      await this.db.deleteFrom("setup_token").execute();
      return null;
    }
    const token = crypto.randomBytes(32).toString("base64url");
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("setup_token").execute();
      await trx
        .insertInto("setup_token")
        .values({ tokenHash: digest(token), expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS).toISOString(), createdAt: now.toISOString() })
        .execute();
    });
    return token;
  }

  /** Whether `token` opens the setup page now. */
  async isValid(token: string | null, now = new Date()): Promise<boolean> {
    if (!token) return false;
    const row = await this.db.selectFrom("setup_token").select("expiresAt").where("tokenHash", "=", digest(token)).executeTakeFirst();
    return row !== undefined && new Date(row.expiresAt) > now;
  }

  /**
   * Creates the first administrator (verified email, password sign-in) and uses up the token, in one transaction:
   * two people racing with the same link get one account.
   */
  async createAdministrator(token: string, input: unknown, now = new Date()): Promise<SetupResult> {
    const parsed = SetupSchema.safeParse(input);
    if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error.issues, "form") as Partial<Record<SetupField, string>> };
    const { email, displayName, password } = parsed.data;
    const hash = await hashPassword(password);
    return this.db.transaction().execute(async (trx): Promise<SetupResult> => {
      const used = await trx
        .deleteFrom("setup_token")
        .where("tokenHash", "=", digest(token))
        .where("expiresAt", ">", now.toISOString())
        .executeTakeFirst();
      if (Number(used.numDeletedRows) !== 1) return { ok: false, errors: { form: messages.setup.linkInvalid } };
      const admin = await trx.selectFrom("user").select("id").where("role", "=", "admin").limit(1).executeTakeFirst();
      if (admin) return { ok: false, errors: { form: messages.setup.linkInvalid } };
      const taken = await trx.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst();
      if (taken) {
        // The token stays valid: the person picks another address (or promotes that account with the CLI).
        throw new EmailTaken();
      }
      const id = newId();
      const stamp = now.toISOString();
      await trx
        .insertInto("user")
        .values({
          id,
          email,
          // 0/1 bind on SQLite and are accepted by PostgreSQL's boolean.
          emailVerified: 1,
          displayName,
          photoURL: null,
          role: "admin",
          banned: 0,
          banReason: null,
          banExpires: null,
          accountType: null,
          lastLogin: null,
          provider: null,
          createdAt: stamp,
          updatedAt: stamp,
        })
        .execute();
      await trx
        .insertInto("account")
        .values({
          id: newId(),
          userId: id,
          accountId: id,
          providerId: "credential",
          accessToken: null,
          refreshToken: null,
          idToken: null,
          accessTokenExpiresAt: null,
          refreshTokenExpiresAt: null,
          scope: null,
          password: hash,
          createdAt: stamp,
          updatedAt: stamp,
        })
        .execute();
      return { ok: true, email };
    }).catch((error: unknown) => {
      if (error instanceof EmailTaken) return { ok: false, errors: { email: messages.auth.emailInUse } };
      throw error;
    });
  }
}

/** Rolls the transaction back (keeping the token) when the address already has an account. */
class EmailTaken extends Error {}
