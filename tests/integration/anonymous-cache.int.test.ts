import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymousCache } from "#server/http/anonymous-cache.ts";
import type { RenderPage } from "#server/app.ts";
import { listen } from "#server/http/listen.ts";
import { createTestApp, type TestApp } from "../setup/app.ts";
import { createTestDatabase, type TestDatabase } from "../setup/database.ts";

/** A page renderer that says who it rendered for and how many categories there are, and counts its renders. */
function countingRenderer() {
  const renders: string[] = [];
  const renderPage: RenderPage = async (request, context) => {
    const path = new URL(request.url).pathname;
    renders.push(path);
    if (path === "/business/missing") return new Response("<p>Not found</p>", { status: 404, headers: { "Content-Type": "text/html" } });
    const categories = await context.services.categories.list();
    const headers: Record<string, string> = { "Content-Type": "text/html; charset=utf-8" };
    if (path === "/tag/cookie") headers["Set-Cookie"] = "seen=1; Path=/";
    if (path === "/news") context.reportError(new Error("the posts could not be read"), "posts");
    // As the site's pages do: the header says the visitor's role and a member's count of unread announcements.
    const who = context.user ? (path === "/pages/names" ? `signed in as ${context.user.email}` : `a ${context.user.role}, ${context.unreadAnnouncements ?? "-"} unread`) : "visitor";
    const html =
      `<!doctype html><script nonce="${context.nonce}">1</script><p>${who}</p>` +
      `<p>${categories.length} categories</p><link rel="modulepreload" nonce="${context.nonce}">` +
      (path === "/pages/long" ? `<p>${"Long enough to be worth compressing. ".repeat(60)}</p><script nonce="${context.nonce}">2</script>` : "");
    return new Response(html, { headers });
  };
  return { renders, renderPage };
}

const cspNonce = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];

let database: TestDatabase;
let a: TestApp;
let b: TestApp;
let pagesA: ReturnType<typeof countingRenderer>;
let pagesB: ReturnType<typeof countingRenderer>;
let admin: string;
/** What instance b logs. */
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  pagesA = countingRenderer();
  pagesB = countingRenderer();
  a = await createTestApp({ database, renderPage: pagesA.renderPage });
  // A second instance of the app on the same database.
  b = await createTestApp({
    database: database.reopen(),
    renderPage: pagesB.renderPage,
    // At debug, as an operator would set it to see a line for each request answered before the app.
    logger: pino({ level: "debug" }, { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) }),
  });
  admin = (await a.signIn("admin")).cookie;
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const addCategory = async (name: string) => {
  const response = await a.request("/api/v1/categories", { method: "POST", json: { name, color: "#123456" }, cookie: admin });
  expect(response.status).toBe(201);
};

