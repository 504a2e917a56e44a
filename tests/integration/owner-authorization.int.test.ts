// The authorization matrix of owners' requests and of every content write: each route called by a visitor who is not
// signed in, a plain user, the owner of business A, the owner of business B and an administrator. An owner changes only
// their own businesses and those businesses' events and offers, and never decides requests or changes owners,
// categories, tags, pages, posts or roles.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBusiness, createCategory, createEvent, createOffer, createPage, createPost, createTag, createUser } from "#server/db/factories.ts";
import type { CurrentUser } from "#server/auth/session.ts";
import { createTestApp, type TestApp } from "../setup/app.ts";

const PERSONAS = ["anonymous", "user", "ownerA", "ownerB", "admin"] as const;
type Persona = (typeof PERSONAS)[number];

let t: TestApp;
const cookies: Record<Persona, string | undefined> = { anonymous: undefined, user: undefined, ownerA: undefined, ownerB: undefined, admin: undefined };
const me: Partial<Record<Persona, CurrentUser>> = {};
let categoryId: string;
let tagId: string;
let businessA: string;
let businessB: string;

async function freshBusiness(owner?: Persona) {
  const business = await createBusiness(t.database.db, { categoryId });
  if (owner) await t.services.owners.addOwner(me.admin!, business.id, me[owner]!.email);
  return business.id;
}

/** A listing change by the owner of A, waiting. */
async function pendingRequestOfA() {
  const business = await freshBusiness("ownerA");
  const outcome = await t.services.requests.saveBusiness(me.ownerA!, business, { ...listing(), name: "Renamed" });
  if (!("request" in outcome)) throw new Error("expected a request");
  return outcome.request.requestId;
}

const listing = () => ({ name: "Matrix Cafe", categoryId, lat: 43.1, lng: -79.07, tags: [tagId], description: "Coffee." });
const event = (location: string) => ({ name: "Tasting night", eventDate: "2031-05-01T22:00:00.000Z", location, description: "Come by." });
const offer = (businessId: string) => ({ businessId, description: "Two for one", type: "BOGO" });

type Expect = [anonymous: number, user: number, ownerA: number, ownerB: number, admin: number];
interface Row {
  name: string;
  method: string;
  path: () => Promise<string> | string;
  json?: () => Promise<unknown> | unknown;
  expect: Expect;
}

