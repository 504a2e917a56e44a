// better-auth on the shared Kysely instance: email+password accounts, email verification, password reset,
// third-party sign-in (Google, any OpenID Connect provider; popup or redirect), roles, database-backed rate limits.
import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { admin } from "better-auth/plugins/admin";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { oauthPopup } from "better-auth/plugins";
import { pino } from "pino";
import type { Database } from "../db/database.ts";
import { newId } from "../db/ids.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import { mailT } from "../mail/recipient-language.ts";
import { existingAccountEmail, passwordResetEmail, verificationEmail } from "../mail/templates.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { isCommonPassword } from "./common-passwords.ts";
import type { SignInProvidersConfig } from "./providers.ts";
import { SignInLimit } from "./sign-in-limit.ts";
import { SignUpChallenge, type ChallengeCheck } from "./sign-up-challenge.ts";
import { SessionReader } from "./session-reader.ts";
import { authDatabase } from "./auth-database.ts";
import { CLIENT_IP_HEADER } from "./auth-http.ts";
import { DEFAULT_LANGUAGE, isLanguage } from "#shared/i18n/languages.ts";
import { ACCOUNT_TYPES, PASSWORD_MIN_LENGTH } from "#shared/constants.ts";
import { defaultDisplayName } from "#shared/format.ts";
import { AUTH_ERROR_CODES } from "#shared/schemas/account.ts";
import { SIGN_UP_CHALLENGE_FIELD } from "#shared/constants.ts";
import { messages } from "#shared/messages.ts";
import { checkProfileUpdate, checkSignUp, DISABLED_AUTH_PATHS, profileDisplayName } from "./auth-rules.ts";

export interface AuthOptions {
  database: Database;
  secret: string;
  baseURL: string;
  /** Origins allowed to sign in: a list, or the site's rule (src/server/origins.ts) asked about each request's origin. */
  trustedOrigins: string[] | ((origin: string) => boolean);
  trustProxy: boolean;
  /** Where verification and password-reset emails go; without it they are only logged (tests that do not read mail). */
  mailer?: Mailer | undefined;
  logger?: Logger | undefined;
  providers?: SignInProvidersConfig | undefined;
  /** Email sign-in attempts allowed from one IP address in 5 minutes (SIGN_IN_LIMIT_PER_IP). */
  signInLimitPerIp?: number | undefined;
  /** Sign-ups allowed from one IP address in 10 minutes (SIGN_UP_LIMIT_PER_IP). */
  signUpLimitPerIp?: number | undefined;
}

/** Per-IP limits on the endpoints attackers hammer; better-auth stores the counters in the `rateLimit` table. */
const ipRateLimits = (signInsPerFiveMinutes: number, signUpsPerTenMinutes: number) => ({
  "/sign-in/email": { window: 5 * 60, max: signInsPerFiveMinutes },
  "/sign-up/email": { window: SIGN_UP_WINDOW_SECONDS, max: signUpsPerTenMinutes },
  "/request-password-reset": { window: 10 * 60, max: 5 },
  "/send-verification-email": { window: 10 * 60, max: 5 },
});

const RESET_TOKEN_MINUTES = 60;

/** A session lasts a week, refreshed daily while in use. */
const SESSION_TIMES = { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 };

/** The window of the per-address sign-up limit; handleAuthRequest (auth-http.ts) words its refusal. */
export const SIGN_UP_WINDOW_SECONDS = 10 * 60;

/**
 * What every accepted sign-up answers: the new account itself (its role, name, dates) is for the emailed link to
 * reveal, not the form. The sign-up form reads only the status.
 */
const SIGN_UP_ANSWER = { token: null, user: null } as const;

const CHALLENGE_REFUSALS: Record<Exclude<ChallengeCheck, "ok">, string> = {
  missing: messages.auth.challengeMissing,
  invalid: messages.auth.challengeInvalid,
  expired: messages.auth.challengeExpired,
  used: messages.auth.challengeUsed,
};

function weakPassword(): APIError {
  return new APIError("BAD_REQUEST", { code: AUTH_ERROR_CODES.passwordTooWeak, message: "This password is too common. Please choose another." });
}

