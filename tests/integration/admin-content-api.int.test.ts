// Every admin API route of the Events, Posts and Offers tabs, called as each kind of visitor: only an
// administrator gets through, whatever the request carries.
import { beforeAll, describe, expect, it } from "vitest";
import { createBusiness, createEvent, createOffer, createPost, createUser } from "#server/db/factories.ts";
import type { Role } from "#shared/constants.ts";
import { setUpTestApp } from "../setup/app.ts";

const t = setUpTestApp();
const cookies: Partial<Record<Role, string>> = {};
let ids: { event: string; post: string; offer: string; business: string; author: string };
beforeAll(async () => {
  for (const role of ["user", "business", "admin"] as const) cookies[role] = (await t.signIn(role)).cookie;
  const business = await createBusiness(t.database.db, { name: "Matrix Cafe" });
  const author = await createUser(t.database.db, { displayName: "Matrix Author" });
  ids = {
    business: business.id,
    author: author.id,
    event: (await createEvent(t.database.db, { name: "Matrix event" })).id,
    post: (await createPost(t.database.db, { title: "Matrix post" })).id,
    offer: (await createOffer(t.database.db, { businessId: business.id, businessName: business.name })).id,
  };
});

const routes = (): Array<{ name: string; method: string; path: string; json?: unknown; ok: number }> => {
  const event = { name: "Matrix event", eventDate: "2030-05-01T18:00:00.000Z", location: "outdoor", outdoorLocationDescription: "The square" };
  const post = { title: "Matrix post", authorUid: ids.author, content: "<p>News</p>", datetime: "2030-05-01T18:00:00.000Z" };
  const offer = { businessId: ids.business, description: "Two for one", type: "BOGO" };
  return [
    { name: "list events", method: "GET", path: "/api/v1/admin/events", ok: 200 },
    { name: "add an event", method: "POST", path: "/api/v1/events", json: event, ok: 201 },
    { name: "update an event", method: "PUT", path: `/api/v1/events/${ids.event}`, json: event, ok: 200 },
    { name: "delete an event", method: "DELETE", path: `/api/v1/events/${ids.event}`, ok: 204 },
    { name: "list posts", method: "GET", path: "/api/v1/admin/posts", ok: 200 },
    { name: "list post authors", method: "GET", path: "/api/v1/admin/post-authors", ok: 200 },
    { name: "add a post", method: "POST", path: "/api/v1/posts", json: post, ok: 201 },
    { name: "update a post", method: "PUT", path: `/api/v1/posts/${ids.post}`, json: post, ok: 200 },
    { name: "delete a post", method: "DELETE", path: `/api/v1/posts/${ids.post}`, ok: 204 },
    { name: "list offers", method: "GET", path: "/api/v1/admin/offers", ok: 200 },
    { name: "add an offer", method: "POST", path: "/api/v1/offers", json: offer, ok: 201 },
    { name: "update an offer", method: "PUT", path: `/api/v1/offers/${ids.offer}`, json: offer, ok: 200 },
    { name: "delete an offer", method: "DELETE", path: `/api/v1/offers/${ids.offer}`, ok: 204 },
  ];
};

async function unchanged() {
  expect((await t.services.events.get(ids.event)).name).toBe("Matrix event");
  expect((await t.services.posts.list()).map((p) => p.id)).toContain(ids.post);
  expect((await t.services.offers.list()).map((o) => o.id)).toContain(ids.offer);
}

describe("admin content API access", () => {
  it("refuses visitors who are not signed in with 401, and changes nothing", async () => {
    for (const route of routes()) {
      const response = await t.request(route.path, { method: route.method, json: route.json });
      expect(response.status, route.name).toBe(401);
    }
    await unchanged();
  });

  for (const role of ["user", "business"] as const) {
    it(`refuses a signed-in ${role} with 403, even with an invalid body, and changes nothing`, async () => {
      for (const route of routes()) {
        const response = await t.request(route.path, { method: route.method, json: route.json, cookie: cookies[role] });
        expect(response.status, route.name).toBe(403);
        if (route.json === undefined) continue;
        const invalid = await t.request(route.path, { method: route.method, json: { nonsense: true }, cookie: cookies[role] });
        expect(invalid.status, `${route.name} (invalid body)`).toBe(403);
      }
      await unchanged();
    });
  }

  it("lets an administrator do each of them", async () => {
    for (const route of routes()) {
      const response = await t.request(route.path, { method: route.method, json: route.json, cookie: cookies.admin });
      expect(response.status, `${route.name}: ${response.status === route.ok ? "" : await response.text()}`).toBe(route.ok);
    }
  });

  it("documents the routes in the OpenAPI description", async () => {
    const response = await t.request("/api/v1/openapi.json");
    expect(response.status).toBe(200);
    const { paths } = await response.json();
    for (const path of ["/admin/events", "/events/{id}", "/admin/posts", "/admin/post-authors", "/posts/{id}", "/admin/offers", "/offers/{id}"]) {
      expect(Object.keys(paths), path).toContain(path);
    }
    expect(Object.keys(paths["/events"])).toEqual(expect.arrayContaining(["get", "post"]));
  });
});