const R = 401;
const F = 403;
const rows = (): Row[] => [
  // Businesses
  { name: "add a business", method: "POST", path: () => "/api/v1/businesses", json: listing, expect: [R, 202, 202, 202, 201] },
  { name: "change business A", method: "PUT", path: () => `/api/v1/businesses/${businessA}`, json: listing, expect: [R, F, 202, F, 200] },
  { name: "delete a business of A's owner", method: "DELETE", path: () => freshBusiness("ownerA").then((id) => `/api/v1/businesses/${id}`), expect: [R, F, F, F, 204] },
  { name: "claim business A", method: "POST", path: () => `/api/v1/businesses/${businessA}/claims`, json: () => ({ role: "Manager", phone: "905 555 0100" }), expect: [R, 201, 409, 201, 201] },
  { name: "list A's owners", method: "GET", path: () => `/api/v1/businesses/${businessA}/owners`, expect: [R, F, F, F, 200] },
  { name: "add an owner to A", method: "POST", path: () => `/api/v1/businesses/${businessA}/owners`, json: () => createUser(t.database.db).then((u) => ({ email: u.email })), expect: [R, F, F, F, 200] },
  {
    name: "remove A's owner",
    method: "DELETE",
    path: () => freshBusiness("ownerA").then((id) => `/api/v1/businesses/${id}/owners/${me.ownerA!.id}`),
    expect: [R, F, F, F, 204],
  },
  // Events and offers
  { name: "add an event at A", method: "POST", path: () => "/api/v1/events", json: () => event(businessA), expect: [R, F, 202, F, 201] },
  { name: "add an outdoor event", method: "POST", path: () => "/api/v1/events", json: () => ({ ...event("outdoor"), outdoorLocationDescription: "The square" }), expect: [R, F, F, F, 201] },
  {
    name: "change an event at A",
    method: "PUT",
    path: () => createEvent(t.database.db, { location: businessA }).then((e) => `/api/v1/events/${e.id}`),
    json: () => event(businessA),
    expect: [R, F, 202, F, 200],
  },
  { name: "delete an event at A", method: "DELETE", path: () => createEvent(t.database.db, { location: businessA }).then((e) => `/api/v1/events/${e.id}`), expect: [R, F, 204, F, 204] },
  { name: "add an offer at A", method: "POST", path: () => "/api/v1/offers", json: () => offer(businessA), expect: [R, F, 202, F, 201] },
  {
    name: "change an offer at A",
    method: "PUT",
    path: () => createOffer(t.database.db, { businessId: businessA }).then((o) => `/api/v1/offers/${o.id}`),
    json: () => offer(businessA),
    expect: [R, F, 202, F, 200],
  },
  { name: "delete an offer at A", method: "DELETE", path: () => createOffer(t.database.db, { businessId: businessA }).then((o) => `/api/v1/offers/${o.id}`), expect: [R, F, 204, F, 204] },
  // Requests
  { name: "list waiting requests", method: "GET", path: () => "/api/v1/requests?status=pending", expect: [R, F, F, F, 200] },
  { name: "count waiting requests", method: "GET", path: () => "/api/v1/requests/pending-count", expect: [R, F, F, F, 200] },
  { name: "read A's request", method: "GET", path: () => pendingRequestOfA().then((id) => `/api/v1/requests/${id}`), expect: [R, 404, 200, 404, 200] },
  { name: "approve A's request", method: "POST", path: () => pendingRequestOfA().then((id) => `/api/v1/requests/${id}/approve`), json: () => ({}), expect: [R, F, F, F, 200] },
  { name: "reject A's request", method: "POST", path: () => pendingRequestOfA().then((id) => `/api/v1/requests/${id}/reject`), json: () => ({ reason: "No" }), expect: [R, F, F, F, 200] },
  { name: "withdraw A's request", method: "POST", path: () => pendingRequestOfA().then((id) => `/api/v1/requests/${id}/withdraw`), expect: [R, 404, 200, 404, 404] },
  { name: "amend A's request", method: "PUT", path: () => pendingRequestOfA().then((id) => `/api/v1/requests/${id}`), json: listing, expect: [R, 404, 200, 404, 404] },
  { name: "list my businesses", method: "GET", path: () => "/api/v1/me/businesses", expect: [R, 200, 200, 200, 200] },
  { name: "list my requests", method: "GET", path: () => "/api/v1/me/requests", expect: [R, 200, 200, 200, 200] },
  { name: "read moderation settings", method: "GET", path: () => "/api/v1/moderation-settings", expect: [R, F, F, F, 200] },
  {
    name: "change moderation settings",
    method: "PUT",
    path: () => "/api/v1/moderation-settings",
    json: () => ({ autoApproveListings: false, autoApproveEvents: false, autoApproveOffers: false, notificationEmail: "" }),
    expect: [R, F, F, F, 200],
  },
  // The intake form: anyone signed in sends it; only administrators read and export it
  {
    name: "send the intake form",
    method: "POST",
    path: () => "/api/v1/intake",
    json: () => ({ businessName: "Matrix Cafe", ownerName: "Pat", email: "pat@example.org", ownerSignature: "Pat", ownerSignedOn: "2026-11-20" }),
    expect: [R, 201, 201, 201, 201],
  },
  // (B, as the others claim A above, and a claimant may link the form to the business they claim.)
  { name: "link the intake form to business B", method: "POST", path: () => "/api/v1/intake", json: () => ({ businessId: businessB, businessName: "B", ownerName: "Pat", email: "pat@example.org", ownerSignature: "Pat", ownerSignedOn: "2026-11-20" }), expect: [R, 400, 400, 201, 400] },
  { name: "list intake forms", method: "GET", path: () => "/api/v1/intake", expect: [R, F, F, F, 200] },
  { name: "export intake forms", method: "GET", path: () => "/api/v1/exports/intake.csv", expect: [R, F, F, F, 200] },
  // What owners never change
  { name: "add a category", method: "POST", path: () => "/api/v1/categories", json: () => ({ name: `Cat ${Math.random()}`, color: "#123456" }), expect: [R, F, F, F, 201] },
  { name: "change a category", method: "PUT", path: () => createCategory(t.database.db).then((c) => `/api/v1/categories/${c.id}`), json: () => ({ name: `Cat ${Math.random()}`, color: "#123456" }), expect: [R, F, F, F, 200] },
  { name: "delete a category", method: "DELETE", path: () => createCategory(t.database.db).then((c) => `/api/v1/categories/${c.id}`), expect: [R, F, F, F, 204] },
  { name: "add a tag", method: "POST", path: () => "/api/v1/tags", json: () => ({ name: `Tag ${Math.random()}` }), expect: [R, F, F, F, 201] },
  { name: "change a tag", method: "PUT", path: () => createTag(t.database.db).then((c) => `/api/v1/tags/${c.id}`), json: () => ({ name: `Tag ${Math.random()}` }), expect: [R, F, F, F, 200] },
  { name: "delete a tag", method: "DELETE", path: () => createTag(t.database.db).then((c) => `/api/v1/tags/${c.id}`), expect: [R, F, F, F, 204] },
  { name: "add a page", method: "POST", path: () => "/api/v1/pages", json: () => ({ name: `Page ${Math.random()}`, permission: "public", contentFormat: "html", content: "<p>x</p>" }), expect: [R, F, F, F, 201] },
  { name: "delete a page", method: "DELETE", path: () => createPage(t.database.db).then((p) => `/api/v1/pages/${p.id}`), expect: [R, F, F, F, 204] },
  {
    name: "add a post",
    method: "POST",
    path: () => "/api/v1/posts",
    json: () => ({ title: "News", authorUid: me.admin!.id, content: "<p>x</p>", datetime: "2031-03-01T15:00:00.000Z" }),
    expect: [R, F, F, F, 201],
  },
  { name: "delete a post", method: "DELETE", path: () => createPost(t.database.db).then((p) => `/api/v1/posts/${p.id}`), expect: [R, F, F, F, 204] },
  { name: "change a role", method: "PUT", path: () => createUser(t.database.db).then((u) => `/api/v1/users/${u.id}/role`), json: () => ({ role: "business" }), expect: [R, F, F, F, 200] },
];

