// Listings that stay current, through the API: the freshness job mails each owner once per listing and interval (read
// from the SMTP receiver), the one-click confirmation, the administrators' stale list and reminders, visitors'
// suggestions (proof of work, the limit per client, messages beside the field) and who may decide on them.
import { pino } from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { createBusiness, createCategory } from "#server/db/factories.ts";
import { createMailer } from "#server/mail/mailer.ts";
import type { StaleListings, Suggestion, SuggestionList } from "#shared/schemas/listings.ts";
import { invalidOf, setUp, setUpSignIn, setUpTestApp } from "#tests/setup/app.ts";
import { createTestDatabase } from "#tests/setup/database.ts";
import { setModeration, signInOwnerOf } from "#tests/setup/owners.ts";
import { signUpProof } from "#tests/setup/sign-up-challenge.ts";
import { startSmtpReceiver, type SmtpReceiver } from "#tests/setup/smtp-receiver.ts";

const DAY = 86_400_000;
let receiver: SmtpReceiver;
const t = setUpTestApp(async () => {
  receiver = await startSmtpReceiver();
  return {
    database: await createTestDatabase(),
    env: { TRUST_PROXY: "true" },
    mailer: createMailer({ smtpUrl: receiver.url, from: "site@example.com", outboxDir: "/nonexistent", logger: pino({ level: "silent" }) }),
  };
});
afterAll(() => receiver?.close());
const admin = setUpSignIn(t, "admin");
const plainUser = setUpSignIn(t, "user");
const world = setUp(async () => {
  const categoryId = (await createCategory(t.database.db)).id;
  const a = await createBusiness(t.database.db, { name: "Fresh A", categoryId, phone: "905-555-0100", website: "https://a.example" });
  const b = await createBusiness(t.database.db, { name: "Fresh B", categoryId });
  const orphan = await createBusiness(t.database.db, { name: "Fresh Orphan", categoryId });
  return { a, b, orphan, ownerA: await signInOwnerOf(t, admin.cookie, a.id), ownerB: await signInOwnerOf(t, admin.cookie, b.id) };
});

/** Makes the business's owners owners since long before the interval, so it is due. */
async function ownedLongAgo(businessId: string, daysAgo = 100) {
  await t.database.db.updateTable("business_owner").set({ createdAt: new Date(Date.now() - daysAgo * DAY).toISOString() }).where("businessId", "=", businessId).execute();
}

async function suggest(businessId: string, body: Record<string, unknown>, address = "203.0.113.7", proof = true) {
  const altcha = proof ? await signUpProof((path) => t.request(path)) : undefined;
  return t.request(`/api/v1/businesses/${businessId}/suggestions`, { method: "POST", json: { ...body, altcha }, headers: { "X-Forwarded-For": address } });
}

describe("freshness reminders", () => {
  it("mails each owner of a listing not checked within the interval once, with a plain-text part, why and how to stop, and a one-click confirmation", async () => {
    const { a, b, ownerA, ownerB } = world;
    await ownedLongAgo(a.id);
    await ownedLongAgo(b.id, 10);
    const sent = await t.services.freshness.sendDue();
    expect(sent).toBe(1);
    expect(await t.services.freshness.sendDue()).toBe(0);
    const mails = receiver.inbox.filter((m) => m.subject.startsWith("Is your listing still right?"));
    expect(mails.map((m) => m.to).flat()).toEqual([ownerA.user.email.toLowerCase()]);
    expect(mails.map((m) => m.to).flat()).not.toContain(ownerB.user.email.toLowerCase());
    const mail = mails[0]!;
    expect(mail.raw).toContain("text/plain");
    expect(mail.text).toContain("You get this mail because you own the listing of Fresh A");
    expect(mail.text).toContain("Update it: http://localhost:3000/mybusiness");
    expect(mail.text).toContain('set "Is your listing still right? reminders" to Off');
    const link = receiver.linkIn(mail, "http://localhost:3000/listings/confirm/");
    const token = link.split("/").pop()!;

    expect(await t.services.freshness.checkedOn(a.id)).toBeNull();
    const confirmed = await t.request("/api/v1/listings/confirm", { method: "POST", json: { token } });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ businessId: a.id, businessName: "Fresh A" });
    expect(await t.services.freshness.checkedOn(a.id)).not.toBeNull();

    expect((await t.request("/api/v1/listings/confirm", { method: "POST", json: { token: "not-a-token" } })).status).toBe(404);
    // A link older than 30 days is refused.
    await t.database.db.updateTable("listing_reminder").set({ sentAt: new Date(Date.now() - 31 * DAY).toISOString() }).where("token", "=", token).execute();
    expect((await t.request("/api/v1/listings/confirm", { method: "POST", json: { token } })).status).toBe(404);
  });

  it("does not mail owners who turned the reminders off, and asks again one interval later", async () => {
    const { b, ownerB } = world;
    await t.request("/api/v1/me/notifications", { method: "PUT", json: { freshness: "off" }, cookie: ownerB.cookie });
    await ownedLongAgo(b.id, 95);
    const before = receiver.inbox.length;
    expect(await t.services.freshness.sendDue()).toBe(0);
    await t.request("/api/v1/me/notifications", { method: "PUT", json: { freshness: "at once" }, cookie: ownerB.cookie });
    // Recorded for this interval even so: the next mail is the next interval's.
    expect(await t.services.freshness.sendDue()).toBe(0);
    // One interval later, B is asked again (and A, confirmed in the test before, is due too).
    expect(await t.services.freshness.sendDue(new Date(Date.now() + 90 * DAY))).toBe(2);
    expect(receiver.inbox.slice(before).filter((m) => m.to.includes(ownerB.user.email.toLowerCase()))).toHaveLength(1);
  });

  it("counts an owner's applied change as checked", async () => {
    const { a, ownerA } = world;
    await t.database.db.updateTable("business").set({ ownerCheckedAt: null }).where("id", "=", a.id).execute();
    await setModeration(t, admin.cookie, { listings: true, events: false, offers: false });
    const { coordinates, id: _id, category: _c, categoryColor: _cc, logoUrl: _l, createdAt: _ca, lastUpdatedAt: _u, openNow: _o, ...fields } = await (await t.request(`/api/v1/businesses/${a.id}`)).json();
    const saved = await t.request(`/api/v1/businesses/${a.id}`, { method: "PUT", json: { ...fields, lat: coordinates.lat, lng: coordinates.lng, description: "Fresh bread daily." }, cookie: ownerA.cookie });
    expect(saved.status).toBeLessThan(300);
    await setModeration(t, admin.cookie, { listings: false, events: false, offers: false });
    expect(await t.services.freshness.checkedOn(a.id)).not.toBeNull();
  });
});