export function createAuth(options: AuthOptions) {
  const { database, secret, baseURL, trustedOrigins, trustProxy, providers = {} } = options;
  const logger = options.logger ?? pino({ level: "silent" });
  const limit = new SignInLimit(database.db);
  const signUpChallenge = new SignUpChallenge(database.db, secret);

  /** The association's name in a language: its translation (entity `site`, docs/decisions/0044), else the original. */
  async function siteName(language: string | null): Promise<string> {
    const translated = language === null ? undefined : await database.db
      .selectFrom("content_translation")
      .select("value")
      .where("entityType", "=", "site")
      .where("entityId", "=", "site")
      .where("field", "=", "associationName")
      .where("language", "=", language)
      .executeTakeFirst();
    if (translated?.value) return translated.value;
    const row = await database.db.selectFrom("site_settings").select("associationName").executeTakeFirst();
    return row?.associationName ?? "Niche";
  }

  /**
   * The mail catalog in the account's language, else `otherwise` (the page's language of a sign-up), else the site's
   * default; and the association's name in that language.
   */
  async function wordsFor(user: { id: string }, otherwise?: unknown) {
    const kept = (await database.db.selectFrom("user").select("language").where("id", "=", user.id).executeTakeFirst())?.language;
    const chosen = isLanguage(kept) ? kept : otherwise;
    const row = await database.db.selectFrom("site_settings").select("defaultLanguage").executeTakeFirst();
    const language = isLanguage(chosen) ? chosen : isLanguage(row?.defaultLanguage) ? row.defaultLanguage : DEFAULT_LANGUAGE;
    // The original is in the site's default language: only another language has a translation to look for.
    const [t, site] = await Promise.all([mailT(language), siteName(language === row?.defaultLanguage ? null : language)]);
    return { t, site };
  }

  async function send(kind: string, message: Parameters<Mailer["send"]>[0]) {
    if (!options.mailer) {
      logger.info({ to: message.to, kind }, "no mailer configured: email not sent");
      return;
    }
    try {
      await options.mailer.send(message);
    } catch (error) {
      // Sign-up and reset must not fail because the mail server is down; the user can ask again.
      logger.error({ err: error, to: message.to, kind }, "sending mail failed");
    }
  }

  // The OpenID Connect provider is read from its discovery document when the server starts.
  const oidcPlugins = providers.oidc
    ? [
        genericOAuth({
          config: [
            {
              providerId: "oidc",
              name: providers.oidc.name,
              discoveryUrl: `${providers.oidc.issuer.replace(/\/$/, "")}/.well-known/openid-configuration`,
              clientId: providers.oidc.clientId,
              clientSecret: providers.oidc.clientSecret,
              scopes: ["openid", "email", "profile"],
              pkce: true,
              requireIdTokenVerification: true,
              // The spec: later sign-ins refresh the display name and picture from the provider.
              overrideUserInfo: true,
              mapProfileToUser: (profile) => ({
                name: profileDisplayName(profile.name),
                image: typeof profile.picture === "string" ? profile.picture : undefined,
                emailVerified: profile.email_verified === true || profile.email_verified === "true",
              }),
            },
          ],
        }),
      ]
    : [];

  function requestIp(headers: Headers | undefined): string | null {
    const forwarded = trustProxy ? headers?.get("x-forwarded-for") : null;
    return forwarded?.split(",")[0]?.trim() || headers?.get(CLIENT_IP_HEADER) || null;
  }

  const auth = betterAuth({
    appName: "Niche",
    // better-auth's own messages go to the server's structured log, not the console.
    logger: {
      log: (level, message) => {
        // A refused origin is already reported once, with what to do, by the site's origin rule (src/server/origins.ts).
        if (typeof trustedOrigins === "function" && /^(Invalid origin|If it's a valid URL)/.test(message)) return;
        logger[level]({ source: "better-auth" }, message);
      },
    },
    secret,
    baseURL,
    basePath: "/api/auth",
    trustedOrigins:
      typeof trustedOrigins === "function"
        ? (request) => {
            // better-auth compares the Origin header, or the Referer when a browser sent none.
            const origin = request?.headers.get("origin") || request?.headers.get("referer");
            return origin && trustedOrigins(origin) ? [new URL(origin).origin] : [];
          }
        : trustedOrigins,
    database: { db: authDatabase(database), type: database.dialect },
    // Endpoints the site does not use (the admin plugin's among them, which would bypass the app's rules and audit
    // trail): administrators change roles through /api/v1/users, which keeps the last administrator and records it.
    disabledPaths: DISABLED_AUTH_PATHS,
    emailAndPassword: {
      enabled: true,
      // No session from sign-up: the emailed link signs the new account in. A taken address is refused by the
      // before hook below (the spec's "already registered"), and its owner is told by email.
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: RESET_TOKEN_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await send("password-reset", passwordResetEmail({ to: user.email, url, validMinutes: RESET_TOKEN_MINUTES, ...(await wordsFor(user)) }));
      },
      // Failed sign-ins counted against the old password would otherwise keep refusing the new one.
      onPasswordReset: async ({ user }) => {
        await limit.clearAccount(user.email);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        await send("verification", verificationEmail({ to: user.email, url, ...(await wordsFor(user)) }));
      },
    },
    socialProviders: providers.google
      ? {
          google: {
            clientId: providers.google.clientId,
            clientSecret: providers.google.clientSecret,
            overrideUserInfoOnSignIn: true,
            mapProfileToUser: (profile) => ({ name: profileDisplayName(profile.name) }),
          },
        }
      : {},
    user: {
      fields: { name: "displayName", image: "photoURL" },
      additionalFields: {
        accountType: { type: "string", required: false, input: true },
        lastLogin: { type: "date", required: false, input: false },
        provider: { type: "string", required: false, input: false },
        // The person's language (null: the site's default); set through the account API, validated there, and at
        // sign-up from the page's language (checked by checkSignUp).
        language: { type: "string", required: false, input: true },
      },
    },
    session: SESSION_TIMES,
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: ipRateLimits(options.signInLimitPerIp ?? 30, options.signUpLimitPerIp ?? 10),
    },
    advanced: {
      database: { generateId: () => newId() },
      // The server sets CLIENT_IP_HEADER from the socket (auth-http.ts); X-Forwarded-For only counts behind a trusted proxy.
      ipAddress: { ipAddressHeaders: trustProxy ? ["x-forwarded-for", CLIENT_IP_HEADER] : [CLIENT_IP_HEADER] },
      useSecureCookies: baseURL.startsWith("https://"),
      // Checked in every environment, tests included (better-auth skips it under NODE_ENV=test otherwise).
      disableOriginCheck: false,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    plugins: [admin({ defaultRole: "user", adminRoles: ["admin"] }), oauthPopup(), ...oidcPlugins],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        if (ctx.path === "/sign-up/email") {
          if (body.accountType !== undefined && !ACCOUNT_TYPES.includes(body.accountType as never)) {
            throw new APIError("BAD_REQUEST", { code: AUTH_ERROR_CODES.invalidAccountType, message: "Choose an account type: visitor or business." });
          }
          if (typeof body.password === "string" && isCommonPassword(body.password)) throw weakPassword();
          checkSignUp(body);
          // The proof of work before anything that depends on the address, so each answer about one costs work.
          const check = await signUpChallenge.check(body[SIGN_UP_CHALLENGE_FIELD]);
          if (check !== "ok") {
            logger.warn({ event: "sign-up", ok: false, reason: `challenge-${check}`, ip: requestIp(ctx.headers) }, "sign-up refused");
            throw new APIError("BAD_REQUEST", { code: AUTH_ERROR_CODES.challengeRefused, message: CHALLENGE_REFUSALS[check] });
          }
          const existing = typeof body.email === "string" ? await ctx.context.internalAdapter.findUserByEmail(body.email.trim().toLowerCase()) : null;
          if (existing?.user) {
            // The owner learns that someone tried, and that they need do nothing.
            await send("existing-account", existingAccountEmail({ to: existing.user.email, url: `${baseURL}/login`, ...(await wordsFor(existing.user, body.language)) }));
            throw new APIError("UNPROCESSABLE_ENTITY", { code: AUTH_ERROR_CODES.emailInUse, message: messages.auth.emailInUse });
          }
        }
        if ((ctx.path === "/reset-password" || ctx.path === "/change-password") && typeof body.newPassword === "string" && isCommonPassword(body.newPassword)) {
          throw weakPassword();
        }
        if (ctx.path === "/update-user") {
          const session = await getSessionFromCtx(ctx);
          if (session) checkProfileUpdate(body, session.user.id);
        }
        if (ctx.path === "/sign-in/email" && typeof body.email === "string") {
          const ip = requestIp(ctx.headers);
          const wait = await limit.retryAfter(body.email, ip);
          if (wait > 0) {
            logger.warn({ event: "sign-in", method: "email", email: body.email.toLowerCase(), ok: false, reason: "address-refused-for-account", ip }, "sign-in refused");
            throw new APIError(
              "TOO_MANY_REQUESTS",
              { code: AUTH_ERROR_CODES.tooManyAttempts, message: `Too many failed sign-in attempts for this account. Please try again in ${Math.ceil(wait / 60)} minutes.` },
              { "Retry-After": String(wait) },
            );
          }
          const slowdown = await limit.slowdownMs(body.email);
          if (slowdown > 0) await new Promise((resolve) => setTimeout(resolve, slowdown));
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const ip = requestIp(ctx.headers);
        const returned = ctx.context.returned;
        if (ctx.path === "/sign-up/email" && returned !== undefined && !(returned instanceof APIError)) return ctx.json(SIGN_UP_ANSWER);
        if (ctx.path === "/sign-in/email") {
          const email = String((ctx.body as { email?: unknown } | undefined)?.email ?? "").toLowerCase();
          if (returned instanceof APIError) {
            if (returned.statusCode === 401) await limit.recordFailure(email, ip);
            logger.warn({ event: "sign-in", method: "email", email, ok: false, status: returned.statusCode, code: returned.body?.code, ip }, "sign-in failed");
          } else {
            await limit.clear(email, ip);
            logger.info({ event: "sign-in", method: "email", email, userId: ctx.context.newSession?.user.id, ok: true, ip }, "signed in");
          }
        }
        if (ctx.path.startsWith("/callback/") || ctx.path.startsWith("/oauth2/callback/")) {
          const provider = ctx.params?.id ?? ctx.params?.providerId ?? ctx.path.split("/").pop();
          const session = ctx.context.newSession;
          if (session) {
            logger.info({ event: "sign-in", method: provider, email: session.user.email, userId: session.user.id, ok: true, ip }, "signed in");
          } else {
            const location = ctx.context.responseHeaders?.get("location") ?? (returned instanceof APIError ? new Headers(returned.headers).get("location") : null);
            const error = location ? new URL(location, baseURL).searchParams.get("error") : null;
            logger.warn({ event: "sign-in", method: provider, ok: false, error, ip }, "sign-in failed");
          }
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({
            data: {
              ...user,
              name: profileDisplayName(user.name) ?? defaultDisplayName(user.email),
              lastLogin: new Date(),
            },
          }),
        },
      },
      account: {
        create: {
          // The spec records the third-party provider on the user who signed in with it.
          after: async (account) => {
            if (account.providerId === "credential") return;
            await database.db
              .updateTable("user")
              .set({ provider: account.providerId })
              .where("id", "=", account.userId)
              .where("provider", "is", null)
              .execute();
          },
        },
      },
      session: {
        create: {
          after: async (session) => {
            await database.db
              .updateTable("user")
              .set({ lastLogin: new Date().toISOString() })
              .where("id", "=", session.userId)
              .execute();
          },
        },
      },
    },
  });
  const sessions = new SessionReader(
    database,
    secret,
    async () => {
      const { authCookies } = await auth.$context;
      return { sessionToken: authCookies.sessionToken.name, dontRemember: authCookies.dontRememberToken.name };
    },
    SESSION_TIMES,
  );
  // The sign-up form fetches its challenge from the API (GET /api/v1/challenge), signed with this instance's secret.
  return Object.assign(auth, { signUpChallenge, sessions });
}

export type Auth = ReturnType<typeof createAuth>;
