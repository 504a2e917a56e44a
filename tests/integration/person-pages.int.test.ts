// A person's own pages kept for them (docs/decisions/0053-person-pages-kept.md): /mybusiness and the admin tabs,
// rendered by their real loaders, are kept per person while the write version stands, and every change they show
// appears on the very next request, also when made through a second instance on the same database. Nobody ever
// gets another person's page; signing out, a ban and a role change take effect at once. Pages are asked of each
// instance on Node's server, as `npm start` serves them, where a kept page is answered before the app.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "kysely";
import { createStaticHandler, RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RenderPage } from "#server/app.ts";
import { createBusiness, createCategory, createEvent } from "#server/db/factories.ts";
import { newId } from "#server/db/ids.ts";
import { watchWrites } from "#server/db/write-version.ts";
import { listen } from "#server/http/listen.ts";
import { appContext } from "#web/lib/app-context.ts";
import { loader as myBusinessLoader } from "#web/routes/my-business.tsx";
import { loader as adminTabLoader } from "#web/routes/admin-tab.tsx";
import { loader as adminRequestsLoader } from "#web/routes/admin-requests.tsx";
import { createTestApp, setUpTestApp, type SignedIn, type TestApp } from "#tests/setup/app.ts";
import { createTestDatabase, type TestDatabase } from "#tests/setup/database.ts";

type Loader = (args: never) => unknown;
const route = (id: string, path: string, loader: Loader) => ({ id, path, loader: (args: unknown) => loader(args as never) });
// The pages' routes as the page build declares them, each rendered to its loader's data (with who it was rendered
// for) by the load context the app gives; every render counted.
const handler = createStaticHandler([
  route("mybusiness", "/mybusiness", myBusinessLoader),
  route("requests", "/admin/requests", adminRequestsLoader),
  route("tab", "/admin/:tab", adminTabLoader),
]);
let renders = 0;
const renderPage: RenderPage = async (request, context) => {
  renders++;
  const requestContext = new RouterContextProvider();
  requestContext.set(appContext, context);
  const result = await handler.query(request, { requestContext });
  if (result instanceof Response) return result;
  return Response.json({ for: context.user?.email ?? null, data: Object.values(result.loaderData)[0] });
};

let shared: TestDatabase;
const t = setUpTestApp(async () => ({ database: (shared = await createTestDatabase()), renderPage }));
let other: TestApp;
let admin: SignedIn;
let categoryId: string;
/** Each instance's address on Node's server. */
const served = new Map<TestApp, { url: string; server: Server }>();

async function serve(app: TestApp) {
  const server: Server = await new Promise((resolve) => {
    const started = listen(app.app, { port: 0, hostname: "127.0.0.1" }, () => resolve(started));
  });
  served.set(app, { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server });
}

beforeAll(async () => {
  // A second instance: its own services and connection to the same database, rendering the same pages.
  other = await createTestApp({ database: shared.reopen(), renderPage });
  admin = await t.signIn("admin");
  categoryId = (await createCategory(t.database.db)).id;
  await serve(t);
  await serve(other);
});
afterAll(async () => {
  for (const { server } of served.values()) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await other?.close();
});

const now = () => new Date().toISOString();

/** The page as `app`'s server sends it to the cookie's person: its status, its text, and whether it was rendered for it. */
async function page(app: TestApp, path: string, cookie: string) {
  const before = renders;
  const response = await fetch(served.get(app)!.url + path, { headers: { cookie }, redirect: "manual" });
  return { status: response.status, text: await response.text(), rendered: renders > before };
}

async function ownerWith(name: string): Promise<SignedIn & { businessId: string }> {
  const owner = await t.signIn("business");
  const business = await createBusiness(t.database.db, { name, categoryId });
  await t.database.db.insertInto("business_owner").values({ businessId: business.id, userId: owner.user.id, createdAt: now() }).execute();
  return { ...owner, businessId: business.id };
}

