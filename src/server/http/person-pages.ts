// A person's own pages kept for them (decision 0053): /mybusiness and the admin tabs most visited, rendered once per
// write version for each person and sent again to that person alone.
import type { Context } from "hono";
import type { AppEnv } from "../api/api-env.ts";

/** The pages kept: made of the database's rows (all watched by the write version), the person and the address. */
const PERSON_PAGE = /^\/(?:mybusiness|admin\/(?:requests|users|markers|events|offers))$/;

/**
 * The key a person's page is kept under: who they are (id, role, language, their whole cookie, so a session of
 * their own), or null where it is not kept: nobody signed in, another page, or an owner's Insights tab, whose visit
 * counts the write version does not follow.
 */
export function personPageKey(c: Context<AppEnv>): string | null {
  const user = c.var.user;
  if (!user || !PERSON_PAGE.test(c.req.path)) return null;
  if (c.req.path === "/mybusiness" && c.req.query("insights") !== undefined) return null;
  return [user.id, user.role, user.language ?? "-", c.req.header("cookie") ?? ""].join("\n");
}