describe("public reads for visitors who are not signed in", () => {
  it("carry an ETag and a Cache-Control with stale-while-revalidate, and answer 304 to the same ETag", async () => {
    const first = await a.request("/api/v1/categories");
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get("cache-control")).toContain("stale-while-revalidate=");
    expect(first.headers.get("vary")).toContain("Cookie");

    const again = await a.request("/api/v1/categories", { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);

    await addCategory("Bakeries and more");
    const changed = await a.request("/api/v1/categories", { headers: { "If-None-Match": etag! } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(JSON.stringify(await changed.json())).toContain("Bakeries and more");
  });

  it("show a change made through one instance at once on another", async () => {
    const before = await (await b.request("/api/v1/categories")).text();
    expect(before).not.toContain("Added elsewhere");
    await b.request("/api/v1/categories");
    await addCategory("Added elsewhere");
    expect(await (await b.request("/api/v1/categories")).text()).toContain("Added elsewhere");
  });
});

describe("pages for visitors who are not signed in", () => {
  it("are rendered once per change of content, each response with a nonce of its own", async () => {
    const rendersBefore = pagesB.renders.length;
    const first = await b.request("/events");
    const second = await b.request("/events");
    expect(pagesB.renders.length - rendersBefore).toBe(1);

    const [one, two] = [cspNonce(first), cspNonce(second)];
    expect(one).toBeTruthy();
    expect(two).toBeTruthy();
    expect(two).not.toBe(one);
    const html = await second.text();
    expect(html).toContain(`<script nonce="${two}">`);
    expect(html).toContain(`<link rel="modulepreload" nonce="${two}">`);
    expect(html).not.toContain(one!);
    expect(html.replaceAll(two!, "")).toBe((await first.text()).replaceAll(one!, ""));

    // A change through the other instance is on the next page at once.
    const count = Number(/(\d+) categories/.exec(html)![1]);
    await addCategory("Shown at once");
    expect(await (await b.request("/events")).text()).toContain(`${count + 1} categories`);
  });

  it("never serve a signed-in person's page to anyone else, nor a cached page to them", async () => {
    const member = await b.signIn("user");
    await b.request("/pages/names");
    const rendersBefore = pagesB.renders.length;
    const own = await (await b.request("/pages/names", { cookie: member.cookie })).text();
    expect(own).toContain(`signed in as ${member.email}`);
    expect(pagesB.renders.length - rendersBefore).toBe(1);
    const visitor = await (await b.request("/pages/names")).text();
    expect(visitor).toContain("visitor");
    expect(visitor).not.toContain(member.email);
  });

  it("never keep an error page, a page a part of which failed to load, or a response that sets a cookie", async () => {
    const rendersBefore = pagesB.renders.length;
    for (let i = 0; i < 2; i++) {
      expect((await b.request("/business/missing")).status).toBe(404);
      const withCookie = await b.request("/tag/cookie");
      expect(withCookie.headers.get("set-cookie")).toContain("seen=1");
      expect((await b.request("/news")).status).toBe(200);
    }
    expect(pagesB.renders.length - rendersBefore).toBe(6);
  });

  it("keep pages that are not the site's public content out of the cache", async () => {
    const rendersBefore = pagesB.renders.length;
    await b.request("/login");
    await b.request("/login");
    expect(pagesB.renders.length - rendersBefore).toBe(2);
  });
});

/** Runs `test` with instance b on Node's server, as `npm start` serves it, counting what reaches the app. */
async function onServerB(test: (server: Awaited<ReturnType<typeof serveB>>) => Promise<void>) {
  const server = await serveB();
  try {
    await test(server);
  } finally {
    await server.close();
  }
}

async function serveB() {
  const reached: string[] = [];
  const server: Server = await new Promise((resolve) => {
    const started = listen(
      { fetch: (request, env) => (reached.push(new URL(request.url).pathname), b.app.fetch(request, env)), serveKept: b.app.serveKept, serveSignedIn: b.app.serveSignedIn },
      { port: 0, hostname: "127.0.0.1" },
      () => resolve(started),
    );
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // As a client that does not ask for compression, unless told otherwise.
  const get = (path: string, headers: Record<string, string> = {}) => fetch(url + path, { headers: { "Accept-Encoding": "identity", ...headers } });
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { reached, get, close, url };
}

/** A response's headers and raw bytes (fetch() would decompress them on its own). */
async function rawGet(url: URL, headers: Record<string, string>) {
  const http = await import("node:http");
  return new Promise<{ headers: Record<string, string | string[] | undefined>; bytes: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ headers: response.headers, bytes: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

/** The headers a response carries, but for those made for each response and the nonce. */
const lasting = (response: Response) =>
  [...response.headers].filter(([name]) => !["date", "x-request-id"].includes(name)).map(([name, value]) => [name, value.replace(/'nonce-[^']+'/, "'nonce-'")]);

describe("kept responses on Node's server", () => {
  it("are answered before the app, with the same headers, a nonce of their own and a log line at debug", async () => {
    await onServerB(async (server) => {
      const rendersBefore = pagesB.renders.length;
      const first = await server.get("/category/anything");
      const firstHtml = await first.text();
      const second = await server.get("/category/anything");
      const third = await server.get("/category/anything");
      expect(server.reached.filter((path) => path === "/category/anything")).toHaveLength(1);
      expect(pagesB.renders.length - rendersBefore).toBe(1);
      expect([second.status, third.status]).toEqual([200, 200]);
      expect(lasting(second)).toEqual(lasting(first));
      expect(second.headers.get("x-request-id")).toMatch(/^[\w-]{36}$/);
      expect(third.headers.get("x-request-id")).not.toBe(second.headers.get("x-request-id"));

      const nonces = [first, second, third].map(cspNonce);
      expect(new Set(nonces).size).toBe(3);
      const secondHtml = await second.text();
      expect(secondHtml).toContain(`<script nonce="${nonces[1]}">`);
      expect(secondHtml.replaceAll(nonces[1]!, "")).toBe(firstHtml.replaceAll(nonces[0]!, ""));
      expect(await third.text()).toContain(`<link rel="modulepreload" nonce="${nonces[2]}">`);

      const sent = await server.get("/category/anything", { "X-Request-Id": "traced-request-1" });
      expect(sent.headers.get("x-request-id")).toBe("traced-request-1");
      expect(logLines.find((line) => line.requestId === "traced-request-1")).toMatchObject({
        level: 20,
        msg: "request",
        method: "GET",
        path: "/category/anything",
        status: 200,
      });
    });
  });

  it("are compressed when asked, pages too, each with its own nonce in the compressed bytes", async () => {
    await onServerB(async (server) => {
      const plain = await server.get("/pages/long");
      const plainHtml = await plain.text();
      const plainNonce = cspNonce(plain)!;
      const url = new URL("/pages/long", plain.url);
      const reachedBefore = server.reached.length;
      const answers = [await rawGet(url, { "Accept-Encoding": "gzip, deflate, br" }), await rawGet(url, { "Accept-Encoding": "gzip" })];
      expect(server.reached.length).toBe(reachedBefore);
      const nonces = answers.map(({ headers }) => /'nonce-([^']+)'/.exec(String(headers["content-security-policy"]))![1]!);
      expect(nonces[0]).not.toBe(nonces[1]);
      answers.forEach(({ headers, bytes }, i) => {
        expect(headers["content-encoding"]).toBe("gzip");
        // An English page: a first visit may be sent to another language's by Accept-Language (first-visit-language.ts).
        expect(headers.vary).toBe("Cookie, Accept-Language, Accept-Encoding");
        expect(Number(headers["content-length"])).toBe(bytes.length);
        expect(bytes.length).toBeLessThan(plainHtml.length / 4);
        const html = gunzipSync(bytes).toString();
        expect(html.split(`nonce="${nonces[i]}"`)).toHaveLength(4);
        expect(html.replaceAll(nonces[i]!, "")).toBe(plainHtml.replaceAll(plainNonce, ""));
      });
    });
  });

  it("answer 304 to their ETag, compressed when asked, and show a change made through the other instance at once", async () => {
    await onServerB(async (server) => {
      // Enough of them to be worth compressing.
      for (let i = 1; i <= 12; i++) await addCategory(`Kept category number ${i}`);
      const first = await server.get("/api/v1/categories");
      const body = await first.text();
      const etag = first.headers.get("etag")!;
      expect(first.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
      const reachedBefore = server.reached.length;

      const notModified = await server.get("/api/v1/categories", { "If-None-Match": etag });
      expect(notModified.status).toBe(304);
      expect(notModified.headers.get("etag")).toBe(etag);
      expect(notModified.headers.get("cache-control")).toContain("stale-while-revalidate=");
      expect(await notModified.text()).toBe("");

      const gzipped = await rawGet(new URL("/api/v1/categories", first.url), { "Accept-Encoding": "gzip, br" });
      expect(gzipped.headers["content-encoding"]).toBe("gzip");
      expect(gzipped.headers.vary).toBe("Cookie, Accept-Encoding");
      expect(gunzipSync(gzipped.bytes).toString()).toBe(body);
      expect(server.reached.length).toBe(reachedBefore);

      await addCategory("Seen at once through the other");
      const changed = await server.get("/api/v1/categories", { "If-None-Match": etag });
      expect(changed.status).toBe(200);
      expect(changed.headers.get("etag")).not.toBe(etag);
      expect(await changed.text()).toContain("Seen at once through the other");
      expect(server.reached.length).toBe(reachedBefore + 1);
    });
  });

  it("send a read whole each time, with its own request id, also between a 304 and a compressed answer", async () => {
    await onServerB(async (server) => {
      const first = await server.get("/api/v1/tags");
      const body = await first.text();
      const etag = first.headers.get("etag")!;
      const reachedBefore = server.reached.length;
      const answers = [];
      const asked: Record<string, string>[] = [{}, { "If-None-Match": etag }, {}, { "Accept-Encoding": "gzip" }, {}, { "X-Request-Id": "traced-read" }, {}];
      for (const headers of asked) {
        const response = await server.get("/api/v1/tags", headers);
        answers.push({ status: response.status, type: response.headers.get("content-type"), id: response.headers.get("x-request-id"), body: await response.text() });
      }
      expect(server.reached.length).toBe(reachedBefore);
      const whole = answers.filter((answer) => answer.status === 200);
      expect(whole).toHaveLength(6);
      for (const answer of whole) {
        expect(answer.body).toBe(body);
        expect(answer.type).toBe("application/json");
      }
      expect(answers[1]).toMatchObject({ status: 304, type: null, body: "" });
      expect(answers[5]!.id).toBe("traced-read");
      expect(answers[6]!.id).not.toBe("traced-read");
      expect(new Set(answers.map((answer) => answer.id)).size).toBe(answers.length);
    });
  });

  it("are never what a signed-in person gets, nor kept from what they get", async () => {
    await onServerB(async (server) => {
      const member = await b.signIn("user");
      await server.get("/pages/names");
      await server.get("/pages/names");
      const reachedBefore = server.reached.length;
      const own = await (await server.get("/pages/names", { Cookie: member.cookie })).text();
      expect(own).toContain(`signed in as ${member.email}`);
      expect(server.reached.length).toBe(reachedBefore + 1);
      const visitor = await (await server.get("/pages/names", { Cookie: "theme=dark" })).text();
      expect(visitor).toContain("visitor");
      expect(visitor).not.toContain(member.email);
      expect(server.reached.length).toBe(reachedBefore + 1);
      // Whatever is not a read of public content always reaches the app.
      await server.get("/login");
      await server.get("/login");
      expect(server.reached.slice(-2)).toEqual(["/login", "/login"]);
    });
  });
});

describe("public pages for signed-in visitors on Node's server", () => {
  it("are answered before the app once kept for their kind of visitor, their session read each time", async () => {
    await onServerB(async (server) => {
      const [one, two, three] = [await b.signIn("user"), await b.signIn("user"), await b.signIn("user")];
      const first = await server.get("/pages/long?served=signed-in", { Cookie: one.cookie });
      const firstHtml = await first.text();
      expect(firstHtml).toContain("a user, - unread");
      const reachedBefore = server.reached.length;
      const rendersBefore = pagesB.renders.length;
      const second = await server.get("/pages/long?served=signed-in", { Cookie: two.cookie });
      const secondHtml = await second.text();
      expect(server.reached.length).toBe(reachedBefore);
      expect(pagesB.renders.length).toBe(rendersBefore);
      expect(lasting(second)).toEqual(lasting(first));
      expect(cspNonce(second)).not.toBe(cspNonce(first));
      expect(secondHtml.replaceAll(cspNonce(second)!, "")).toBe(firstHtml.replaceAll(cspNonce(first)!, ""));
      const zipped = await rawGet(new URL("/pages/long?served=signed-in", server.url), { cookie: three.cookie, "accept-encoding": "gzip" });
      expect(zipped.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(zipped.bytes).toString()).toContain("a user, - unread");
      expect(server.reached.length).toBe(reachedBefore);

      // Signed out, banned, or another role: never the kept page again, from the very next request.
      expect((await b.request("/api/auth/sign-out", { method: "POST", cookie: one.cookie, json: {} })).status).toBe(200);
      expect(await (await server.get("/pages/long?served=signed-in", { Cookie: one.cookie })).text()).toContain("visitor");
      await b.database.db.updateTable("user").set({ banned: 1 as never }).where("id", "=", two.user.id).execute();
      expect(await (await server.get("/pages/long?served=signed-in", { Cookie: two.cookie })).text()).toContain("visitor");
      await b.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", three.user.id).execute();
      expect(await (await server.get("/pages/long?served=signed-in", { Cookie: three.cookie })).text()).toMatch(/a admin, \d+ unread/);
      expect(server.reached.length).toBe(reachedBefore + 3);

      // A change of content made through the other instance is on the next page.
      const count = Number(/(\d+) categories/.exec(firstHtml)![1]);
      const four = await b.signIn("user");
      await addCategory("Shown on the server to the signed-in at once");
      expect(await (await server.get("/pages/long?served=signed-in", { Cookie: four.cookie })).text()).toContain(`${count + 1} categories`);
    });
  });
});

describe("public pages for signed-in visitors", () => {
  it("are rendered once for everyone of a role and count of unread announcements, each response with a nonce of its own", async () => {
    const [one, two] = [await b.signIn("user"), await b.signIn("user")];
    const rendersBefore = pagesB.renders.length;
    const first = await b.request("/offers/signed-in", { cookie: one.cookie });
    const second = await b.request("/offers/signed-in", { cookie: two.cookie });
    expect(pagesB.renders.length - rendersBefore).toBe(1);
    const [html, again] = [await first.text(), await second.text()];
    expect(html).toContain("a user, - unread");
    expect(cspNonce(second)).not.toBe(cspNonce(first));
    expect(again).toContain(`<script nonce="${cspNonce(second)}">`);
    expect(again.replaceAll(cspNonce(second)!, "")).toBe(html.replaceAll(cspNonce(first)!, ""));
    for (const page of [html, again]) for (const person of [one, two]) expect(page).not.toContain(person.email);

    // Nor the page of a visitor who is not signed in, nor theirs to one.
    const visitor = await (await b.request("/offers/signed-in")).text();
    expect(visitor).toContain("visitor");
    expect(await (await b.request("/offers/signed-in", { cookie: one.cookie })).text()).toContain("a user, - unread");

    // A change of content is on the next page.
    const count = Number(/(\d+) categories/.exec(html)![1]);
    await addCategory("Shown to the signed-in at once");
    expect(await (await b.request("/offers/signed-in", { cookie: two.cookie })).text()).toContain(`${count + 1} categories`);
  });

  it("show each member their own count of unread announcements, and another role its own page", async () => {
    const other = await b.signIn("admin");
    const page = async (cookie: string) => (await (await b.request("/offers/members", { cookie })).text()).match(/a (\w+), (\S+) unread/)?.slice(1);
    const before = Number((await page(admin))![1]);
    expect(await page(other.cookie)).toEqual(["admin", String(before)]);
    expect(await page((await b.signIn("user")).cookie)).toEqual(["user", "-"]);

    const published = await b.request("/api/v1/announcements", { method: "POST", json: { title: "Kept apart", body: "<p>Kept apart</p>", publishAt: new Date(Date.now() - 60_000).toISOString() }, cookie: admin });
    expect(published.status).toBe(201);
    const { id } = (await published.json()) as { id: string };
    expect(await page(admin)).toEqual(["admin", String(before + 1)]);
    expect((await b.request(`/api/v1/announcements/${id}/read`, { method: "POST", cookie: other.cookie })).status).toBeLessThan(300);
    expect(await page(other.cookie)).toEqual(["admin", String(before)]);
    expect(await page(admin)).toEqual(["admin", String(before + 1)]);
  });

  it("are never kept when they show something of the person: each gets their own", async () => {
    const [one, two] = [await b.signIn("user"), await b.signIn("user")];
    const rendersBefore = pagesB.renders.length;
    const own = await (await b.request("/pages/names", { cookie: one.cookie })).text();
    const theirs = await (await b.request("/pages/names", { cookie: two.cookie })).text();
    expect(pagesB.renders.length - rendersBefore).toBe(2);
    expect(own).toContain(one.email);
    expect(theirs).toContain(two.email);
    expect(theirs).not.toContain(one.email);
  });
});

describe("an event's check-in page", () => {
  it("is rendered for each of its organizers, never kept for others of the same role", async () => {
    const [one, two] = [await b.signIn("business"), await b.signIn("business")];
    const rendersBefore = pagesB.renders.length;
    for (const cookie of [one.cookie, two.cookie, undefined, undefined]) await b.request("/events/some-event/check-in", { cookie });
    expect(pagesB.renders.length - rendersBefore).toBe(4);
  });
});

describe("the cache", () => {
  it("stays within its size, however many query strings are asked for", async () => {
    let renders = 0;
    const cache = anonymousCache({ contentVersion: async () => 1, maxBytes: 20_000 });
    const app = new Hono();
    app.use(cache);
    app.get("*", (c) => {
      renders++;
      return c.html(`<p>${"x".repeat(1000)}</p>`);
    });
    for (let i = 0; i < 500; i++) expect((await app.request(`/events?page=${i}`)).status).toBe(200);
    expect(cache.cache.calculatedSize).toBeLessThanOrEqual(20_000);
    expect(cache.cache.size).toBeLessThan(20);
    // The newest is still kept; the oldest was let go and is rendered again.
    await app.request("/events?page=499");
    expect(renders).toBe(500);
    await app.request("/events?page=0");
    expect(renders).toBe(501);
  });
});
