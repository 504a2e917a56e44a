// An owner with everything /mybusiness can show, made through the API as an administrator makes one: for the journeys
// and validators that read the owner's page as served.
import { expect, request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { createOrUpdateUser } from "#server/auth/accounts.ts";

/**
 * An owner of a demo business with events and offers, who has also claimed a second business (a request waiting for
 * the administrator whose browser `admin` is): signed in on a request context of their own.
 */
export async function ownerWithWaitingClaim(admin: APIRequestContext, runtime: Parameters<typeof createOrUpdateUser>[0], baseURL: string) {
  const events = (await (await admin.get("/api/v1/events")).json()) as Array<{ name: string; location: string }>;
  const offers = (await (await admin.get("/api/v1/offers")).json()) as Array<{ description: string; businessId: string }>;
  const businesses = (await (await admin.get("/api/v1/businesses")).json()) as Array<{ id: string; name: string }>;
  const owned = businesses.find((b) => events.some((e) => e.location === b.id) && offers.some((o) => o.businessId === b.id));
  expect(owned, "a demo business with events and offers").toBeTruthy();
  const claimed = businesses.find((b) => b.id !== owned!.id)!;
  const email = `owner-served-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = "e2e-Owner-pass-9";
  await createOrUpdateUser(runtime, { email, password, role: "business" });
  expect((await admin.post(`/api/v1/businesses/${owned!.id}/owners`, { data: { email }, headers: { Origin: baseURL } })).status()).toBe(200);
  const owner = await playwrightRequest.newContext({ baseURL });
  expect((await owner.post("/api/auth/sign-in/email", { data: { email, password }, headers: { Origin: baseURL } })).status()).toBe(200);
  const claim = await owner.post(`/api/v1/businesses/${claimed.id}/claims`, { data: { role: "Manager", phone: "905-555-0100" }, headers: { Origin: baseURL } });
  expect(claim.status()).toBe(201);
  return { owner, email, password, owned: owned!, claimed, event: events.find((e) => e.location === owned!.id)!.name, offer: offers.find((o) => o.businessId === owned!.id)!.description };
}

