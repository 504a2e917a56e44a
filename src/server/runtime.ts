// Opens everything the server needs from validated configuration: database, auth, storage, services.
import { fork } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createAuth } from "./auth/auth.ts";
import { signInProvidersFromEnv } from "./auth/providers.ts";
import { countedMailer, createMailer } from "./mail/mailer.ts";
import type { Metrics } from "./metrics/metrics.ts";
import { backupTimer } from "./backup/schedule.ts";
import { openDatabase, type Database } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import type { SeedCounts } from "./demo/seed.ts";
import { publicUrl, type Env } from "./env.ts";
import { createOriginPolicy, originSettingsFromEnv } from "./http/origins.ts";
import { createLogger, type Logger } from "./logger.ts";
import { createServices } from "./services.ts";
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

export interface Runtime {
  env: Env;
  logger: Logger;
  database: Database;
  auth: ReturnType<typeof createAuth>;
  services: ReturnType<typeof createServices>;
  storage: StorageSetup;
  maintenance: { start(): void; stop(): Promise<void> };
  /** Scheduled backups (backup/schedule.ts), when BACKUP_AT is set. */
  backups: { start(): void; stop(): Promise<void> };
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
  const services = createServices({
    mailer,
    onMailError: (err) => logger.warn({ err }, "request mail could not be sent"),
    database,
    origins,
    store: storage.store,
    env,
    uploads: { quotaBytes: storage.quotaBytes, datastore: storage.datastore, logger },
  });
  const baseURL = publicUrl(env);
  const auth = createAuth({
    database,
    secret: authSecret(env, dataDir),
    baseURL,
    trustedOrigins: (origin) => origins.isTrusted(origin),
    trustProxy: env.TRUST_PROXY,
    signInLimitPerIp: env.SIGN_IN_LIMIT_PER_IP,
    signUpLimitPerIp: env.SIGN_UP_LIMIT_PER_IP,
    mailer,
    logger,
    providers: signInProvidersFromEnv(env),
  });
  const maintenance = new StorageMaintenance(services, logger);
  const site = { dataDir, databaseUrl: env.DATABASE_URL, s3: s3OptionsFromEnv(env) !== null };
  const schedule = env.BACKUP_DIR && env.BACKUP_AT ? { dir: path.resolve(env.BACKUP_DIR), at: env.BACKUP_AT, keep: env.BACKUP_KEEP } : undefined;
  const backups = backupTimer(site, schedule, async () => (await services.siteSettings.get()).timeZone, logger);
  return {
    env,
    logger,
    database,
    auth,
    services,
    storage,
    maintenance,
    backups,
    metrics,
    close: async () => {
      await maintenance.stop();
      await backups.stop();
      await services.importGeocoder.stop();
      storage.close();
      await database.close();
    },
  };
}

const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
/** How often digests of new requests held back by their 15-minute limit are checked. */
const DIGEST_CHECK_MS = 60 * 1000;

/** Removes abandoned uploads on start and every hour (they are kept for a day, so any instance may do it). */
class StorageMaintenance {
  private readonly services: Runtime["services"];
  private readonly logger: Logger;
  private timer: NodeJS.Timeout | undefined;
  private digestTimer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(services: Runtime["services"], logger: Logger) {
    this.services = services;
    this.logger = logger;
  }

  start(): void {
    if (this.timer) return;
    this.run();
    // Nothing of this process is finishing yet: every approval left unfinished is.
    this.finishApprovals(new Date(Date.now() + 1000));
    this.timer = setInterval(() => this.run(), CLEANUP_INTERVAL_MS);
    this.timer.unref();
    this.digestTimer = setInterval(() => {
      this.services.ownerNotifications.sendDigests().catch((err: unknown) => this.logger.warn({ err }, "request digest failed"));
      this.finishApprovals();
    }, DIGEST_CHECK_MS);
    this.digestTimer.unref();
  }

  /** Approvals a stopped process committed but did not finish (their mail, their uploads) are finished. */
  private finishApprovals(decidedBefore?: Date): void {
    this.services.requestDecisions.finishLeftOver(decidedBefore).catch((err: unknown) => this.logger.warn({ err }, "finishing approvals failed"));
  }

  private run(): void {
    if (this.running) return;
    this.running = this.services.uploads
      .cleanup()
      .then((removed) => {
        if (removed.unfinished + removed.orphans > 0) this.logger.info(removed, "abandoned uploads removed");
      })
      .catch((err: unknown) => this.logger.warn({ err }, "upload cleanup failed"))
      .finally(() => {
        this.running = undefined;
      });
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    clearInterval(this.digestTimer);
    await this.running;
  }
}

/** Migrates, and on a first start fills the site with demo content (or plain defaults). */
export async function prepareDatabase(runtime: Runtime): Promise<void> {
  const { database, logger, env, services } = runtime;
  const applied = await migrateToLatest(database);
  if (applied.length > 0) logger.info({ migrations: applied }, "database migrated");
  await runtime.storage.prepare();
  runtime.maintenance.start();
  runtime.backups.start();
  // Rows of imports left waiting for coordinates when the server stopped are looked up again.
  services.importGeocoder.start();

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
