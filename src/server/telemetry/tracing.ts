// OpenTelemetry traces, on only when OTEL_EXPORTER_OTLP_ENDPOINT is set (index.ts loads this module then, and only
// then, before the server's modules): a span per request named by its route pattern, and a span per PostgreSQL
// query with its statement but never its parameter values. Spans go to the collector as OTLP/HTTP (JSON).
import { createRequire } from "node:module";
import type { IncomingMessage } from "node:http";
import { context } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { registerInstrumentations } from "@opentelemetry/instrumentation";
import { HttpInstrumentation } from "@opentelemetry/instrumentation-http";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import { ATTR_HTTP_ROUTE, ATTR_SERVICE_NAME } from "@opentelemetry/semantic-conventions";

/** The route pattern each request was answered under, told by the app once it has routed it. */
const routes = new WeakMap<object, string>();
let provider: TracerProvider | undefined;

export function startTracing(): void {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  provider = new TracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: "niche" }),
    // The exporter reads OTEL_EXPORTER_OTLP_ENDPOINT (and OTEL_EXPORTER_OTLP_HEADERS) and sends to <endpoint>/v1/traces.
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter(), scheduledDelayMillis: 1000 })],
  });
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        // The span's name is the method and route pattern (`GET /business/:slug`), never the address asked, which
        // would carry ids and search words; a request no route answered keeps the method alone.
        applyCustomAttributesOnSpan(span, request) {
          const route = routes.get(request);
          if (!route) return;
          span.setAttribute(ATTR_HTTP_ROUTE, route);
          span.updateName(`${request.method ?? "GET"} ${route}`);
        },
      }),
      // Statements only: parameter values (names, addresses, search words) stay out of the spans.
      new PgInstrumentation({ enhancedDatabaseReporting: false, requireParentSpan: true }),
    ],
  });
  // The server imports node:http as an ES module, which the instrumentation's require hook does not see; requiring it
  // once here patches the module object both kinds of import share. pg is required (db/database.ts) and is seen.
  createRequire(import.meta.url)("node:http");
}

/** The route pattern `request` was answered under, for its span's name. */
export function traceRoute(request: IncomingMessage, route: string): void {
  routes.set(request, route);
}

/** Sends the spans not sent yet; called on the way out. */
export async function stopTracing(): Promise<void> {
  await provider?.shutdown();
}
