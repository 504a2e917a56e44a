import { describe, expect, it } from "vitest";
import { setUpTestApp } from "#tests/setup/app.ts";

const t = setUpTestApp();

describe("HTTP server", () => {
  it("reports health after checking the database", async () => {
    const response = await t.request("/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("sends security headers: a CSP without inline script, nosniff, referrer policy, no framing", async () => {
    const response = await t.request("/healthz");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=_-]+'/);
    expect(csp.split(";").find((d) => d.trim().startsWith("script-src"))).not.toContain("unsafe-inline");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("gives the API's JSON the strictest policy: nothing loads, nothing frames it", async () => {
    for (const path of ["/api/v1/site-settings", "/api/v1/no-such-thing"]) {
      const response = await t.request(path);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("cross-origin-resource-policy")).toBe("same-origin");
      // Headers only documents heed are left out.
      expect(response.headers.get("x-xss-protection")).toBeNull();
      expect(response.headers.get("origin-agent-cluster")).toBeNull();
    }
    // The API's reference is a page, with the pages' policy.
    const docs = await t.request("/api/v1/docs");
    expect(docs.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);
  });

  it("publishes an OpenAPI document and a docs page", async () => {
    const doc = await (await t.request("/api/v1/openapi.json")).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/site-settings", "/me"]));

    const page = await t.request("/api/v1/docs");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('src="/api/v1/docs/swagger-ui-bundle.js"');
    expect(html).not.toMatch(/<script>[^<]/);
    const bundle = await t.request("/api/v1/docs/swagger-ui-bundle.js");
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("content-type")).toContain("javascript");
  });

  it("answers unknown API paths and missing files with a JSON 404", async () => {
    const api = await t.request("/api/v1/nothing-here");
    expect(api.status).toBe(404);
    expect((await api.json()).error.code).toBe("not_found");

    const file = await t.request("/files/markers_logos/missing.webp");
    expect(file.status).toBe(404);
    expect((await file.json()).error.message).toBe("Object 'markers_logos/missing.webp' does not exist.");
  });

  it("compresses text responses for clients that accept it", async () => {
    const response = await t.request("/api/v1/docs/swagger-ui-bundle.js", { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
  });
});
