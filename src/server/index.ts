// Starts the production server: `npm start` (after `npm run build`). Tracing, when asked for, starts first: its
// instrumentation must be in place before the modules it watches (node:http, pg) are loaded by the server (main.ts).
import dotenv from "dotenv";

dotenv.config({ quiet: true });

// Read before the configuration is parsed (main.ts checks it with the rest): parsing loads modules tracing must precede.
// eslint-disable-next-line no-restricted-properties
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) (await import("./telemetry/tracing.ts")).startTracing();
await import("./main.ts");
