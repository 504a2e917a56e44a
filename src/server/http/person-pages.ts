// A person's own pages kept for them (decision 0053): /mybusiness and the admin tabs most visited, rendered once per
// write version for each person and sent again to that person alone.
import type { Context } from "hono";
import type { AppEnv } from "../api/api-env.ts";
import type { CurrentUser } from "../auth/session.ts";

/** The pages kept: made of the database's rows (all watched by the write version), the person and the address. */
const PERSON_PAGE = /^\/(?:mybusiness|admin\/(?:requests|users|markers|events|offers))$/;

/** Whether an address is one of the pages kept for their person. */
export function isPersonPage(path: string): boolean {
  return PERSON_PAGE.test(path);
}

/**
 * The key a person's page is kept under: who they are (id, role, language, their whole cookie, so a session of
 * their own), or null where it is not kept: nobody signed in, another page, or an owner's Insights tab, whose visit
 * counts the write version does not follow. `insights`: whether the address's query names that tab.
 */
export function personPageKeyOf(user: CurrentUser | null, path: string, insights: boolean, cookie: string): string | null {
  if (!user || !PERSON_PAGE.test(path)) return null;
  if (path === "/mybusiness" && insights) return null;
  return [user.id, user.role, user.language ?? "-", cookie].join("\n");
}

/** `personPageKeyOf` for a request the app answers. */
export function personPageKey(c: Context<AppEnv>): string | null {
  return personPageKeyOf(c.var.user, c.req.path, c.req.query("insights") !== undefined, c.req.header("cookie") ?? "");
}
