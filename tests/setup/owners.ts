import { beforeAll, expect } from "vitest";
import type { CurrentUser } from "#server/auth/session.ts";
import { createCategory } from "#server/db/factories.ts";
import { setUpSignIn, setUpTestApp, type TestApp, type TestAppOptions } from "./app.ts";

/**
 * A test app with an administrator signed in and one category, made before the tests, for the businesses whose owners
 * ask for changes. The category's id is read from `category.id` once the tests run.
 */
export function setUpOwnersTest(options: TestAppOptions = {}, categoryName?: string) {
  const t = setUpTestApp(options);
  const admin = setUpSignIn(t, "admin");
  const category = { id: "" };
  beforeAll(async () => {
    category.id = (await createCategory(t.database.db, categoryName === undefined ? undefined : { name: categoryName })).id;
  });
  return { t, admin, category };
}

/** The moderation settings an administrator saves: which owners' changes are approved without waiting. */
export async function setModeration(t: TestApp, adminCookie: string, autoApprove: { listings: boolean; events: boolean; offers: boolean }) {
  const saved = await t.request("/api/v1/moderation-settings", {
    method: "PUT",
    json: { autoApproveListings: autoApprove.listings, autoApproveEvents: autoApprove.events, autoApproveOffers: autoApprove.offers, notificationEmail: "" },
    cookie: adminCookie,
  });
  expect(saved.status).toBe(200);
}

/** A business owner signed in, made an owner of these businesses by the administrator whose cookie is given. */
export async function signInOwnerOf(t: TestApp, adminCookie: string, ...businessIds: string[]): Promise<{ cookie: string; user: CurrentUser }> {
  const { cookie, user } = await t.signIn("business");
  for (const id of businessIds) {
    expect((await t.request(`/api/v1/businesses/${id}/owners`, { method: "POST", json: { email: user.email }, cookie: adminCookie })).status).toBe(200);
  }
  return { cookie, user };
}