describe("/mybusiness, kept for its owner", () => {
  it("is rendered once while nothing it shows is written, and shows each change on the next request of either instance", async () => {
    const owner = await ownerWith(`Kept Shop ${newId(4)}`);
    expect((await page(t, "/mybusiness", owner.cookie)).rendered).toBe(true);
    const again = await page(t, "/mybusiness", owner.cookie);
    expect(again).toMatchObject({ status: 200, rendered: false });
    expect(again.text).toContain(owner.user.email);

    // The business renamed through the other instance's connection: content.
    await other.database.db.updateTable("business").set({ name: "Renamed Shop" }).where("id", "=", owner.businessId).execute();
    expect((await page(t, "/mybusiness", owner.cookie)).text).toContain("Renamed Shop");

    // A change the owner asked for: a request, which is no public content.
    await other.database.db
      .insertInto("change_request")
      .values({ id: newId(), kind: "listing-change", businessId: owner.businessId, businessName: "Renamed Shop", targetId: null, userId: owner.user.id, payload: "{}", base: null, status: "pending", reason: "Kept request reason", createdAt: now(), updatedAt: now(), decidedAt: null, decidedBy: null, followUp: null })
      .execute();
    await page(other, "/mybusiness", owner.cookie);
    expect(await page(t, "/mybusiness", owner.cookie)).toMatchObject({ rendered: true });
    expect((await page(other, "/mybusiness", owner.cookie)).text).toContain("listing-change");

    // Their own account.
    await t.database.db.updateTable("user").set({ email: `moved-${owner.user.email}` }).where("id", "=", owner.user.id).execute();
    expect((await page(other, "/mybusiness", owner.cookie)).text).toContain(`moved-${owner.user.email}`);
  });

  it("is never another person's: two owners each get their own, from either instance", async () => {
    const a = await ownerWith(`Shop of A ${newId(4)}`);
    const b = await ownerWith(`Shop of B ${newId(4)}`);
    for (const app of [t, other, t, other]) {
      const [pageA, pageB] = [await page(app, "/mybusiness", a.cookie), await page(app, "/mybusiness", b.cookie)];
      expect(pageA.text).toContain("Shop of A");
      expect(pageA.text).not.toContain("Shop of B");
      expect(pageA.text).not.toContain(b.user.email);
      expect(pageB.text).toContain("Shop of B");
      expect(pageB.text).not.toContain(a.user.email);
    }
  });

  it("is not kept for an owner's Insights tab, whose visit counts move no version", async () => {
    const owner = await ownerWith(`Counted Shop ${newId(4)}`);
    const path = `/mybusiness?insights=${owner.businessId}`;
    await page(t, path, owner.cookie);
    expect((await page(t, path, owner.cookie)).rendered).toBe(true);
  });

  it("ends with signing out and with a ban, on both instances at once", async () => {
    const owner = await ownerWith(`Leaving Shop ${newId(4)}`);
    const banned = await ownerWith(`Banned Shop ${newId(4)}`);
    for (const who of [owner, banned]) {
      await page(t, "/mybusiness", who.cookie);
      await page(other, "/mybusiness", who.cookie);
    }
    expect((await t.request("/api/auth/sign-out", { method: "POST", cookie: owner.cookie, json: {} })).status).toBe(200);
    await t.database.db.updateTable("user").set({ banned: 1 as never }).where("id", "=", banned.user.id).execute();
    for (const app of [t, other]) {
      for (const who of [owner, banned]) {
        const after = await page(app, "/mybusiness", who.cookie);
        expect(after.status).not.toBe(200);
        expect(after.text).not.toContain(who.user.email);
      }
    }
  });
});

