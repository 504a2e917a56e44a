// Starts the production server: `npm start` (after `npm run build`). Tracing, when asked for, starts first: its
// instrumentation must be in place before the modules it watches (node:http, pg) are loaded by the server (main.ts).
import dotenv from "dotenv";

dotenv.config({ quiet: true });

// Read as it is, before anything else loads: main.ts checks the value with the rest of the configuration.
// eslint-disable-next-line no-restricted-properties
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) (await import("./telemetry/tracing.ts")).startTracing();
await import("./main.ts");
