// What an operator watches, in Prometheus's text format (`GET /metrics`, metrics.routes.ts). Made only when
// METRICS_TOKEN is set: without it nothing is counted, and no part of the server pays for it.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/** Seconds: from a kept page answered before the app (well under a millisecond) to a slow export. */
const REQUEST_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

/** The connections of the database's pool now (PostgreSQL); SQLite's one connection is not a pool. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * What the job mechanism reports: how many jobs wait to run (across instances) and how each run ended. Until
 * scheduled work runs through it, the depth is 0 and no job has failed.
 */
export interface JobMetrics {
  /** The names of the jobs there are, so that each is reported (at 0) before it first runs. */
  declare(jobs: readonly string[]): void;
  queued(count: number): void;
  completed(job: string, seconds: number): void;
  failed(job: string): void;
}

export interface MailMetrics {
  sent(): void;
  failed(): void;
}

export interface CacheMetrics {
  hit(): void;
  miss(): void;
}

export interface Metrics {
  registry: Registry;
  /** One request answered: `route` is its route's pattern (never the address asked), so the series stay few. */
  request(method: string, route: string, status: number, seconds: number): void;
  cache: CacheMetrics;
  query(seconds: number, failed: boolean): void;
  /** Where the pool's figures are read from at each scrape. */
  watchPool(stats: () => PoolStats | null): void;
  /** Where the number of documents in the search's index in the process is read from at each scrape. */
  watchSearchIndex(documents: () => number): void;
  jobs: JobMetrics;
  mail: MailMetrics;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: "niche_http_requests_total",
    help: "Requests answered, by method, route pattern and status.",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "niche_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer, by method, route pattern and status.",
    labelNames: ["method", "route", "status"] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  const cacheHits = new Counter({ name: "niche_anonymous_cache_hits_total", help: "Anonymous pages and reads answered from the anonymous cache.", registers: [registry] });
  const cacheMisses = new Counter({
    name: "niche_anonymous_cache_misses_total",
    help: "Anonymous pages and reads the anonymous cache could hold but did not (rendered anew).",
    registers: [registry],
  });
  const queries = new Histogram({
    name: "niche_db_query_duration_seconds",
    help: "Time each database query took.",
    buckets: QUERY_BUCKETS,
    registers: [registry],
  });
  const queryErrors = new Counter({ name: "niche_db_query_errors_total", help: "Database queries that failed.", registers: [registry] });
  let poolStats: () => PoolStats | null = () => null;
  new Gauge({
    name: "niche_db_pool_connections",
    help: "Connections of the PostgreSQL pool by state: total open, idle, and requests waiting for one (absent on SQLite).",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const stats = poolStats();
      if (!stats) return;
      this.set({ state: "total" }, stats.total);
      this.set({ state: "idle" }, stats.idle);
      this.set({ state: "waiting" }, stats.waiting);
    },
  });
  let searchDocuments: () => number = () => 0;
  new Gauge({
    name: "niche_search_index_documents",
    help: "Search documents in the index held in the process; 0 while it is first read and built (the database's own index answers searches meanwhile).",
    registers: [registry],
    collect() {
      this.set(searchDocuments());
    },
  });
  const jobsQueued = new Gauge({ name: "niche_jobs_queued", help: "Jobs waiting to run.", registers: [registry] });
  const jobsCompleted = new Counter({ name: "niche_jobs_completed_total", help: "Job runs that finished, by job.", labelNames: ["job"] as const, registers: [registry] });
  const jobsFailed = new Counter({ name: "niche_jobs_failed_total", help: "Job runs that failed, by job.", labelNames: ["job"] as const, registers: [registry] });
  const jobDuration = new Histogram({
    name: "niche_job_duration_seconds",
    help: "Time each job run took, by job.",
    labelNames: ["job"] as const,
    buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [registry],
  });
  const mailSent = new Counter({ name: "niche_mail_sent_total", help: "Messages handed to the mail server (or written to the outbox).", registers: [registry] });
  const mailFailed = new Counter({ name: "niche_mail_failed_total", help: "Messages that could not be sent.", registers: [registry] });

  return {
    registry,
    request(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
    cache: { hit: () => cacheHits.inc(), miss: () => cacheMisses.inc() },
    query(seconds, failed) {
      queries.observe(seconds);
      if (failed) queryErrors.inc();
    },
    watchPool(stats) {
      poolStats = stats;
    },
    watchSearchIndex(documents) {
      searchDocuments = documents;
    },
    jobs: {
      declare(jobs) {
        for (const job of jobs) {
          jobsCompleted.inc({ job }, 0);
          jobsFailed.inc({ job }, 0);
        }
      },
      queued: (count) => jobsQueued.set(count),
      completed(job, seconds) {
        jobsCompleted.inc({ job });
        jobDuration.observe({ job }, seconds);
      },
      failed: (job) => jobsFailed.inc({ job }),
    },
    mail: { sent: () => mailSent.inc(), failed: () => mailFailed.inc() },
  };
}