describe("stale listings", () => {
  it("lists listings not checked within the interval and those without an owner, and reminds the chosen ones at once", async () => {
    const { a, b, orphan, ownerB } = world;
    const response = await t.request("/api/v1/listings/stale", { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const body = (await response.json()) as StaleListings;
    expect(body.freshnessDays).toBe(90);
    const byId = new Map(body.listings.map((l) => [l.businessId, l]));
    expect(byId.get(orphan.id)).toMatchObject({ reason: "no-owner", owners: 0 });
    expect(byId.get(b.id)).toMatchObject({ reason: "not-checked", owners: 1 });
    expect(byId.has(a.id)).toBe(false);
    const before = receiver.inbox.length;
    const reminded = await t.request("/api/v1/listings/remind", { method: "POST", json: { businessIds: [b.id, orphan.id] }, cookie: admin.cookie });
    expect(await reminded.json()).toEqual({ reminded: 1, mails: 1, withoutOwner: 1 });
    expect(receiver.inbox.slice(before).map((m) => m.to).flat()).toEqual([ownerB.user.email.toLowerCase()]);
    const nothing = await t.request("/api/v1/listings/remind", { method: "POST", json: { businessIds: [] }, cookie: admin.cookie });
    expect(nothing.status).toBe(400);
  });

  it("is for administrators only", async () => {
    const { b, ownerA, ownerB } = world;
    const matrix: [string, string | undefined, number][] = [
      ["anonymous", undefined, 401],
      ["user", plainUser.cookie, 403],
      ["owner A", ownerA.cookie, 403],
      ["owner B", ownerB.cookie, 403],
      ["administrator", admin.cookie, 200],
    ];
    for (const [who, cookie, status] of matrix) {
      expect([who, (await t.request("/api/v1/listings/stale", { cookie })).status]).toEqual([who, status]);
      const remind = await t.request("/api/v1/listings/remind", { method: "POST", json: { businessIds: [b.id] }, cookie });
      expect([who, remind.status]).toEqual([who, status]);
    }
  });
});

describe("suggestions", () => {
  it("takes a visitor's suggestion with a proof of work, and refuses a wrong value beside its field", async () => {
    const { a } = world;
    const bad = await suggest(a.id, { kind: "phone", value: "call me" });
    expect(bad.status).toBe(400);
    expect((await invalidOf(bad)).fields).toEqual({ value: "Enter a phone number such as 905-555-0123." });
    expect((await invalidOf(await suggest(a.id, { kind: "website", value: "a.example" }))).fields).toEqual({ value: "Enter a web address starting with http:// or https://." });
    expect((await invalidOf(await suggest(a.id, { kind: "hours", value: " " }))).fields).toEqual({ value: "Enter the correct value." });
    expect((await invalidOf(await suggest(a.id, { kind: "teleport", value: "x" }))).fields).toEqual({ kind: "Choose what is wrong." });
    const noProof = await suggest(a.id, { kind: "phone", value: "905-555-0199" }, "203.0.113.7", false);
    expect(noProof.status).toBe(400);
    const ok = await suggest(a.id, { kind: "phone", value: "905-555-0199" });
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({ kind: "phone", value: "905-555-0199", live: "905-555-0100", status: "pending", businessName: "Fresh A" });
    expect((await suggest("no-such-business", { kind: "phone", value: "905-555-0199" })).status).toBe(404);
  });

  it("limits each client to 5 suggestions an hour", async () => {
    const { b } = world;
    for (let i = 0; i < 5; i++) expect((await suggest(b.id, { kind: "other", value: `Note ${i}` }, "198.51.100.9")).status).toBe(201);
    const refused = await suggest(b.id, { kind: "other", value: "One more" }, "198.51.100.9");
    expect(refused.status).toBe(429);
    expect((await suggest(b.id, { kind: "other", value: "Another visitor" }, "198.51.100.10")).status).toBe(201);
  });

  it("flags a business said to be closed for good on three different days", async () => {
    const { orphan } = world;
    for (const [i, day] of ["2031-01-01", "2031-01-02", "2031-01-02"].entries()) {
      const response = await suggest(orphan.id, { kind: "closed" }, `192.0.2.${i + 1}`);
      expect(response.status).toBe(201);
      await t.database.db.updateTable("listing_suggestion").set({ day }).where("id", "=", ((await response.json()) as Suggestion).id).execute();
    }
    const flags = async () => ((await (await t.request("/api/v1/suggestions", { cookie: admin.cookie })).json()) as SuggestionList).closedFlags;
    expect(await flags()).toEqual([]);
    await suggest(orphan.id, { kind: "closed", value: "The shop is empty." }, "192.0.2.4");
    expect(await flags()).toEqual([{ businessId: orphan.id, businessName: "Fresh Orphan", days: 3 }]);
    const stale = (await (await t.request("/api/v1/listings/stale", { cookie: admin.cookie })).json()) as StaleListings;
    expect(stale.listings.find((l) => l.businessId === orphan.id)?.closedFlag).toBe(true);
  });

  it("shows a business's suggestions to its owners and administrators only, who decide on them", async () => {
    const { a, b, ownerA, ownerB } = world;
    const phone = (await (await suggest(a.id, { kind: "phone", value: "905-555-0142" }, "192.0.2.77")).json()) as Suggestion;
    const website = (await (await suggest(a.id, { kind: "website", value: "https://new-a.example" }, "192.0.2.77")).json()) as Suggestion;
    const address = (await (await suggest(a.id, { kind: "address", value: "12 Queen Street" }, "192.0.2.77")).json()) as Suggestion;
    const matrix: [string, string | undefined, number, number][] = [
      ["anonymous", undefined, 401, 401],
      ["user", plainUser.cookie, 403, 403],
      ["owner A", ownerA.cookie, 200, 403],
      ["owner B", ownerB.cookie, 403, 200],
      ["administrator", admin.cookie, 200, 200],
    ];
    for (const [who, cookie, ofA, ofB] of matrix) {
      expect([who, (await t.request(`/api/v1/businesses/${a.id}/suggestions`, { cookie })).status]).toEqual([who, ofA]);
      expect([who, (await t.request(`/api/v1/businesses/${b.id}/suggestions`, { cookie })).status]).toEqual([who, ofB]);
      expect([who, (await t.request("/api/v1/suggestions", { cookie })).status]).toEqual([who, who === "administrator" ? 200 : who === "anonymous" ? 401 : 403]);
    }
    const ofA = (await (await t.request(`/api/v1/businesses/${a.id}/suggestions`, { cookie: ownerA.cookie })).json()) as SuggestionList;
    expect(ofA.suggestions.map((s) => s.id)).toEqual(expect.arrayContaining([phone.id, website.id, address.id]));

    // Deciding: no one but owner A accepts; owner B, users and anonymous visitors decide nothing of A's.
    for (const cookie of [undefined, plainUser.cookie, ownerB.cookie, admin.cookie]) {
      const accepted = await t.request(`/api/v1/suggestions/${address.id}/accept`, { method: "POST", cookie });
      expect(accepted.status).toBe(cookie === undefined ? 401 : cookie === admin.cookie ? 403 : 404);
    }
    for (const cookie of [ownerA.cookie, ownerB.cookie, plainUser.cookie]) {
      const approved = await t.request(`/api/v1/suggestions/${phone.id}/approve`, { method: "POST", cookie });
      expect(approved.status).toBe(403);
    }
    const accepted = await t.request(`/api/v1/suggestions/${address.id}/accept`, { method: "POST", cookie: ownerA.cookie });
    expect(await accepted.json()).toMatchObject({ suggestion: { status: "accepted" }, prefill: { address: "12 Queen Street" } });
    expect((await t.request(`/api/v1/suggestions/${address.id}/dismiss`, { method: "POST", cookie: ownerA.cookie })).status).toBe(409);

    const approved = await t.request(`/api/v1/suggestions/${phone.id}/approve`, { method: "POST", cookie: admin.cookie });
    expect(await approved.json()).toMatchObject({ status: "approved" });
    expect((await (await t.request(`/api/v1/businesses/${a.id}`)).json()).phone).toBe("905-555-0142");
    expect((await t.request(`/api/v1/suggestions/${website.id}/dismiss`, { method: "POST", cookie: ownerB.cookie })).status).toBe(404);
    expect(await (await t.request(`/api/v1/suggestions/${website.id}/dismiss`, { method: "POST", cookie: ownerA.cookie })).json()).toMatchObject({ status: "dismissed" });
    expect((await (await t.request("/api/v1/businesses/" + a.id)).json()).website).toBe("https://a.example");
  });
});
