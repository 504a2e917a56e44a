// `GET /metrics` on the real server, scraped as Prometheus would and read with a Prometheus text-format parser.
import parsePrometheusTextFormat, { type ParsedFamily } from "parse-prometheus-text-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpProof } from "../setup/sign-up-challenge.ts";
import { assertBuilt, freshServerEnv, startServer, stopServer, type ServerProcess } from "../setup/server-process.ts";

const TOKEN = "metrics-token-for-the-test-0123456789";

async function scrape(server: ServerProcess): Promise<{ text: string; families: Map<string, ParsedFamily> }> {
  const response = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await response.text();
  return { text, families: new Map(parsePrometheusTextFormat(text).map((family) => [family.name, family])) };
}

/** The value of the one sample of `name` whose labels include `labels` (0 when there is none). */
function valueOf(families: Map<string, ParsedFamily>, name: string, labels: Record<string, string> = {}): number {
  const family = families.get(name);
  const sample = family?.metrics.find((m) => Object.entries(labels).every(([key, value]) => m.labels?.[key] === value));
  return Number(sample?.value ?? sample?.count ?? 0);
}

describe(`GET /metrics on ${process.env.TEST_DB}`, () => {
  let server: ServerProcess;
  let off: ServerProcess;

  beforeAll(async () => {
    assertBuilt();
    [server, off] = await Promise.all([
      freshServerEnv().then((env) => startServer({ ...env, METRICS_TOKEN: TOKEN })),
      freshServerEnv().then((env) => startServer({ ...env, DEMO_CONTENT: "false" })),
    ]);
  }, 90_000);

  afterAll(() => Promise.all([stopServer(server), stopServer(off)]));

  it("is not there without METRICS_TOKEN", async () => {
    expect((await fetch(`${off.url}/metrics`)).status).toBe(404);
    expect((await fetch(`${off.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });

  it("answers 401 without the token or with another one, and tells which scheme it takes", async () => {
    const attempts: Array<Record<string, string>> = [{}, { Authorization: "Bearer not-the-token" }, { Authorization: `Basic ${TOKEN}` }, { Authorization: `Bearer ${TOKEN}x` }];
    for (const headers of attempts) {
      const response = await fetch(`${server.url}/metrics`, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(await response.text()).not.toContain("niche_http_requests_total");
    }
  });

  it("counts requests by route pattern and status, cache hits and misses, queries and mail", async () => {
    const before = await scrape(server);
    const businesses = (await (await fetch(`${server.url}/api/v1/businesses`)).json()) as Array<{ id: string }>;
    const businessId = businesses[0]!.id;
    // The first of each is rendered (a miss), the next two answered from the anonymous cache (hits).
    for (let i = 0; i < 3; i++) {
      expect((await fetch(`${server.url}/`)).status).toBe(200);
      expect((await fetch(`${server.url}/business/${businessId}`)).status).toBe(200);
    }
    expect((await fetch(`${server.url}/api/v1/businesses/no-such-business`)).status).toBe(404);
    expect((await fetch(`${server.url}/no-such-page-${businessId}`)).status).toBe(404);
    // Signing up sends the address a verification message (to the outbox: no SMTP_URL here).
    const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url },
      body: JSON.stringify({ email: "counted@example.com", password: "counted-in-metrics-1", name: "", altcha: await signUpProof((p) => fetch(`${server.url}${p}`)) }),
    });
    expect(signUp.status).toBe(200);

    const after = await scrape(server);
    const moved = (name: string, labels: Record<string, string> = {}) => valueOf(after.families, name, labels) - valueOf(before.families, name, labels);

    expect(moved("niche_http_requests_total", { method: "GET", route: "/", status: "200" })).toBe(3);
    expect(moved("niche_http_requests_total", { method: "GET", route: "/business/:businessId?", status: "200" })).toBe(3);
    expect(moved("niche_http_requests_total", { method: "GET", route: "/api/v1/businesses/:id", status: "404" })).toBe(1);
    expect(moved("niche_http_requests_total", { method: "GET", route: "/*", status: "404" })).toBe(1);
    expect(moved("niche_http_requests_total", { method: "POST", route: "/api/auth/*", status: "200" })).toBe(1);
    // Routes, never addresses: no series names a business.
    expect(after.text).not.toContain(businessId);
    expect(after.text).toMatch(/^niche_http_request_duration_seconds_count\{method="GET",route="\/",status="200"\} \d+$/m);
    expect(after.families.get("niche_http_request_duration_seconds")?.type).toBe("HISTOGRAM");

    expect(moved("niche_anonymous_cache_hits_total")).toBeGreaterThanOrEqual(4);
    expect(moved("niche_anonymous_cache_misses_total")).toBeGreaterThanOrEqual(2);
    expect(moved("niche_db_query_duration_seconds")).toBeGreaterThan(0);
    expect(moved("niche_mail_sent_total")).toBe(1);
    expect(valueOf(after.families, "niche_mail_failed_total")).toBe(0);
    // The background jobs: each declared at 0 failures, how many wait, and the upload clean-up (due at a site's
    // first start) counted once it has run.
    expect(Number(after.families.get("niche_jobs_queued")?.metrics[0]?.value)).toBeGreaterThanOrEqual(0);
    for (const job of ["upload-cleanup", "request-digests", "approval-follow-ups"]) {
      expect(valueOf(after.families, "niche_jobs_failed_total", { job }), job).toBe(0);
    }
    await expect.poll(async () => valueOf((await scrape(server)).families, "niche_jobs_completed_total", { job: "upload-cleanup" }), { timeout: 15_000 }).toBe(1);
    // The search's index: none before the first search, which the database's own index answers while it is read and
    // built; then every search document of the demo site (its businesses, events, posts and pages among them).
    expect(valueOf(after.families, "niche_search_index_documents")).toBe(0);
    expect((await fetch(`${server.url}/api/v1/search?q=cafe`)).status).toBe(200);
    await expect.poll(async () => valueOf((await scrape(server)).families, "niche_search_index_documents"), { timeout: 15_000 }).toBeGreaterThan(10);
    // Node's own process figures.
    expect(valueOf(after.families, "process_cpu_seconds_total")).toBeGreaterThan(0);
    expect(valueOf(after.families, "process_resident_memory_bytes")).toBeGreaterThan(0);
    if (process.env.TEST_DB === "postgres") {
      expect(valueOf(after.families, "niche_db_pool_connections", { state: "total" })).toBeGreaterThan(0);
    } else {
      expect(after.families.get("niche_db_pool_connections")?.metrics ?? []).toEqual([]);
    }
  });
});
