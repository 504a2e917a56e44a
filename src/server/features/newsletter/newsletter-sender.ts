// Sending newsletters to subscribers through the job table (docs/decisions/0034-newsletter-deliveries.md): the queue
// job writes a delivery row per subscriber for each issue whose time has come (the weekly digest at the site's day
// and time, a scheduled or "send now" issue), and the send job drains those rows at the configured rate, claiming each
// just before its message goes. A temporary refusal (SMTP 4xx, a connection that failed) is tried again later, each
// wait twice the one before; a permanent one (5xx) is recorded, and the subscriber is paused after 3 in a row.
import crypto from "node:crypto";
import os from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { lastWeeklyAt } from "#server/lib/daily-at.ts";
import { processAlive } from "#server/jobs/jobs.ts";
import type { Logger } from "#server/logger.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import type { RecipientLanguages } from "#server/mail/recipient-language.ts";
import type { Language } from "#shared/i18n/languages.ts";
import type { StoredSubscriber, SubscriberRepository, SubscriptionLinks } from "#server/features/subscribers/index.ts";
import { DIGEST_WEEKDAYS, type DigestWeekday } from "#shared/schemas/site-settings.ts";
import type { NewsletterComposer } from "./newsletter-content.ts";
import type { NewsletterDeliveryRepository } from "./newsletter-delivery.repository.ts";
import type { RenderedMail } from "./newsletter-mail.ts";
import type { NewsletterRepository, StoredNewsletter } from "./newsletter.repository.ts";

/** The mail's renderer (React Email, some 30 MB once loaded): loaded with the first newsletter drawn, not at start. */
export const newsletterMail = () => import("./newsletter-mail.ts");

export const NEWSLETTER_QUEUE_JOB = "newsletter-queue";
export const NEWSLETTER_SEND_JOB = "newsletter-send";

const MINUTE = 60_000;
const DAY_MS = 24 * 60 * MINUTE;
/** A digest more than this late (every instance down at its time) is left out: its news goes in the next one. */
const DIGEST_LATE_LIMIT_MS = DAY_MS;
/** Tries of a temporarily refused message before it counts as failed. */
export const MAX_ATTEMPTS = 8;
const RETRY_BASE_MS = MINUTE;
const RETRY_MAX_MS = 6 * 60 * MINUTE;
/** Deliveries read per look at the queue. */
const BATCH = 200;
/** Drawn mails kept per run: one per issue and mix of topics. */
const RENDER_CACHE = 500;

export interface DigestTiming {
  timeZone: string;
  digestWeekday: DigestWeekday;
  digestAt: string;
}

export interface NewsletterSenderOptions {
  issues: NewsletterRepository;
  deliveries: NewsletterDeliveryRepository;
  subscribers: SubscriberRepository;
  links: SubscriptionLinks;
  composer: NewsletterComposer;
  /** Without one nothing is sent (and nothing is claimed). */
  mailer: Mailer | undefined;
  /** Messages a minute at most (NEWSLETTER_RATE_PER_MINUTE). */
  ratePerMinute: number;
  siteUrl: string;
  /** The weekly digest's day and time (the site settings the members' digest uses too). */
  timing: () => Promise<DigestTiming>;
  /** How long a claim on one delivery holds: longer than one message can take to send. */
  claimMs?: number;
  /** Names this process in claims ("host:pid"), so a restart on the same host takes back what a killed one held. */
  instance?: string;
  logger?: Logger | undefined;
  /** A subscriber's language (the page's they subscribed from, else the site's default); English without it. */
  languages?: RecipientLanguages;
}

