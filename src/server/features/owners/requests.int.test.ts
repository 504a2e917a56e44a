// Owners' requests end to end through the API: claims, moderated listing changes, events and offers, decisions,
// conflicts, auto-approval, closed requests and the mail each sends.
import { beforeAll, describe, expect, it } from "vitest";
import { createBusiness, createCategory, createEvent, createTag } from "#server/db/factories.ts";
import type { Role } from "#shared/constants.ts";
import { recordingMailer, setUpSignIn, setUpTestApp } from "#tests/setup/app.ts";
import { setModeration } from "#tests/setup/owners.ts";

const mailer = recordingMailer();
const t = setUpTestApp({ mailer });
const admin = setUpSignIn(t, "admin");
let categoryId: string;
let tagId: string;

const person = (role: Role, email?: string) => t.signIn(role, email);

async function owner(businessId: string) {
  const someone = await person("business");
  await t.request(`/api/v1/businesses/${businessId}/owners`, { method: "POST", json: { email: someone.user.email }, cookie: admin.cookie });
  return someone;
}

/** A public business as the edit form sends it back. */
const asInput = ({ coordinates, id: _id, category: _c, categoryColor: _cc, logoUrl: _l, createdAt: _ca, lastUpdatedAt: _u, ...fields }: Record<string, unknown> & { coordinates: { lat: number; lng: number } }) => ({
  ...fields,
  lat: coordinates.lat,
  lng: coordinates.lng,
});

async function publicBusiness(id: string) {
  return (await t.request(`/api/v1/businesses/${id}`)).json();
}

beforeAll(async () => {
  categoryId = (await createCategory(t.database.db)).id;
  tagId = (await createTag(t.database.db)).id;
});

describe("claims", () => {
  it("waits for an administrator, refuses a second claim by the same person, and makes the claimant an owner with the business role", async () => {
    const business = await createBusiness(t.database.db, { categoryId, name: "Claimable Cafe", website: "https://www.claimable.example" });
    const claimant = await person("user", `pat-${Date.now()}@claimable.example`);
    const response = await t.request(`/api/v1/businesses/${business.id}/claims`, { method: "POST", json: { role: "Owner", phone: "905 555 0199", message: "I run it." }, cookie: claimant.cookie });
    expect(response.status).toBe(201);
    const claim = await response.json();
    expect(claim).toEqual({ id: expect.any(String), status: "pending" });

    const again = await t.request(`/api/v1/businesses/${business.id}/claims`, { method: "POST", json: { role: "Owner", phone: "905 555 0199" }, cookie: claimant.cookie });
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe("You have already claimed this business; an administrator will decide soon.");

    const pending = await (await t.request("/api/v1/requests?status=pending", { cookie: admin.cookie })).json();
    expect(pending.find((r: { id: string }) => r.id === claim.id)).toMatchObject({ id: claim.id, kind: "claim", businessId: business.id, status: "pending", createdAt: expect.any(String) });
    const detail = await (await t.request(`/api/v1/requests/${claim.id}`, { cookie: admin.cookie })).json();
    expect(detail.domainMatch).toBe(true);
    expect(detail.fields.map((f: { label: string; requested: unknown }) => [f.label, f.requested])).toEqual([
      ["Your role at the business", "Owner"],
      ["Phone number", "905 555 0199"],
      ["Message (optional)", "I run it."],
    ]);

    expect((await (await t.request("/api/v1/me/businesses", { cookie: claimant.cookie })).json())).toEqual([]);
    const approved = await t.request(`/api/v1/requests/${claim.id}/approve`, { method: "POST", json: {}, cookie: admin.cookie });
    expect(approved.status).toBe(200);
    expect((await approved.json()).status).toBe("approved");
    const mine = await (await t.request("/api/v1/me/businesses", { cookie: claimant.cookie })).json();
    expect(mine.map((b: { name: string }) => b.name)).toEqual(["Claimable Cafe"]);
    expect((await (await t.request("/api/v1/me", { cookie: claimant.cookie })).json()).role).toBe("business");
    expect(mailer.sent.some((m) => m.to === claimant.user.email && m.text.includes("Claim for Claimable Cafe) was approved"))).toBe(true);
  });

  it("gives the claim form's messages beside its fields, and does not mark a domain that differs", async () => {
    const business = await createBusiness(t.database.db, { categoryId, website: "https://elsewhere.example" });
    const claimant = await person("user");
    const response = await t.request(`/api/v1/businesses/${business.id}/claims`, { method: "POST", json: { role: " ", phone: "" }, cookie: claimant.cookie });
    expect(response.status).toBe(400);
    expect((await response.json()).error.fields).toEqual({ role: "Your role at the business is required.", phone: "A phone number is required." });
    const ok = await (await t.request(`/api/v1/businesses/${business.id}/claims`, { method: "POST", json: { role: "Manager", phone: "1" }, cookie: claimant.cookie })).json();
    expect((await (await t.request(`/api/v1/requests/${ok.id}`, { cookie: admin.cookie })).json()).domainMatch).toBe(false);
  });
});

