// Background jobs that run once across instances: each job is a row of the job table that an instance claims with a
// lease before running it (docs/decisions/0018-jobs-with-a-lease.md). The same code runs on SQLite (one instance)
// and PostgreSQL (any number).
import crypto from "node:crypto";
import os from "node:os";
import type { Logger } from "#server/logger.ts";
import { nextDailyAt, serverTimeZone } from "#server/lib/daily-at.ts";
import type { JobMetrics } from "#server/metrics/metrics.ts";
import type { JobRepository, StoredJob } from "./job.repository.ts";

/**
 * Every `every` ms, daily at `at` ("HH:MM" on the clock of `timeZone()`, else the server's), or only when asked
 * (`runNow`, `request`).
 */
export type JobSchedule = { every: number } | { at: string; timeZone?: () => string } | "on-request";

export interface JobContext {
  /** Aborted when the instance stops: a long job stops at a safe point and answers "unfinished". */
  signal: AbortSignal;
}

/** "unfinished": stopped before its work was done, so it is due again at once (on any instance). */
export type JobOutcome = void | "unfinished";

export interface JobOptions {
  /** Tries before a failing run gives up until its next time; each retry waits twice as long as the one before. */
  maxAttempts?: number;
}

export interface JobStats {
  name: string;
  /** "due": waiting for an instance to take it; "running": claimed by `lockedBy`. */
  state: "scheduled" | "due" | "running";
  runAt: number | null;
  lockedBy: string | null;
  attempts: number;
  runs: number;
  failures: number;
  lastError: string | null;
  lastFinishedAt: number | null;
  lastFailedAt: number | null;
}

interface Definition {
  schedule: JobSchedule;
  maxAttempts: number;
  run(context: JobContext, argument?: unknown): Promise<JobOutcome>;
}

interface Running {
  done: Promise<void>;
  controller: AbortController;
  token: string;
}

/** Far enough that a job due only when asked never comes due by itself. */
const NEVER = 8_640_000_000_000_000;
const RETRY_BASE_MS = 5_000;
const RETRY_MAX_MS = 15 * 60_000;

/** The next time a schedule is due after `now`. */
export function nextRun(schedule: JobSchedule, now: number): number {
  if (schedule === "on-request") return NEVER;
  if ("every" in schedule) return now + schedule.every;
  return nextDailyAt(new Date(now), schedule.at, schedule.timeZone?.() ?? serverTimeZone()).getTime();
}

