// better-auth on the shared Kysely instance: email+password accounts, roles, database-backed rate limits.
import { betterAuth } from "better-auth";
import { admin } from "better-auth/plugins/admin";
import type { Database } from "../db/database.ts";
import { newId } from "../db/ids.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { PASSWORD_MIN_LENGTH } from "../../shared/constants.ts";
import { defaultDisplayName } from "../../shared/format.ts";

export interface AuthOptions {
  database: Database;
  secret: string;
  baseURL: string;
  trustedOrigins: string[];
  trustProxy: boolean;
}

export function createAuth({ database, secret, baseURL, trustedOrigins, trustProxy }: AuthOptions) {
  return betterAuth({
    appName: "Niche",
    secret,
    baseURL,
    basePath: "/api/auth",
    trustedOrigins,
    database: { db: database.db, type: database.dialect },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      password: { hash: hashPassword, verify: verifyPassword },
    },
    user: {
      fields: { name: "displayName", image: "photoURL" },
      additionalFields: {
        accountType: { type: "string", required: false, input: true },
        lastLogin: { type: "date", required: false, input: false },
        provider: { type: "string", required: false, input: false },
      },
    },
    session: {
      // A week, refreshed daily while in use.
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 10 },
        "/sign-up/email": { window: 60, max: 5 },
      },
    },
    advanced: {
      database: { generateId: () => newId() },
      ipAddress: { ipAddressHeaders: trustProxy ? ["x-forwarded-for"] : [] },
      useSecureCookies: baseURL.startsWith("https://"),
      // Checked in every environment, tests included (better-auth skips it under NODE_ENV=test otherwise).
      disableOriginCheck: false,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    plugins: [
      admin({ defaultRole: "user", adminRoles: ["admin"] }),
    ],
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({
            data: {
              ...user,
              name: user.name?.trim() || defaultDisplayName(user.email),
              lastLogin: new Date(),
            },
          }),
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
}

export type Auth = ReturnType<typeof createAuth>;