beforeAll(async () => {
  t = await createTestApp();
  for (const persona of ["user", "ownerA", "ownerB", "admin"] as const) {
    cookies[persona] = (await t.signIn(persona === "admin" ? "admin" : persona === "user" ? "user" : "business")).cookie;
    me[persona] = (await (await t.request("/api/v1/me", { cookie: cookies[persona] })).json()) as CurrentUser;
  }
  categoryId = (await createCategory(t.database.db)).id;
  tagId = (await createTag(t.database.db)).id;
  businessA = await freshBusiness("ownerA");
  businessB = await freshBusiness("ownerB");
});
afterAll(() => t.close());

describe("authorization of owners' requests and content writes", () => {
  PERSONAS.forEach((persona, column) => {
    it(`answers the ${persona} as the matrix says`, async () => {
      const seen: string[] = [];
      const wanted: string[] = [];
      for (const row of rows()) {
        const path = await row.path();
        const json = row.json ? await row.json() : undefined;
        const response = await t.request(path, { method: row.method, json, cookie: cookies[persona] });
        seen.push(`${row.name}: ${response.status}`);
        wanted.push(`${row.name}: ${row.expect[column]}`);
      }
      expect(seen).toEqual(wanted);
    });
  });

  it("refuses non-administrators before looking at their input", async () => {
    const ofA = await freshBusiness("ownerA");
    for (const persona of ["user", "ownerB"] as const) {
      for (const [method, path] of [
        ["PUT", `/api/v1/businesses/${ofA}`],
        ["POST", "/api/v1/events"],
        ["POST", "/api/v1/offers"],
        ["PUT", "/api/v1/moderation-settings"],
      ] as const) {
        const response = await t.request(path, { method, json: { nonsense: true }, cookie: cookies[persona] });
        expect(response.status, `${persona} ${method} ${path}`).toBe(persona === "ownerB" && path.endsWith("s") && method === "POST" ? 400 : 403);
      }
    }
  });

  it("keeps business B unchanged whatever the owner of A sends", async () => {
    const before = await (await t.request(`/api/v1/businesses/${businessB}`)).json();
    await t.request(`/api/v1/businesses/${businessB}`, { method: "PUT", json: { ...listing(), name: "Taken over" }, cookie: cookies.ownerA });
    await t.request("/api/v1/offers", { method: "POST", json: offer(businessB), cookie: cookies.ownerA });
    expect(await (await t.request(`/api/v1/businesses/${businessB}`)).json()).toEqual(before);
    const requests = await (await t.request("/api/v1/requests?status=pending", { cookie: cookies.admin })).json();
    expect(requests.filter((r: { businessId: string }) => r.businessId === businessB)).toEqual([]);
  });
});
