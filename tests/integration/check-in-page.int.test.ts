// The door's page on a test app: who gets it (its loader refuses as the API does: anonymous visitors go to the login
// page, others who do not organize the event are not allowed), what it is rendered with, and its CSP.
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { CurrentUser } from "#server/auth/session.ts";
import { createBusiness, createEvent } from "#server/db/factories.ts";
import { setUp, setUpSignIn, setUpTestApp, ORIGIN } from "#tests/setup/app.ts";
import { signInOwnerOf } from "#tests/setup/owners.ts";
import { newId } from "#server/db/ids.ts";
import { RegistrationRepository } from "#server/features/registration/index.ts";
import { localDate } from "#shared/zoned-time.ts";
import { appContext } from "#web/lib/app-context.ts";
import { loader } from "#web/routes/event-check-in.tsx";

const t = setUpTestApp();
const admin = setUpSignIn(t, "admin");
const plainUser = setUpSignIn(t, "user");
const world = setUp(async () => {
  const host = await createBusiness(t.database.db, { name: "Door Page Host" });
  const other = await createBusiness(t.database.db, { name: "Door Page Other" });
  const event = await createEvent(t.database.db, { location: host.id, name: "Door page breakfast", eventDate: new Date(Date.now() + 86_400_000).toISOString() });
  return { event, hostOwner: await signInOwnerOf(t, admin.cookie, host.id), otherOwner: await signInOwnerOf(t, admin.cookie, other.id) };
});

/** What the loader answers (or throws: a redirect, or a refusal with its status) for `user` at `path`. */
async function load(user: CurrentUser | null, eventId: string, query = "") {
  const context = new RouterContextProvider();
  context.set(appContext, { services: t.services, user, nonce: "", siteUrl: ORIGIN, reportError: () => {}, fetch: async (path, init) => t.app.request(`${ORIGIN}${path}`, init) });
  const url = new URL(`${ORIGIN}/events/${eventId}/check-in${query}`);
  try {
    return { data: await loader({ context, request: new Request(url), url, pattern: "/events/:eventId/check-in", params: { eventId } }) };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
    const refusal = thrown as { init?: { status?: number }; data?: unknown };
    return { status: refusal.init?.status, message: refusal.data };
  }
}

describe("the check-in page", () => {
  it("sends anonymous visitors to the login page and refuses plain users and another business's owners", async () => {
    expect(await load(null, world.event.id)).toEqual({ status: 302, location: "/login" });
    for (const user of [plainUser.user, world.otherOwner.user]) {
      expect(await load(user, world.event.id)).toEqual({ status: 403, message: "Only administrators and the owners of the host business see registrations." });
    }
  });

  it("gives the host's owners and administrators the event with its registrations", async () => {
    for (const user of [world.hostOwner.user, admin.user]) {
      const { data } = await load(user, world.event.id);
      expect(data).toMatchObject({ kind: "door", title: "Door page breakfast", page: { eventId: world.event.id, date: null, items: [] } });
    }
  });

  it("asks which date of a recurring event, and then gives that date's registrations", async () => {
    const start = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const series = await createEvent(t.database.db, { location: world.event.location, name: "Weekly walk", eventDate: start, recurrenceRule: "FREQ=WEEKLY;COUNT=4" });
    const day = localDate(start, (await t.services.siteSettings.get()).timeZone);
    const now = new Date().toISOString();
    await new RegistrationRepository(t.database.db, t.database.dialect).insert({
      id: newId(), eventId: series.id, occurrenceDate: day, name: "Walker One", email: "walker@example.com", userId: null, partySize: 2,
      answers: {}, status: "confirmed", checkInCode: newId(32), cancelToken: newId(32), createdAt: now,
    });
    expect((await load(world.hostOwner.user, series.id)).data).toMatchObject({ kind: "dates", title: "Weekly walk", dates: [{ day }] });
    const { data } = await load(world.hostOwner.user, series.id, `?date=${day}`);
    expect(data).toMatchObject({ kind: "door", page: { date: day, items: [{ name: "Walker One", partySize: 2 }] } });
  });

  it("answers 404 for an unknown event and for a date the event does not have", async () => {
    expect((await load(admin.user, "nosuchevent")).status).toBe(404);
    expect((await load(admin.user, world.event.id, "?date=2001-01-01")).status).toBe(404);
  });

  it("lets only this page compile WebAssembly (the QR decoder)", async () => {
    const scriptSrc = async (path: string) => /script-src ([^;]*)/.exec((await t.request(path)).headers.get("content-security-policy") ?? "")?.[1] ?? "";
    expect(await scriptSrc(`/events/${world.event.id}/check-in`)).toContain("'wasm-unsafe-eval'");
    expect(await scriptSrc(`/events/${world.event.id}`)).not.toContain("wasm");
    expect(await scriptSrc("/")).not.toContain("wasm");
  });
});