/** The wait before the try that follows `attempts` failed ones. */
export function deliveryRetryDelay(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

/** The moment the latest weekly digest was due at or before `now`. */
export function digestPeriodAt(now: Date, timing: DigestTiming): Date {
  return lastWeeklyAt(now, DIGEST_WEEKDAYS.indexOf(timing.digestWeekday) + 1, timing.digestAt, timing.timeZone);
}

/** The SMTP reply code of a refusal, if the server gave one. */
function replyCode(error: unknown): number | undefined {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" ? code : undefined;
}

export class NewsletterSender {
  private readonly options: NewsletterSenderOptions;
  private readonly instance: string;
  constructor(options: NewsletterSenderOptions) {
    this.options = options;
    this.instance = options.instance ?? `${os.hostname()}:${process.pid}`;
  }

  /** Queues every issue whose time has come at `now`; answers how many issues were queued. */
  async queueDue(now = new Date()): Promise<number> {
    if (!this.options.mailer) return 0;
    await this.prepareDigest(now);
    const due = await this.options.issues.dueScheduled(now.toISOString());
    for (const issue of due) await this.queueIssue(issue, now);
    return due.length;
  }

  /** The digest of the period due at `now`, made once (skipped if the administrators said so). */
  private async prepareDigest(now: Date): Promise<void> {
    const period = digestPeriodAt(now, await this.options.timing());
    if (now.getTime() - period.getTime() > DIGEST_LATE_LIMIT_MS) return;
    const key = period.toISOString();
    const plan = await this.options.issues.digestPlan(key);
    await this.options.issues.digestIssue(key, {
      id: crypto.randomUUID(),
      subject: "Weekly digest",
      body: plan?.introduction ?? "",
      cards: [],
      topics: [],
      status: plan?.skipped ? "skipped" : "scheduled",
      sendAt: key,
      createdBy: null,
      createdAt: now.toISOString(),
    });
  }

  /**
   * Writes the issue's deliveries, a page of subscribers at a time, then marks it sending. A run that dies halfway
   * leaves it scheduled: the next run writes the rest (rows already there stay as they are).
   */
  private async queueIssue(issue: StoredNewsletter, now: Date): Promise<void> {
    const topics = issue.topics.length > 0 ? issue.topics : undefined;
    let after = "";
    for (;;) {
      const page = await this.options.subscribers.confirmedFor(topics, {
        after,
        limit: 1000,
      });
      if (page.length === 0) break;
      await this.options.deliveries.queue(
        issue.id,
        page.map((s) => s.id),
        now.toISOString(),
      );
      after = page.at(-1)!.id;
    }
    await this.options.issues.setStatus(issue.id, "sending", now.toISOString());
  }

  /**
   * Sends what is due, at most `ratePerMinute` a minute, until nothing is left or the instance stops ("unfinished":
   * the job is due again at once, on any instance).
   */
  async drain(signal: AbortSignal, now?: () => Date): Promise<"unfinished" | undefined> {
    const { deliveries, issues, mailer } = this.options;
    if (!mailer) return;
    const clock = now ?? (() => new Date());
    await this.takeBackFromStoppedProcesses();
    const interval = MINUTE / this.options.ratePerMinute;
    const started = performance.now();
    const cache = new Map<string, Promise<RenderedMail | undefined>>();
    const issueCache = new Map<string, Promise<StoredNewsletter | undefined>>();
    let sent = 0;
    for (;;) {
      const batch = await deliveries.candidates(clock().toISOString(), BATCH);
      if (batch.length === 0) break;
      for (const delivery of batch) {
        if (signal.aborted) return "unfinished";
        const wait = started + sent * interval - performance.now();
        if (wait > 0) {
          try {
            await sleep(wait, undefined, { signal });
          } catch {
            return "unfinished";
          }
        }
        const at = clock();
        const token = `${this.instance}/${crypto.randomUUID()}`;
        const attempt = await deliveries.claim(delivery.id, token, at.toISOString(), new Date(at.getTime() + (this.options.claimMs ?? 2 * MINUTE)).toISOString());
        if (attempt === undefined) continue;
        if (!issueCache.has(delivery.newsletterId)) issueCache.set(delivery.newsletterId, issues.get(delivery.newsletterId));
        const issue = await issueCache.get(delivery.newsletterId);
        if (await this.deliver(issue, delivery.id, delivery.subscriberId, token, attempt, at, cache)) sent++;
      }
      await issues.finishSent(clock().toISOString());
      if (cache.size > RENDER_CACHE) cache.clear();
    }
    await issues.finishSent(clock().toISOString());
  }

  /** Sends one claimed delivery; answers whether a message went out. */
  private async deliver(
    issue: StoredNewsletter | undefined,
    id: string,
    subscriberId: string,
    token: string,
    attempt: number,
    at: Date,
    cache: Map<string, Promise<RenderedMail | undefined>>,
  ): Promise<boolean> {
    const { deliveries, subscribers, links, mailer } = this.options;
    const finishedAt = () => new Date().toISOString();
    const subscriber = await subscribers.findById(subscriberId);
    if (!issue || !subscriber || subscriber.state !== "confirmed" || (issue.topics.length > 0 && !issue.topics.some((t) => subscriber.topics.includes(t)))) {
      await deliveries.finish(id, token, "skipped", finishedAt());
      return false;
    }
    // Drawn once per issue, language and (for a digest) mix of topics.
    const language = (await this.options.languages?.resolve(subscriber.language)) ?? "en";
    const key = issue.kind === "digest" ? `${issue.id}|${language}|${subscriber.topics.toSorted().join(",")}` : `${issue.id}|${language}`;
    if (!cache.has(key)) cache.set(key, this.render(issue, subscriber, language));
    const drawn = await cache.get(key);
    if (!drawn) {
      await deliveries.finish(id, token, "empty", finishedAt());
      return false;
    }
    const mail = (await newsletterMail()).personalize(drawn, {
      // The pages the links open are in the mail's language.
      unsubscribeUrl: links.preferencesUrl({ ...subscriber, language }),
      preferencesUrl: links.preferencesUrl({ ...subscriber, language }),
    });
    const host = new URL(this.options.siteUrl).hostname;
    try {
      await mailer!.send({
        to: subscriber.email,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers: links.headers(subscriber, {
          messageId: `<newsletter-${issue.id}-${subscriber.id}@${host}>`,
        }),
      });
    } catch (error) {
      const code = replyCode(error);
      const reason = error instanceof Error ? error.message.slice(0, 500) : String(error);
      if ((code !== undefined && code >= 500) || attempt >= MAX_ATTEMPTS) {
        await deliveries.finish(id, token, "failed", finishedAt(), reason);
        if (code !== undefined && code >= 500) await subscribers.markFailure(subscriber.id);
        this.options.logger?.warn({ delivery: id, code, attempt }, "newsletter refused for good");
      } else {
        await deliveries.retry(id, token, new Date(at.getTime() + deliveryRetryDelay(attempt)).toISOString(), reason);
        this.options.logger?.info({ delivery: id, code, attempt }, "newsletter refused for now, tried again later");
      }
      return false;
    }
    await deliveries.finish(id, token, "sent", finishedAt());
    if (subscriber.failures > 0) await subscribers.markDelivered(subscriber.id);
    return true;
  }

  /** The issue drawn for this subscriber's topics (undefined: a digest with nothing new for them). */
  private async render(issue: StoredNewsletter, subscriber: StoredSubscriber, language: Language): Promise<RenderedMail | undefined> {
    if (issue.kind === "newsletter") return (await newsletterMail()).renderNewsletter(await this.options.composer.issue(issue, language));
    const period = new Date(issue.period!);
    const since = await this.options.issues.lastDigestPeriod(issue.period!);
    const content = await this.options.composer.digest(subscriber.topics, period, since ? new Date(since) : new Date(period.getTime() - 7 * DAY_MS), issue.body, language);
    return content && (await newsletterMail()).renderNewsletter(content);
  }

  /** Claims held by a process of this host that is gone (a `kill -9`, a crash) go back to the queue at once. */
  private async takeBackFromStoppedProcesses(): Promise<void> {
    const host = `${os.hostname()}:`;
    for (const held of await this.options.deliveries.heldBy(host)) {
      const pid = Number(held.claimToken.slice(host.length).split("/")[0]);
      if (!Number.isInteger(pid) || pid === process.pid || processAlive(pid)) continue;
      await this.options.deliveries.release(held.id, held.claimToken);
    }
  }
}