describe("the admin tabs, kept for each administrator", () => {
  it("show a new user, a renamed business, a new event and a new request on the next request of either instance", async () => {
    for (const path of ["/admin/users", "/admin/markers", "/admin/events", "/admin/requests"]) {
      await page(t, path, admin.cookie);
      expect((await page(t, path, admin.cookie)).rendered).toBe(false);
    }
    const newcomer = await other.signIn("user", `newcomer-${newId(6).toLowerCase()}@example.com`);
    expect((await page(t, "/admin/users", admin.cookie)).text).toContain(newcomer.user.email);

    const business = await createBusiness(other.database.db, { name: `Aardvark Admin Shop ${newId(4)}`, categoryId });
    expect((await page(t, "/admin/markers", admin.cookie)).text).toContain(business.name);
    await page(other, "/admin/markers", admin.cookie);
    await t.database.db.updateTable("business").set({ name: "Aardvark Renamed" }).where("id", "=", business.id).execute();
    expect((await page(other, "/admin/markers", admin.cookie)).text).toContain("Aardvark Renamed");

    await createEvent(other.database.db, { name: "Kept Tab Event", location: business.id });
    const events = await page(t, "/admin/events", admin.cookie);
    expect(events.text).toContain("Kept Tab Event");

    const requester = await ownerWith(`Asking Shop ${newId(4)}`);
    await page(t, "/admin/requests", admin.cookie);
    const kept = await page(t, "/admin/requests", admin.cookie);
    expect(kept.rendered).toBe(false);
    expect(kept.text).not.toContain("Kept tab request");
    await other.database.db
      .insertInto("change_request")
      .values({ id: newId(), kind: "listing-change", businessId: requester.businessId, businessName: "Asking Shop", targetId: null, userId: requester.user.id, payload: JSON.stringify({ note: "Kept tab request" }), base: null, status: "pending", reason: null, createdAt: now(), updatedAt: now(), decidedAt: null, decidedBy: null, followUp: null })
      .execute();
    expect((await page(t, "/admin/requests", admin.cookie)).text).toContain("Kept tab request");
  });

  it("are each administrator's own, and stop at once for one who is no longer one", async () => {
    const second = await t.signIn("admin");
    const [mine, theirs] = [await page(t, "/admin/users", admin.cookie), await page(t, "/admin/users", second.cookie)];
    expect(mine.text).toContain(`"for":"${admin.user.email}"`);
    expect(theirs.text).toContain(`"for":"${second.user.email}"`);
    expect((await page(other, "/admin/users", second.cookie)).text).toContain(`"for":"${second.user.email}"`);

    const demoted = await other.request(`/api/v1/users/${second.user.id}/role`, { method: "PUT", cookie: admin.cookie, json: { role: "business" } });
    expect(demoted.status).toBe(200);
    for (const app of [t, other]) {
      const after = await page(app, "/admin/users", second.cookie);
      expect(after.status).not.toBe(200);
      expect(after.text).not.toContain(admin.user.email);
    }
  });
});

describe("the write version", () => {
  it("is moved by a write to a table added after it, once its triggers are laid", async () => {
    const db = t.database.db;
    const version = async () => Number(await t.database.writeVersion());
    await sql.raw("create table kept_later_table (id text primary key)").execute(db);
    await watchWrites(t.database);
    const before = await version();
    await sql.raw("insert into kept_later_table (id) values ('one')").execute(db);
    expect(await version()).toBeGreaterThan(before);
    // A spent proof of work, and a visit counted with its totals, move nothing.
    const counted = await version();
    await db.insertInto("used_challenge").values({ id: newId(), expiresAt: Date.now() }).execute();
    await db.insertInto("insight_day_total").values({ day: "2026-01-01", count: 1 }).execute();
    await db.insertInto("insight_window_total").values({ days: 30, kind: "view", subject: newId(), count: 1 }).execute();
    await db.insertInto("insight_category_total").values({ days: 30, categoryId: newId(), count: 1 }).execute();
    await db.insertInto("insight_tag_total").values({ days: 30, tagId: newId(), count: 1 }).execute();
    expect(await version()).toBe(counted);
  });
});
