// Configuration read from the environment (and `.env`), validated once at start.
import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "expected true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce
    .number({ error: "expected a port number" })
    .int({ error: "expected a whole port number" })
    .min(1, { error: "expected a port number from 1 to 65535" })
    .max(65535, { error: "expected a port number from 1 to 65535" })
    .default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1, { error: "expected a directory path" }).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: "expected a postgres:// URL (leave unset for the embedded SQLite database)" })
    .optional(),
  DEMO_CONTENT: bool.default(true),
  PUBLIC_URL: z.url({ error: "expected the site's public URL, such as https://niche.example.org" }).optional(),
  TRUSTED_ORIGINS: z.string().default(""),
  AUTH_SECRET: z.string().min(32, { error: "expected at least 32 characters" }).optional(),
  TRUST_PROXY: bool.default(false),
  SIGN_IN_LIMIT_PER_IP: z.coerce
    .number({ error: "expected a number of attempts" })
    .int({ error: "expected a whole number of attempts" })
    .min(1, { error: "expected at least 1 attempt" })
    .default(30),
  SIGN_UP_LIMIT_PER_IP: z.coerce
    .number({ error: "expected a number of sign-ups" })
    .int({ error: "expected a whole number of sign-ups" })
    .min(1, { error: "expected at least 1 sign-up" })
    .default(10),
  /** How long an instance's claim on a background job holds unrenewed: another takes the job up that long after it died. */
  JOBS_LEASE_SECONDS: z.coerce.number({ error: "expected a number of seconds" }).int({ error: "expected a whole number of seconds" }).min(3, { error: "expected at least 3 seconds" }).default(60),
  /** How often each instance looks for background jobs that are due. */
  JOBS_POLL_SECONDS: z.coerce.number({ error: "expected a number of seconds" }).positive({ error: "expected a positive number of seconds" }).default(5),
  /** Newsletter messages sent a minute at most, so the SMTP provider does not block the site. */
  NEWSLETTER_RATE_PER_MINUTE: z.coerce.number({ error: "expected a number of messages" }).int({ error: "expected a whole number of messages" }).min(1, { error: "expected at least 1 message" }).default(120),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: "expected an S3 bucket name (3-63 lowercase letters, digits, dots, hyphens)" }).optional(),
  S3_ENDPOINT: z.url({ error: "expected the URL of an S3-compatible service, such as https://s3.example.org" }).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  STORAGE_QUOTA_MB: z.coerce.number({ error: "expected a number of megabytes" }).int({ error: "expected a whole number of megabytes" }).positive({ error: "expected a positive number of megabytes" }).default(1024),
  SMTP_URL: z.string().regex(/^smtps?:\/\/.+/, { error: "expected an smtp:// or smtps:// URL, such as smtps://user:pass@mail.example.org:465" }).optional(),
  MAIL_FROM: z.string().min(3).default("Niche <no-reply@localhost>"),
  SECURITY_CONTACT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+|[^\s@:]+@[^\s@]+)$/, { error: "expected an email address, a mailto: URI or an https:// URL" })
    .optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_ISSUER: z.url({ error: "expected the issuer URL of an OpenID Connect provider" }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().min(1).default("Single Sign-On"),
  MAP_STYLE_URL: z
    .string()
    .regex(/^(offline|https?:\/\/.+|pmtiles:\/\/https?:\/\/.+)$/, {
      error: "expected offline, a MapLibre style URL (https://...) or a PMTiles archive (pmtiles://https://...)",
    })
    .optional(),
  // Hosts a style reaches that reading it cannot reveal (added to the CSP's connect-src and img-src).
  MAP_EXTRA_ORIGINS: z
    .string()
    .transform((v) => v.split(",").map((o) => o.trim().replace(/\/$/, "").toLowerCase()).filter(Boolean))
    .pipe(
      z.array(
        z.string().regex(/^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/, {
          error: "expected comma-separated origins, such as https://tiles.example.org,https://fonts.example.org",
        }),
      ),
    )
    .default([]),
  GEOCODER_URL: z.url({ error: "expected the URL of a Nominatim-compatible geocoder" }).default("https://nominatim.openstreetmap.org"),
  ROUTER_URL: z
    .union([z.literal("off"), z.url()], { error: "expected the URL of an OSRM-compatible router, or off" })
    .default("https://router.project-osrm.org"),
  GOOGLE_MAPS_API_KEY: z.string().min(1).optional(),
  /** Turns on `GET /metrics` (Prometheus), answered only to requests with `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z
    .string()
    .min(16, { error: "expected at least 16 characters (a long random token, such as `openssl rand -hex 32` makes)" })
    .regex(/^\S+$/, { error: "expected a token without spaces" })
    .optional(),
  /** Turns on OpenTelemetry traces (telemetry/tracing.ts), sent as OTLP/HTTP to `<endpoint>/v1/traces`. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ error: "expected the URL of an OpenTelemetry collector's OTLP/HTTP receiver, such as http://localhost:4318" }).optional(),
  /** Scheduled backups (backup/): where they go, when each day in the site's time zone, and how many are kept. */
  BACKUP_DIR: z.string().min(1, { error: "expected a directory path" }).optional(),
  BACKUP_AT: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: "expected a time of day as HH:MM, such as 03:30" })
    .optional(),
  BACKUP_KEEP: z.coerce
    .number({ error: "expected a number of backups" })
    .int({ error: "expected a whole number of backups" })
    .min(1, { error: "expected at least 1 backup" })
    .default(7),
  /** Where `npm run build` put the pages (react-router.config.ts); lets several checkouts build side by side. */
  BUILD_DIR: z.string().min(1).default("build"),
});

const CheckedEnvSchema = EnvSchema.check((ctx) => {
  if (ctx.value.BACKUP_AT && !ctx.value.BACKUP_DIR) {
    ctx.issues.push({ code: "custom", path: ["BACKUP_AT"], message: "scheduled backups need BACKUP_DIR, the directory they are written to", input: ctx.value.BACKUP_AT });
  }
});

export type Env = z.infer<typeof EnvSchema>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Treats empty strings as unset, so `PORT=` in a `.env` file means "use the default". */
function withoutEmpty(source: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = CheckedEnvSchema.safeParse(withoutEmpty(source));
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

/** `npm run dev`: the same configuration, in development mode unless NODE_ENV says otherwise. */
export function parseDevelopmentEnv(): Env {
  return parseEnv({ NODE_ENV: "development", ...process.env });
}

export function publicUrl(env: Env): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
}
