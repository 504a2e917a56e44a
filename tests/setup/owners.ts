import { expect } from "vitest";
import type { CurrentUser } from "#server/auth/session.ts";
import type { TestApp } from "./app.ts";

/** A business owner signed in, made an owner of these businesses by the administrator whose cookie is given. */
export async function signInOwnerOf(t: TestApp, adminCookie: string, ...businessIds: string[]): Promise<{ cookie: string; user: CurrentUser }> {
  const { cookie } = await t.signIn("business");
  const user = (await (await t.request("/api/v1/me", { cookie })).json()) as CurrentUser;
  for (const id of businessIds) {
    expect((await t.request(`/api/v1/businesses/${id}/owners`, { method: "POST", json: { email: user.email }, cookie: adminCookie })).status).toBe(200);
  }
  return { cookie, user };
}