/** Whether a process of this host still runs. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The wait before the retry that follows `attempts` failed tries. */
export function retryDelay(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

export interface JobsOptions {
  /** How long a claim holds without being renewed: an instance that died leaves its job for this long. */
  leaseMs?: number;
  /** How often this instance looks for jobs that are due. */
  pollMs?: number;
  logger?: Logger | undefined;
  /** Who holds a claim, as the job table shows it. */
  instance?: string;
  /** Counts for /metrics: runs, failures and how many jobs wait. */
  metrics?: JobMetrics | undefined;
}

export class Jobs {
  private readonly repository: JobRepository;
  private readonly definitions = new Map<string, Definition>();
  private readonly running = new Map<string, Running>();
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly logger: Logger | undefined;
  private readonly metrics: JobMetrics | undefined;
  readonly instance: string;
  private ensured: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  private stopped = false;
  private polling: Promise<void> | undefined;

  constructor(repository: JobRepository, options: JobsOptions = {}) {
    this.repository = repository;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.pollMs = options.pollMs ?? 5_000;
    this.logger = options.logger;
    this.metrics = options.metrics;
    this.instance = options.instance ?? `${os.hostname()}:${process.pid}`;
  }

  /** Adds a job; its row is created (first due at once) the first time an instance looks. */
  schedule<A = undefined>(name: string, schedule: JobSchedule, run: (context: JobContext, argument?: A) => Promise<JobOutcome>, options: JobOptions = {}): void {
    if (this.definitions.has(name)) throw new Error(`The job ${name} is already scheduled`);
    this.definitions.set(name, { schedule, maxAttempts: options.maxAttempts ?? 5, run: run as Definition["run"] });
    this.ensured = undefined;
  }

  /** Starts looking for due jobs every `pollMs` (not again once stopped). */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.metrics?.declare([...this.definitions.keys()]);
    this.poll();
  }

  /**
   * Runs the job here and now if no instance holds it (waiting for it to finish), else makes it due so that the
   * instance holding it runs it again once done. `argument` goes to this run only.
   */
  async runNow(name: string, argument?: unknown): Promise<"ran" | "requested"> {
    const definition = this.definition(name);
    await this.ensure();
    const now = Date.now();
    if (!this.running.has(name) && !this.stopped) {
      const claimed = await this.claim(name, definition, now, true);
      if (claimed) {
        await this.execute(name, definition, claimed, argument);
        return "ran";
      }
    }
    await this.repository.request(name, now);
    return "requested";
  }

  /** Makes the job due: the next instance that looks runs it. */
  async request(name: string): Promise<void> {
    this.definition(name);
    await this.ensure();
    await this.repository.request(name, Date.now());
    if (this.started) this.poll();
  }

  /** What every job is doing, across instances (for /metrics and operators). */
  async stats(): Promise<JobStats[]> {
    await this.ensure();
    const now = Date.now();
    return (await this.repository.list()).map((job) => ({
      name: job.name,
      state: job.leaseUntil !== null && job.leaseUntil >= now ? "running" : job.runAt <= now || job.leaseUntil !== null ? "due" : "scheduled",
      runAt: job.runAt >= NEVER ? null : job.runAt,
      lockedBy: job.leaseUntil !== null && job.leaseUntil >= now ? job.lockedBy : null,
      attempts: job.attempts,
      runs: job.runs,
      failures: job.failures,
      lastError: job.lastError,
      lastFinishedAt: job.lastFinishedAt,
      lastFailedAt: job.lastFailedAt,
    }));
  }

  /**
   * Stops looking for jobs, asks the running ones to stop at a safe point, and waits for them up to `graceMs`; a job
   * still running then is given back, for another instance to take up at once.
   */
  async stop(graceMs = 10_000): Promise<void> {
    this.started = false;
    this.stopped = true;
    clearTimeout(this.timer);
    await this.polling;
    const running = [...this.running.entries()];
    for (const [, job] of running) job.controller.abort();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
    await Promise.race([Promise.all(running.map(([, job]) => job.done)), timeout]);
    clearTimeout(timer);
    await Promise.all(
      [...this.running.entries()].map(([name, job]) =>
        this.repository.release(name, job.token, Date.now()).catch((err: unknown) => this.logger?.warn({ err, job: name }, "job could not be given back")),
      ),
    );
  }

  private definition(name: string): Definition {
    const definition = this.definitions.get(name);
    if (!definition) throw new Error(`No job is named ${name}`);
    return definition;
  }

  private ensure(): Promise<void> {
    this.ensured ??= (async () => {
      await this.repository.ensure([...this.definitions.keys()], Date.now());
      await this.recoverFromThisHost();
    })().catch((error: unknown) => {
      this.ensured = undefined;
      throw error;
    });
    return this.ensured;
  }

  /**
   * Claims held by a process of this host that is gone (killed, crashed: a restart on the same machine) are given
   * back at once instead of after their lease, so a restarted instance finishes what its predecessor left.
   */
  private async recoverFromThisHost(): Promise<void> {
    const host = `${os.hostname()}:`;
    const ours = new Set([...this.running.values()].map((r) => r.token));
    for (const job of await this.repository.list()) {
      if (!job.leaseToken || !job.lockedBy?.startsWith(host) || ours.has(job.leaseToken)) continue;
      const pid = Number(job.lockedBy.slice(host.length));
      if (!Number.isInteger(pid) || (pid !== process.pid && processAlive(pid))) continue;
      this.logger?.info({ job: job.name, lockedBy: job.lockedBy }, "job of a stopped process taken back");
      await this.repository.release(job.name, job.leaseToken, Date.now());
    }
  }

  private poll(): void {
    clearTimeout(this.timer);
    if (!this.started) return;
    if (this.polling) {
      // Looked at again right after the look under way.
      void this.polling.then(() => this.poll());
      return;
    }
    this.polling = this.runDue()
      .catch((err: unknown) => this.logger?.warn({ err }, "looking for due jobs failed"))
      .finally(() => {
        this.polling = undefined;
        if (!this.started) return;
        this.timer = setTimeout(() => this.poll(), this.pollMs);
        this.timer.unref();
      });
  }

  private async runDue(): Promise<void> {
    await this.ensure();
    const idle = [...this.definitions.keys()].filter((name) => !this.running.has(name));
    const due = await this.repository.due(idle, Date.now());
    this.metrics?.queued(due.length + this.running.size);
    for (const name of due) {
      if (!this.started || this.running.has(name)) continue;
      const definition = this.definition(name);
      const claimed = await this.claim(name, definition, Date.now(), false);
      if (claimed) void this.execute(name, definition, claimed);
    }
  }

  private claim(name: string, definition: Definition, now: number, force: boolean) {
    return this.repository.claim({
      name,
      token: crypto.randomUUID(),
      lockedBy: this.instance,
      now,
      leaseUntil: now + this.leaseMs,
      nextRunAt: nextRun(definition.schedule, now),
      force,
    });
  }

  private execute(name: string, definition: Definition, job: StoredJob, argument?: unknown): Promise<void> {
    const token = job.leaseToken!;
    const controller = new AbortController();
    // Renewed well before it runs out; a renewal that finds the claim gone (taken over) stops the run.
    const heartbeat = setInterval(() => {
      this.repository
        .extend(name, token, Date.now() + this.leaseMs)
        .then((held) => {
          if (!held) controller.abort();
        })
        .catch((err: unknown) => this.logger?.warn({ err, job: name }, "job lease could not be renewed"));
    }, this.leaseMs / 3);
    heartbeat.unref();
    const done = (async () => {
      const started = performance.now();
      try {
        const outcome = await definition.run({ signal: controller.signal }, argument);
        if (outcome === "unfinished") await this.repository.release(name, token, Date.now());
        else await this.repository.succeeded(name, token, Date.now());
        this.metrics?.completed(name, (performance.now() - started) / 1000);
      } catch (error) {
        this.metrics?.failed(name);
        const now = Date.now();
        const retryAt = job.attempts < definition.maxAttempts ? now + retryDelay(job.attempts) : null;
        this.logger?.warn({ err: error, job: name, attempt: job.attempts, retryAt: retryAt && new Date(retryAt).toISOString() }, retryAt ? "job failed, retrying later" : "job failed, giving up until its next time");
        await this.repository.failed(name, token, { now, error: error instanceof Error ? error.message : String(error), retryAt }).catch((err: unknown) => this.logger?.warn({ err, job: name }, "job failure could not be recorded"));
      } finally {
        clearInterval(heartbeat);
        this.running.delete(name);
      }
    })().catch((err: unknown) => this.logger?.warn({ err, job: name }, "job outcome could not be recorded"));
    this.running.set(name, { done, controller, token });
    return done;
  }
}
