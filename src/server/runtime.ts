// Opens everything the server needs from validated configuration: database, auth, storage, services.
import { fork } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createAuth } from "./auth/auth.ts";
import { signInProvidersFromEnv } from "./auth/providers.ts";
import { countedMailer, createMailer } from "./mail/mailer.ts";
import type { Metrics } from "./metrics/metrics.ts";
import { openDatabase, type Database } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import type { SeedCounts } from "./demo/seed.ts";
import { publicUrl, type Env } from "./env.ts";
import { createOriginPolicy, originSettingsFromEnv } from "./http/origins.ts";
import { createLogger, type Logger } from "./logger.ts";
import { createServices } from "./services.ts";
import { APPROVAL_FOLLOW_UPS_JOB, scheduleBackups } from "./background-jobs.ts";
import { s3OptionsFromEnv, storageFromEnv, type StorageSetup } from "./storage/storage-config.ts";
import { DEFAULT_SITE_SETTINGS, SiteSettingsRepository } from "#server/features/site-settings/index.ts";

/** AUTH_SECRET, or one generated on first start and kept under DATA_DIR (one instance only). */
function authSecret(env: Env, dataDir: string): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = path.join(dataDir, "auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    const secret = crypto.randomBytes(32).toString("base64url");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/** How long a stopping instance waits for its running jobs before giving them back. */
const JOB_STOP_GRACE_MS = 10_000;

export interface Runtime {
  env: Env;
  logger: Logger;
  database: Database;
  auth: ReturnType<typeof createAuth>;
  services: ReturnType<typeof createServices>;
  storage: StorageSetup;
  /** Made only when METRICS_TOKEN is set (metrics/metrics.ts). */
  metrics: Metrics | undefined;
  close(): Promise<void>;
}

export async function openRuntime(env: Env, logger: Logger = createLogger(env.LOG_LEVEL)): Promise<Runtime> {
  const dataDir = path.resolve(env.DATA_DIR);
  fs.mkdirSync(dataDir, { recursive: true });
  // prom-client is loaded only for a site that serves its metrics.
  const metrics = env.METRICS_TOKEN ? (await import("./metrics/metrics.ts")).createMetrics() : undefined;
  const database = openDatabase({ url: env.DATABASE_URL, sqlitePath: path.join(dataDir, "niche.sqlite"), onQuery: metrics?.query });
  metrics?.watchPool(() => database.pool());
  const storage = await storageFromEnv(env, dataDir);
  const origins = createOriginPolicy(originSettingsFromEnv(env), logger);
  const sending = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: path.join(dataDir, "outbox"), logger });
  const mailer = metrics ? countedMailer(sending, metrics.mail) : sending;
  const secret = authSecret(env, dataDir);
  const services = createServices({
    secret,
    mailer,
    jobMetrics: metrics?.jobs,
    onMailError: (err) => logger.warn({ err }, "request mail could not be sent"),
    logger,
    database,
    origins,
    store: storage.store,
    env,
    uploads: { quotaBytes: storage.quotaBytes, datastore: storage.datastore, logger },
  });
  metrics?.watchSearchIndex(() => services.search.indexedDocuments());
  const baseURL = publicUrl(env);
  const auth = createAuth({
    database,
    secret,
    baseURL,
    trustedOrigins: (origin) => origins.isTrusted(origin),
    trustProxy: env.TRUST_PROXY,
    signInLimitPerIp: env.SIGN_IN_LIMIT_PER_IP,
    signUpLimitPerIp: env.SIGN_UP_LIMIT_PER_IP,
    mailer,
    logger,
    providers: signInProvidersFromEnv(env),
  });
  return {
    env,
    logger,
    database,
    auth,
    services,
    storage,
    metrics,
    close: async () => {
      // Running jobs stop at a safe point or finish (given back to another instance if they take too long).
      const stopping = services.jobs.stop(JOB_STOP_GRACE_MS);
      await services.importGeocoder.stop();
      // Hits counted in memory are written before the database closes.
      await services.insightCounter.stop().catch((err: unknown) => logger.warn({ err }, "insight counts lost at stop"));
      await stopping;
      mailer.close?.();
      storage.close();
      await database.close();
    },
  };
}

/** Starts the background jobs (src/server/background-jobs.ts) of a server; a command-line tool runs none. */
export function startJobs(runtime: Runtime): void {
  const { services, logger, env } = runtime;
  const timeZone = siteTimeZone(runtime);
  if (env.BACKUP_DIR && env.BACKUP_AT) {
    const site = { dataDir: path.resolve(env.DATA_DIR), databaseUrl: env.DATABASE_URL, s3: s3OptionsFromEnv(env) !== null };
    scheduleBackups(services.jobs, { site, schedule: { dir: path.resolve(env.BACKUP_DIR), at: env.BACKUP_AT, keep: env.BACKUP_KEEP }, timeZone: timeZone.now, logger });
  }
  services.importGeocoder.start();
  services.insightCounter.start();
  // Approvals a stopped process committed but did not finish are finished first (unless another instance is at
  // it); then the jobs run as scheduled.
  void timeZone
    .refresh()
    .then(() => services.jobs.runNow(APPROVAL_FOLLOW_UPS_JOB, new Date(Date.now() + 1000)))
    .catch((err: unknown) => logger.warn({ err }, "finishing approvals failed"))
    .finally(() => services.jobs.start());
}

/** The site's time zone for daily jobs: read at start and again each minute, so a change in Site settings applies. */
function siteTimeZone({ services, logger }: Runtime) {
  let zone = DEFAULT_SITE_SETTINGS.timeZone;
  const refresh = () =>
    services.siteSettings.get().then(
      (settings) => void (zone = settings.timeZone),
      (err: unknown) => logger.warn({ err }, "the site's time zone could not be read"),
    );
  setInterval(() => void refresh(), 60_000).unref();
  return { now: () => zone, refresh };
}

/** Migrates, and on a first start fills the site with demo content (or plain defaults). */
export async function prepareDatabase(runtime: Runtime): Promise<void> {
  const { database, logger, env } = runtime;
  const applied = await migrateToLatest(database);
  if (applied.length > 0) logger.info({ migrations: applied }, "database migrated");
  await runtime.storage.prepare();

  const settings = new SiteSettingsRepository(database.db);
  if (await settings.get()) return;
  if (env.DEMO_CONTENT) {
    const started = performance.now();
    const counts = await seedInOwnProcess();
    logger.info({ ...counts, ms: Math.round(performance.now() - started) }, "demo content loaded");
  } else {
    await settings.save(DEFAULT_SITE_SETTINGS);
    logger.info("started with an empty site");
  }
}

/** Runs demo/seed-demo (`.ts` from the sources, `.js` once built) with the same configuration. */
function seedInOwnProcess(): Promise<SeedCounts> {
  const script = new URL(`./demo/seed-demo${path.extname(new URL(import.meta.url).pathname)}`, import.meta.url);
  return new Promise((resolve, reject) => {
    let counts: SeedCounts | undefined;
    const child = fork(script, { execArgv: [], stdio: "inherit" });
    child.on("message", (message) => (counts = message as SeedCounts));
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (counts && code === 0) resolve(counts);
      else reject(new Error(`The demo content could not be loaded (${signal ?? `exit code ${code}`})`));
    });
  });
}
