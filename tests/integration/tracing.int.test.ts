// OpenTelemetry traces from the real server: with OTEL_EXPORTER_OTLP_ENDPOINT set it sends its spans as OTLP/HTTP
// JSON to a receiver on loopback (this file's), each request's span named by its route pattern, never its address.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertBuilt, freshServerEnv, startServer, stopServer, type ServerProcess } from "../setup/server-process.ts";

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
}
interface OtlpSpan {
  name: string;
  kind: number;
  attributes: Array<{ key: string; value: OtlpValue }>;
  status?: { code?: number };
}
interface OtlpExport {
  resourceSpans: Array<{
    resource: { attributes: Array<{ key: string; value: OtlpValue }> };
    scopeSpans: Array<{ spans: OtlpSpan[] }>;
  }>;
}

/** An OTLP/HTTP receiver: keeps every span it is sent, with its resource's service name. */
function otlpReceiver() {
  const spans: Array<OtlpSpan & { service: string | undefined }> = [];
  const paths: string[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      paths.push(`${request.method} ${request.url} ${request.headers["content-type"]}`);
      const sent = JSON.parse(body) as OtlpExport;
      for (const { resource, scopeSpans } of sent.resourceSpans) {
        const service = resource.attributes.find((a) => a.key === "service.name")?.value.stringValue;
        for (const scope of scopeSpans) for (const span of scope.spans) spans.push({ ...span, service });
      }
      response.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  return { server, spans, paths };
}

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

describe(`OpenTelemetry traces on ${process.env.TEST_DB}`, () => {
  const receiver = otlpReceiver();
  let server: ServerProcess;

  beforeAll(async () => {
    assertBuilt();
    await new Promise<void>((resolve) => receiver.server.listen(0, "127.0.0.1", resolve));
    const { port } = receiver.server.address() as AddressInfo;
    server = await startServer({ ...(await freshServerEnv()), OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}` });
  }, 60_000);

  afterAll(async () => {
    await stopServer(server);
    await new Promise((resolve) => receiver.server.close(resolve));
  });

  it("sends a span per request named by its route pattern, with its status, and database spans without values", async () => {
    const businesses = (await (await fetch(`${server.url}/api/v1/businesses`)).json()) as Array<{ id: string }>;
    const businessId = businesses[0]!.id;
    // The second is answered from the anonymous cache, before the app: its span has the route all the same.
    for (let i = 0; i < 2; i++) expect((await fetch(`${server.url}/business/${businessId}`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/v1/businesses/no-such-business-4711`)).status).toBe(404);

    await expect.poll(() => receiver.spans.filter((s) => s.name === "GET /api/v1/businesses/:id").length, { timeout: 15_000 }).toBe(1);
    await expect.poll(() => receiver.spans.filter((s) => s.name === "GET /business/:businessId?").length, { timeout: 15_000 }).toBe(2);
    expect(receiver.paths[0]).toMatch(/^POST \/v1\/traces application\/json/);

    const missing = receiver.spans.find((s) => s.name === "GET /api/v1/businesses/:id")!;
    expect(missing.service).toBe("niche");
    expect(missing.kind).toBe(2); // SPAN_KIND_SERVER
    expect(attribute(missing, "http.route")).toBe("/api/v1/businesses/:id");
    expect(attribute(missing, "http.response.status_code")).toBe(404);
    const page = receiver.spans.find((s) => s.name === "GET /business/:businessId?")!;
    expect(attribute(page, "http.response.status_code")).toBe(200);

    // No span names an address: neither the business's id nor what was asked for.
    const everything = JSON.stringify(receiver.spans.map((s) => s.name));
    expect(everything).not.toContain(businessId);
    expect(everything).not.toContain("4711");

    if (process.env.TEST_DB === "postgres") {
      const queries = receiver.spans.filter((s) => attribute(s, "db.system.name") === "postgresql" || attribute(s, "db.system") === "postgresql");
      expect(queries.length).toBeGreaterThan(0);
      const statements = queries.map((s) => String(attribute(s, "db.query.text") ?? attribute(s, "db.statement") ?? ""));
      expect(statements.some((text) => /\$1/.test(text))).toBe(true);
      // Parameter values stay out: the id asked for appears in no query span.
      expect(JSON.stringify(queries)).not.toContain("no-such-business-4711");
    }
  });
});