describe("listing changes", () => {
  it("leave the public page unchanged until approved, keep one pending change per business, and apply what was approved", async () => {
    const business = await createBusiness(t.database.db, { categoryId, name: "Harbour Books", description: "Old text." });
    const ownerA = await owner(business.id);
    const live = await publicBusiness(business.id);
    const first = await t.request(`/api/v1/businesses/${business.id}`, { method: "PUT", json: { ...asInput(live), description: "New <b>text</b>." }, cookie: ownerA.cookie });
    expect(first.status).toBe(202);
    const { requestId } = await first.json();
    expect(await publicBusiness(business.id)).toEqual(live);

    const second = await t.request(`/api/v1/businesses/${business.id}`, { method: "PUT", json: { ...asInput(live), description: "Newer text.", phone: "905 555 0000" }, cookie: ownerA.cookie });
    expect(await second.json()).toEqual({ requestId, status: "pending" });

    const detail = await (await t.request(`/api/v1/requests/${requestId}`, { cookie: admin.cookie })).json();
    const changed = detail.fields.filter((f: { changed: boolean }) => f.changed).map((f: { name: string; live: unknown; requested: unknown }) => [f.name, f.live, f.requested]);
    expect(changed).toEqual([
      ["description", "Old text.", "Newer text."],
      ["phone", live.phone, "905 555 0000"],
    ]);

    const approved = await t.request(`/api/v1/requests/${requestId}/approve`, { method: "POST", json: { fields: ["description"] }, cookie: admin.cookie });
    expect(approved.status).toBe(200);
    const after = await publicBusiness(business.id);
    expect([after.description, after.phone]).toEqual(["Newer text.", live.phone]);
    const changes = await (await t.request("/api/v1/audit-log", { cookie: admin.cookie })).json();
    expect(changes.items[0]).toMatchObject({ entityType: "business", entityId: business.id, actorEmail: admin.user.email });
  });

  it("marks as changed only what the owner changed: hours with no day given and an empty list are no change", async () => {
    const business = await createBusiness(t.database.db, { categoryId, name: "Quiet Corner" });
    const someone = await owner(business.id);
    const noHours = { week: { mo: null, tu: null, we: null, th: null, fr: null, sa: null, su: null }, exceptions: [], closedOnPublicHolidays: false };
    const live = await publicBusiness(business.id);
    const sent = await t.request(`/api/v1/businesses/${business.id}`, {
      method: "PUT",
      json: { ...asInput(live), openingHours: JSON.stringify(noHours), socialLinks: "[]", photos: "[]", phone: "905 555 0101" },
      cookie: someone.cookie,
    });
    expect(sent.status).toBe(202);
    const detail = await (await t.request(`/api/v1/requests/${(await sent.json()).requestId}`, { cookie: admin.cookie })).json();
    expect(detail.fields.filter((f: { changed: boolean }) => f.changed).map((f: { name: string }) => f.name)).toEqual(["phone"]);
  });

  it("marks fields whose live value changed after the request as conflicting, with all three values", async () => {
    const business = await createBusiness(t.database.db, { categoryId, description: "Before." });
    const ownerA = await owner(business.id);
    const live = await publicBusiness(business.id);
    const { requestId } = await (await t.request(`/api/v1/businesses/${business.id}`, { method: "PUT", json: { ...asInput(live), description: "Owner's." }, cookie: ownerA.cookie })).json();
    await t.request(`/api/v1/businesses/${business.id}`, { method: "PUT", json: { ...asInput(live), description: "Admin's." }, cookie: admin.cookie });
    const detail = await (await t.request(`/api/v1/requests/${requestId}`, { cookie: admin.cookie })).json();
    const description = detail.fields.find((f: { name: string }) => f.name === "description");
    expect(description).toMatchObject({ base: "Before.", live: "Admin's.", requested: "Owner's.", conflict: true });
    expect(detail.fields.filter((f: { conflict: boolean }) => f.conflict)).toHaveLength(1);
  });

  it("approved whole, changes only what the owner changed, keeping what an administrator changed since", async () => {
    const business = await createBusiness(t.database.db, { categoryId, description: "Before.", phone: "905 555 0100" });
    const ownerA = await owner(business.id);
    const live = await publicBusiness(business.id);
    const { requestId } = await (await t.request(`/api/v1/businesses/${business.id}`, { method: "PUT", json: { ...asInput(live), description: "Owner's." }, cookie: ownerA.cookie })).json();
    await t.request(`/api/v1/businesses/${business.id}`, { method: "PUT", json: { ...asInput(live), phone: "905 555 0199" }, cookie: admin.cookie });
    expect((await t.request(`/api/v1/requests/${requestId}/approve`, { method: "POST", json: {}, cookie: admin.cookie })).status).toBe(200);
    expect(await publicBusiness(business.id)).toMatchObject({ description: "Owner's.", phone: "905 555 0199" });
  });

  it("answers an owner's bad input with the admin form's messages and tags only from the existing ones", async () => {
    const business = await createBusiness(t.database.db, { categoryId });
    const ownerA = await owner(business.id);
    const live = asInput(await publicBusiness(business.id));
    const other = await createBusiness(t.database.db, { categoryId });
    for (const bad of [{ name: "" }, { website: "ftp://x" }, { lat: 200 }, { categoryId: "gone" }]) {
      const asOwner = await t.request(`/api/v1/businesses/${business.id}`, { method: "PUT", json: { ...live, ...bad }, cookie: ownerA.cookie });
      const asAdmin = await t.request(`/api/v1/businesses/${other.id}`, { method: "PUT", json: { ...live, ...bad }, cookie: admin.cookie });
      expect(asOwner.status).toBe(400);
      expect(await asOwner.json()).toEqual(await asAdmin.json());
    }
    const missing = await (await t.request(`/api/v1/businesses/${business.id}`, { method: "PUT", json: { ...live, name: "" }, cookie: ownerA.cookie })).json();
    expect(missing.error.fields).toEqual({ name: "Name, Latitude, Longitude, and Category are required." });
    const tags = await (await t.request(`/api/v1/businesses/${business.id}`, { method: "PUT", json: { ...live, tags: [tagId, "invented"] }, cookie: ownerA.cookie })).json();
    expect(tags.error.fields).toEqual({ tags: "One or more of the chosen tags no longer exist. Please reload and try again." });
  });

  it("refuses hours an owner writes as text that cannot be read, beside the field, before anything waits", async () => {
    const business = await createBusiness(t.database.db, { categoryId });
    const ownerA = await owner(business.id);
    const response = await t.request(`/api/v1/businesses/${business.id}`, { method: "PUT", json: { ...asInput(await publicBusiness(business.id)), openingHours: "Mo 25:00-17:00" }, cookie: ownerA.cookie });
    expect(response.status).toBe(400);
    expect((await response.json()).error.fields.openingHours).toMatch(/^Opening hours: /);
    const pending = await (await t.request("/api/v1/requests?status=pending", { cookie: admin.cookie })).json();
    expect(pending.filter((r: { businessId: string }) => r.businessId === business.id)).toEqual([]);
  });

  it("can be withdrawn or amended while waiting, and rejected with a reason the owner reads", async () => {
    const business = await createBusiness(t.database.db, { categoryId });
    const ownerA = await owner(business.id);
    const live = asInput(await publicBusiness(business.id));
    const { requestId } = await (await t.request(`/api/v1/businesses/${business.id}`, { method: "PUT", json: { ...live, name: "One" }, cookie: ownerA.cookie })).json();
    const amended = await (await t.request(`/api/v1/requests/${requestId}`, { method: "PUT", json: { ...live, name: "Two" }, cookie: ownerA.cookie })).json();
    expect(amended.payload.name).toBe("Two");
    expect((await (await t.request(`/api/v1/requests/${requestId}/withdraw`, { method: "POST", cookie: ownerA.cookie })).json()).status).toBe("withdrawn");
    expect((await t.request(`/api/v1/requests/${requestId}/approve`, { method: "POST", json: {}, cookie: admin.cookie })).status).toBe(409);

    const next = await (await t.request(`/api/v1/businesses/${business.id}`, { method: "PUT", json: { ...live, name: "Three" }, cookie: ownerA.cookie })).json();
    expect(next.requestId).not.toBe(requestId);
    const noReason = await t.request(`/api/v1/requests/${next.requestId}/reject`, { method: "POST", json: { reason: "" }, cookie: admin.cookie });
    expect((await noReason.json()).error.fields).toEqual({ reason: "Say why the request is rejected." });
    await t.request(`/api/v1/requests/${next.requestId}/reject`, { method: "POST", json: { reason: "Name must match the sign." }, cookie: admin.cookie });
    const mine = await (await t.request("/api/v1/me/requests", { cookie: ownerA.cookie })).json();
    expect(mine.map((r: { status: string; reason: string | null }) => [r.status, r.reason])).toEqual([
      ["rejected", "Name must match the sign."],
      ["withdrawn", null],
    ]);
    expect(mailer.sent.at(-1)).toMatchObject({ to: ownerA.user.email });
    expect(mailer.sent.at(-1)!.text).toContain("Reason: Name must match the sign.");
  });

  it("closes a request whose business was deleted, and tells its owner", async () => {
    const business = await createBusiness(t.database.db, { categoryId });
    const ownerA = await owner(business.id);
    const { requestId } = await (await t.request(`/api/v1/businesses/${business.id}`, { method: "PUT", json: { ...asInput(await publicBusiness(business.id)), name: "Gone soon" }, cookie: ownerA.cookie })).json();
    expect((await t.request(`/api/v1/businesses/${business.id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(204);
    const pending = await (await t.request("/api/v1/requests?status=pending", { cookie: admin.cookie })).json();
    expect(pending.map((r: { id: string }) => r.id)).not.toContain(requestId);
    const closed = await (await t.request(`/api/v1/requests/${requestId}`, { cookie: ownerA.cookie })).json();
    expect([closed.status, closed.reason]).toEqual(["rejected", "The business was deleted, so this request was closed."]);
    expect(mailer.sent.some((m) => m.to === ownerA.user.email && m.text.includes("The business was deleted, so this request was closed."))).toBe(true);
  });
  it("closes a request whose business another instance deleted after a read found nothing to close", async () => {
    const business = await createBusiness(t.database.db, { categoryId });
    const ownerA = await owner(business.id);
    const { requestId } = await (await t.request(`/api/v1/businesses/${business.id}`, { method: "PUT", json: { ...asInput(await publicBusiness(business.id)), name: "Deleted elsewhere" }, cookie: ownerA.cookie })).json();
    // Read twice: the second read finds the scan for orphaned requests already made at this write version.
    for (let i = 0; i < 2; i++) expect((await (await t.request(`/api/v1/requests/${requestId}`, { cookie: ownerA.cookie })).json()).status).toBe("pending");
    // Deleted in the database, not through this app's services: as another instance or a tool would.
    await t.database.db.deleteFrom("business_owner").where("businessId", "=", business.id).execute();
    await t.database.db.deleteFrom("business").where("id", "=", business.id).execute();
    const closed = await (await t.request(`/api/v1/requests/${requestId}`, { cookie: ownerA.cookie })).json();
    expect([closed.status, closed.reason]).toEqual(["rejected", "The business was deleted, so this request was closed."]);
  });

  it("are shared by a business's owners: the second builds on the first's waiting change, and is told the decision", async () => {
    const business = await createBusiness(t.database.db, { categoryId, description: "Before.", phone: "905 555 0100" });
    const ownerA = await owner(business.id);
    const ownerB = await owner(business.id);
    const live = asInput(await publicBusiness(business.id));
    const { requestId } = await (await t.request(`/api/v1/businesses/${business.id}`, { method: "PUT", json: { ...live, description: "A's words." }, cookie: ownerA.cookie })).json();

    // B's page lists the waiting change, and B's form starts from it.
    const seen = (await (await t.request("/api/v1/me/requests", { cookie: ownerB.cookie })).json()) as Array<{ id: string; payload: Record<string, unknown> }>;
    const waiting = seen.find((r) => r.id === requestId);
    expect(waiting?.payload).toMatchObject({ description: "A's words." });
    const amended = await t.request(`/api/v1/businesses/${business.id}`, { method: "PUT", json: { ...waiting!.payload, phone: "905 555 0199" }, cookie: ownerB.cookie });
    expect(await amended.json()).toEqual({ requestId, status: "pending" });
    expect((await t.request(`/api/v1/requests/${requestId}`, { cookie: ownerA.cookie })).status).toBe(200);

    expect((await t.request(`/api/v1/requests/${requestId}/approve`, { method: "POST", json: {}, cookie: admin.cookie })).status).toBe(200);
    expect(await publicBusiness(business.id)).toMatchObject({ description: "A's words.", phone: "905 555 0199" });
    expect(mailer.sent.some((m) => m.to === ownerB.user.email && m.subject.toLowerCase().includes("approved"))).toBe(true);

    // Someone who owns no part of it still cannot read it; once decided, it is its last author's alone.
    const stranger = await person("business");
    expect((await t.request(`/api/v1/requests/${requestId}`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await t.request(`/api/v1/requests/${requestId}`, { cookie: ownerB.cookie })).status).toBe(200);
    expect((await t.request(`/api/v1/requests/${requestId}`, { cookie: ownerA.cookie })).status).toBe(404);
    const listedForA = (await (await t.request("/api/v1/me/requests", { cookie: ownerA.cookie })).json()) as Array<{ id: string }>;
    expect(listedForA.map((r) => r.id)).not.toContain(requestId);
  });

  it("once amended, still leave what an administrator changed meanwhile when approved whole", async () => {
    const business = await createBusiness(t.database.db, { categoryId, description: "Before.", phone: "905 555 0100" });
    const ownerA = await owner(business.id);
    const ownerB = await owner(business.id);
    const { requestId } = await (await t.request(`/api/v1/businesses/${business.id}`, { method: "PUT", json: { ...asInput(await publicBusiness(business.id)), description: "A's words." }, cookie: ownerA.cookie })).json();
    await t.request(`/api/v1/businesses/${business.id}`, { method: "PUT", json: { ...asInput(await publicBusiness(business.id)), phone: "905 555 0199" }, cookie: admin.cookie });
    // B's form starts from the live listing with the waiting change over it, as My Business fills it.
    const waiting = ((await (await t.request(`/api/v1/requests/${requestId}`, { cookie: ownerB.cookie })).json()) as { payload: Record<string, unknown> }).payload;
    const live = asInput(await publicBusiness(business.id));
    await t.request(`/api/v1/businesses/${business.id}`, { method: "PUT", json: { ...live, ...waiting, website: "https://b.example" }, cookie: ownerB.cookie });
    expect((await t.request(`/api/v1/requests/${requestId}/approve`, { method: "POST", json: {}, cookie: admin.cookie })).status).toBe(200);
    expect(await publicBusiness(business.id)).toMatchObject({ description: "A's words.", phone: "905 555 0199", website: "https://b.example" });
  });

  it("applies an amendment that comes in while an administrator is approving", async () => {
    const business = await createBusiness(t.database.db, { categoryId, description: "Before." });
    const ownerA = await owner(business.id);
    const live = asInput(await publicBusiness(business.id));
    const { requestId } = await (await t.request(`/api/v1/businesses/${business.id}`, { method: "PUT", json: { ...live, description: "First words." }, cookie: ownerA.cookie })).json();
    // The owner's amendment lands after the approval has read the request, just before it is marked approved.
    const repository = (t.services.requests as unknown as { repository: { decide: (...args: unknown[]) => Promise<boolean> } }).repository;
    const decide = repository.decide.bind(repository);
    repository.decide = async (...args: unknown[]) => {
      repository.decide = decide;
      await t.request(`/api/v1/businesses/${business.id}`, { method: "PUT", json: { ...live, description: "Second thoughts." }, cookie: ownerA.cookie });
      return decide(...args);
    };
    expect((await t.request(`/api/v1/requests/${requestId}/approve`, { method: "POST", json: {}, cookie: admin.cookie })).status).toBe(200);
    expect((await publicBusiness(business.id)).description).toBe("Second thoughts.");
  });

  it("closes the waiting requests of an owner who is removed, and tells them and the owners who remain", async () => {
    const business = await createBusiness(t.database.db, { categoryId });
    const ownerA = await owner(business.id);
    const ownerB = await owner(business.id);
    const { requestId } = await (await t.request(`/api/v1/businesses/${business.id}`, { method: "PUT", json: { ...asInput(await publicBusiness(business.id)), name: "Not theirs now" }, cookie: ownerA.cookie })).json();
    expect((await t.request(`/api/v1/businesses/${business.id}/owners/${ownerA.user.id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(204);
    const closed = await (await t.request(`/api/v1/requests/${requestId}`, { cookie: admin.cookie })).json();
    expect([closed.status, closed.reason]).toEqual(["rejected", "You no longer own this business, so this request was closed."]);
    expect(mailer.sent.some((m) => m.to === ownerA.user.email && m.text.includes("You no longer own this business, so this request was closed."))).toBe(true);
    expect(mailer.sent.some((m) => m.to === ownerB.user.email && m.text.includes(`${ownerA.user.email} no longer owns this business, so the change waiting under their name was closed.`))).toBe(true);
    expect((await t.request(`/api/v1/requests/${requestId}/approve`, { method: "POST", json: {}, cookie: admin.cookie })).status).toBe(409);
    expect((await publicBusiness(business.id)).name).not.toBe("Not theirs now");
  });
});

describe("events and offers", () => {
  it("moving an event to another business stays with the owners of the one it belongs to", async () => {
    const home = await createBusiness(t.database.db, { categoryId, name: "Home Venue" });
    const other = await createBusiness(t.database.db, { categoryId, name: "Other Venue" });
    const both = await owner(home.id);
    await t.request(`/api/v1/businesses/${other.id}/owners`, { method: "POST", json: { email: both.user.email }, cookie: admin.cookie });
    const homeOnly = await owner(home.id);
    const otherOnly = await owner(other.id);
    const event = await createEvent(t.database.db, { name: "Quiz", eventDate: "2031-04-01T23:00:00.000Z", location: home.id });
    const { requestId } = await (await t.request(`/api/v1/events/${event.id}`, { method: "PUT", json: { name: "Quiz", eventDate: event.eventDate, location: other.id }, cookie: both.cookie })).json();
    expect((await t.request(`/api/v1/requests/${requestId}`, { cookie: homeOnly.cookie })).status).toBe(200);
    expect((await t.request(`/api/v1/requests/${requestId}`, { cookie: otherOnly.cookie })).status).toBe(404);
    expect((await t.request(`/api/v1/requests/${requestId}/withdraw`, { method: "POST", cookie: otherOnly.cookie })).status).toBe(404);
    const listed = (await (await t.request("/api/v1/me/requests", { cookie: otherOnly.cookie })).json()) as Array<{ id: string }>;
    expect(listed.map((r) => r.id)).not.toContain(requestId);
    // Its maker removed from the business the event belongs to, the move closes.
    expect((await t.request(`/api/v1/businesses/${home.id}/owners/${both.user.id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(204);
    expect((await (await t.request(`/api/v1/requests/${requestId}`, { cookie: admin.cookie })).json()).status).toBe("rejected");
  });

  it("close a waiting change when the event or offer is deleted", async () => {
    const business = await createBusiness(t.database.db, { categoryId });
    const ownerA = await owner(business.id);
    const event = await createEvent(t.database.db, { name: "Open Mic", eventDate: "2031-02-01T23:00:00.000Z", location: business.id });
    const changed = await t.request(`/api/v1/events/${event.id}`, { method: "PUT", json: { name: "Open Mic Night", eventDate: event.eventDate, location: business.id }, cookie: ownerA.cookie });
    expect(changed.status).toBe(202);
    const { requestId } = await changed.json();
    expect((await t.request(`/api/v1/events/${event.id}`, { method: "DELETE", cookie: ownerA.cookie })).status).toBe(204);
    const closed = await (await t.request(`/api/v1/requests/${requestId}`, { cookie: ownerA.cookie })).json();
    expect([closed.status, closed.reason]).toEqual(["rejected", "The event was deleted, so this request was closed."]);
    const pending = await (await t.request("/api/v1/requests?status=pending", { cookie: admin.cookie })).json();
    expect(pending.map((r: { id: string }) => r.id)).not.toContain(requestId);
  });

  it("file a new event amended to another of the owner's businesses under that one", async () => {
    const first = await createBusiness(t.database.db, { categoryId, name: "First Venue" });
    const second = await createBusiness(t.database.db, { categoryId, name: "Second Venue" });
    const ownerA = await owner(first.id);
    await t.request(`/api/v1/businesses/${second.id}/owners`, { method: "POST", json: { email: ownerA.user.email }, cookie: admin.cookie });
    const values = { name: "Trivia", eventDate: "2031-03-01T23:00:00.000Z" };
    const { requestId } = await (await t.request("/api/v1/events", { method: "POST", json: { ...values, location: first.id }, cookie: ownerA.cookie })).json();
    expect((await t.request(`/api/v1/requests/${requestId}`, { method: "PUT", json: { ...values, location: second.id }, cookie: ownerA.cookie })).status).toBe(200);
    expect(await (await t.request(`/api/v1/requests/${requestId}`, { cookie: admin.cookie })).json()).toMatchObject({ businessId: second.id, businessName: "Second Venue" });
    // The first venue's deletion leaves it waiting.
    expect((await t.request(`/api/v1/businesses/${first.id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(204);
    expect((await (await t.request(`/api/v1/requests/${requestId}`, { cookie: admin.cookie })).json()).status).toBe("pending");
  });

  it("refuse a repeat rule that gives no dates when sent, beside its field as the event form does, before anything waits", async () => {
    const business = await createBusiness(t.database.db, { categoryId });
    const ownerA = await owner(business.id);
    // Weekly until April, from a first date in May: no date at all.
    const values = { name: "Never Night", eventDate: "2031-05-01T23:00:00.000Z", location: business.id, recurrenceRule: "FREQ=WEEKLY;UNTIL=20310401T235959Z" };
    const refusal = { recurrenceRule: "This rule gives no dates from the event's date on." };
    const proposed = await t.request("/api/v1/events", { method: "POST", json: values, cookie: ownerA.cookie });
    expect(proposed.status).toBe(400);
    const body = await proposed.json();
    expect(body.error.fields).toEqual(refusal);
    expect(body).toEqual(await (await t.request("/api/v1/events", { method: "POST", json: values, cookie: admin.cookie })).json());

    // A change to one of the business's events, and a waiting request amended, are refused the same.
    const event = await createEvent(t.database.db, { name: "Weekly Quiz", eventDate: values.eventDate, location: business.id, recurrenceRule: "FREQ=WEEKLY" });
    const changed = await t.request(`/api/v1/events/${event.id}`, { method: "PUT", json: { ...values, name: "Weekly Quiz" }, cookie: ownerA.cookie });
    expect(changed.status).toBe(400);
    expect((await changed.json()).error.fields).toEqual(refusal);
    const waiting = await t.request("/api/v1/events", { method: "POST", json: { ...values, recurrenceRule: "FREQ=WEEKLY" }, cookie: ownerA.cookie });
    expect(waiting.status).toBe(202);
    const { requestId } = await waiting.json();
    const amended = await t.request(`/api/v1/requests/${requestId}`, { method: "PUT", json: values, cookie: ownerA.cookie });
    expect(amended.status).toBe(400);
    expect((await amended.json()).error.fields).toEqual(refusal);

    const pending = (await (await t.request("/api/v1/requests?status=pending&kind=event", { cookie: admin.cookie })).json()) as Array<{ id: string; businessId: string }>;
    expect(pending.filter((r) => r.businessId === business.id).map((r) => r.id)).toEqual([requestId]);
    expect((await (await t.request(`/api/v1/requests/${requestId}`, { cookie: admin.cookie })).json()).payload.recurrenceRule).toBe("FREQ=WEEKLY");
  });

  it("sent twice the same, wait as one request", async () => {
    const business = await createBusiness(t.database.db, { categoryId });
    const ownerA = await owner(business.id);
    const send = async (description: string) => (await (await t.request("/api/v1/offers", { method: "POST", json: { businessId: business.id, description, type: "BOGO" }, cookie: ownerA.cookie })).json()).requestId;
    const first = await send("Two for one");
    expect(await send("Two for one")).toBe(first);
    expect(await send("Three for two")).not.toBe(first);
    const pending = (await (await t.request("/api/v1/requests?status=pending&kind=offer", { cookie: admin.cookie })).json()) as Array<{ businessId: string }>;
    expect(pending.filter((r) => r.businessId === business.id)).toHaveLength(2);
  });

  it("appear publicly only once approved", async () => {
    const business = await createBusiness(t.database.db, { categoryId, name: "Offer House" });
    const ownerA = await owner(business.id);
    const created = await t.request("/api/v1/offers", { method: "POST", json: { businessId: business.id, description: "Half-price scones", type: "BOGO" }, cookie: ownerA.cookie });
    expect(created.status).toBe(202);
    const { requestId } = await created.json();
    const offers = async () => ((await (await t.request("/api/v1/offers")).json()) as Array<{ description: string }>).map((o) => o.description);
    expect(await offers()).not.toContain("Half-price scones");
    await t.request(`/api/v1/requests/${requestId}/approve`, { method: "POST", json: {}, cookie: admin.cookie });
    expect(await offers()).toContain("Half-price scones");

    const event = await t.request("/api/v1/events", { method: "POST", json: { name: "Poetry night", eventDate: "2031-01-01T23:00:00.000Z", location: business.id }, cookie: ownerA.cookie });
    expect(event.status).toBe(202);
    const bad = await t.request("/api/v1/events", { method: "POST", json: { name: "", location: business.id }, cookie: ownerA.cookie });
    expect((await bad.json()).error.message).toBe("Event Name, Event Date, and Location Type are required.");
  });

  it("are applied at once, and still recorded in Recent Changes, when the association auto-approves them", async () => {
    await setModeration(t, admin.cookie, { listings: true, events: true, offers: true });
    try {
      const business = await createBusiness(t.database.db, { categoryId });
      const ownerA = await owner(business.id);
      const offer = await (await t.request("/api/v1/offers", { method: "POST", json: { businessId: business.id, description: "Auto deal", type: "BOGO" }, cookie: ownerA.cookie })).json();
      expect(offer.status).toBe("approved");
      const listing = await (await t.request(`/api/v1/businesses/${business.id}`, { method: "PUT", json: { ...asInput(await publicBusiness(business.id)), name: "Auto Name" }, cookie: ownerA.cookie })).json();
      expect(listing.status).toBe("approved");
      expect((await publicBusiness(business.id)).name).toBe("Auto Name");
      const changes = (await (await t.request("/api/v1/audit-log", { cookie: admin.cookie })).json()).items.slice(0, 2);
      expect(changes.map((c: { actorEmail: string; entityType: string }) => [c.actorEmail, c.entityType])).toEqual([
        [ownerA.user.email, "business"],
        [ownerA.user.email, "offer"],
      ]);
    } finally {
      await t.request("/api/v1/moderation-settings", { method: "PUT", json: { autoApproveListings: false, autoApproveEvents: false, autoApproveOffers: false, notificationEmail: "" }, cookie: admin.cookie });
    }
  });
});

describe("mail to the association", () => {
  it("sends the notification address at most one digest per 15 minutes", async () => {
    await t.request("/api/v1/moderation-settings", { method: "PUT", json: { autoApproveListings: false, autoApproveEvents: false, autoApproveOffers: false, notificationEmail: "desk@association.example" }, cookie: admin.cookie });
    const claimant = await person("user");
    const digests = () => mailer.sent.filter((m) => m.to === "desk@association.example");
    for (let i = 0; i < 3; i++) {
      const business = await createBusiness(t.database.db, { categoryId, name: `Digest ${i}` });
      await t.request(`/api/v1/businesses/${business.id}/claims`, { method: "POST", json: { role: "Owner", phone: "1" }, cookie: claimant.cookie });
    }
    expect(digests()).toHaveLength(1);
    expect(digests()[0]!.text).toContain("Claim: Digest 0");
    expect(await t.services.ownerNotifications.sendDigests(new Date(Date.now() + 16 * 60 * 1000))).toBe(1);
    expect(digests()).toHaveLength(2);
    expect(digests()[1]!.text).toContain("Claim: Digest 1");
    expect(digests()[1]!.text).toContain("Claim: Digest 2");
    expect(digests()[1]!.text).not.toContain("Digest 0");
  });
});
