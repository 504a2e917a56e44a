// The administrators' newsletters: write one (rich text and cards), preview it, send a test to oneself, schedule it or
// send it now to every subscriber or to some topics, and follow its queued/sent/failed counts; and plan the next
// weekly digest (its introduction, or skip its week) and preview it for any mix of topics.
import crypto from "node:crypto";
import { requireAdmin, type CurrentUser } from "#server/auth/session.ts";
import { NotFound, Unavailable, Validation, Conflict } from "#server/errors.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { invalidInput } from "#server/validation.ts";
import type { FileService } from "#server/storage/file.service.ts";
import { UPLOAD_RULES } from "#shared/upload-kinds.ts";
import {
  DigestPlanInputSchema,
  NewsletterInputSchema,
  newsletterMessages as m,
  NewsletterSendSchema,
  type DigestPlan,
  type DigestPlanInput,
  type Newsletter,
  type NewsletterInput,
  type NewsletterPreview,
} from "#shared/schemas/newsletter.ts";
import { FIXED_TOPICS, TopicsSchema } from "#shared/schemas/subscription.ts";
import { sanitizeNewsletterBody } from "./newsletter-body.ts";
import type { NewsletterComposer } from "./newsletter-content.ts";
import type { RenderedMail } from "./newsletter-mail.ts";
import { digestPeriodAt, newsletterMail, type DigestTiming } from "./newsletter-sender.ts";
import type { NewsletterRepository, StoredNewsletter } from "./newsletter.repository.ts";

const DAY_MS = 24 * 60 * 60_000;

export interface NewsletterServiceDeps {
  repository: NewsletterRepository;
  composer: NewsletterComposer;
  mailer: Mailer | undefined;
  timing: () => Promise<DigestTiming>;
  /** Asks the queue job to look now (an issue was sent now). */
  queueNow: () => Promise<unknown>;
  siteUrl: string;
  /** Keeps the images a newsletter's text shows from the clean-up of unused uploads. */
  files: Pick<FileService, "isAttachable" | "attach">;
  now?: () => Date;
}

/** What a preview or a test shows in place of a subscriber's own links. */
const SAMPLE_LINKS = (siteUrl: string) => ({
  unsubscribeUrl: `${siteUrl}/subscribe/preferences`,
  preferencesUrl: `${siteUrl}/subscribe/preferences`,
});

export class NewsletterService {
  private readonly deps: NewsletterServiceDeps;
  constructor(deps: NewsletterServiceDeps) {
    this.deps = deps;
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  private async view(issues: StoredNewsletter[]): Promise<Newsletter[]> {
    const counts = await this.deps.repository.counts(issues.map((i) => i.id));
    return issues.map(({ createdBy: _createdBy, ...issue }) => ({
      ...issue,
      counts: counts.get(issue.id)!,
    }));
  }

  async list(viewer: CurrentUser | null): Promise<Newsletter[]> {
    requireAdmin(viewer);
    return this.view(await this.deps.repository.list());
  }

  async get(viewer: CurrentUser | null, id: string): Promise<Newsletter> {
    requireAdmin(viewer);
    const issue = await this.deps.repository.get(id);
    if (!issue) throw NotFound(m.notFound);
    return (await this.view([issue]))[0]!;
  }

  private async parse(admin: CurrentUser, input: unknown): Promise<Pick<StoredNewsletter, "subject" | "body" | "cards" | "topics">> {
    const parsed = NewsletterInputSchema.safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error.issues, m.required);
    const topics = TopicsSchema.safeParse(parsed.data.topics);
    if (!topics.success) throw Validation(m.topicsInvalid, { topics: m.topicsInvalid });
    const { missing } = await this.deps.composer.cards(parsed.data.cards);
    if (missing.length > 0) throw Validation(m.cardMissing, { cards: m.cardMissing });
    const body = sanitizeNewsletterBody(parsed.data.body, this.deps.siteUrl);
    if (body.imagesWithoutAlt > 0) throw Validation(m.imageAltMissing, { body: m.imageAltMissing });
    await this.keepImages(admin, body.images);
    return {
      subject: parsed.data.subject,
      body: body.html,
      cards: parsed.data.cards,
      topics: topics.data,
    };
  }

  /**
   * Claims the newsletter images the text shows, so they stay as long as the mails that show them (an image uploaded
   * for another item is that item's to keep).
   */
  private async keepImages(admin: CurrentUser, paths: readonly string[]): Promise<void> {
    const folder = `${UPLOAD_RULES.newsletterImage.folder}/`;
    for (const fullPath of new Set(paths.filter((p) => p.startsWith(folder)))) {
      if (!(await this.deps.files.isAttachable({ user: admin, kind: "newsletterImage", fullPath }))) throw Validation(m.imageMissing, { body: m.imageMissing });
      await this.deps.files.attach({ user: admin, kind: "newsletterImage", fullPath });
    }
  }

  async create(viewer: CurrentUser | null, input: NewsletterInput | unknown): Promise<Newsletter> {
    const admin = requireAdmin(viewer);
    const values = await this.parse(admin, input);
    const now = this.now().toISOString();
    const issue = await this.deps.repository.create({
      id: crypto.randomUUID(),
      kind: "newsletter",
      ...values,
      status: "draft",
      sendAt: null,
      period: null,
      createdBy: admin.id,
      createdAt: now,
    });
    return (await this.view([issue]))[0]!;
  }

  async update(viewer: CurrentUser | null, id: string, input: NewsletterInput | unknown): Promise<Newsletter> {
    const admin = requireAdmin(viewer);
    const issue = await this.deps.repository.get(id);
    if (!issue || issue.kind !== "newsletter") throw NotFound(m.notFound);
    const values = await this.parse(admin, input);
    if (!(await this.deps.repository.update(id, values, this.now().toISOString()))) throw Conflict(m.alreadySent);
    return this.get(viewer, id);
  }

  private async drawn(id: string): Promise<RenderedMail> {
    const issue = await this.deps.repository.get(id);
    if (!issue || issue.kind !== "newsletter") throw NotFound(m.notFound);
    const { personalize, renderNewsletter } = await newsletterMail();
    return personalize(await renderNewsletter(await this.deps.composer.issue(issue)), SAMPLE_LINKS(this.deps.siteUrl));
  }

  /** The mail as subscribers will get it, with sample links in place of their own. */
  async preview(viewer: CurrentUser | null, id: string): Promise<NewsletterPreview> {
    requireAdmin(viewer);
    return this.drawn(id);
  }

  /** Sends the issue to the administrator who asks, at once (not through the queue). */
  async test(viewer: CurrentUser | null, id: string): Promise<{ to: string }> {
    const admin = requireAdmin(viewer);
    const mail = await this.drawn(id);
    if (!this.deps.mailer) throw Unavailable(m.noMailer);
    await this.deps.mailer.send({
      to: admin.email,
      subject: `[Test] ${mail.subject}`,
      html: mail.html,
      text: mail.text,
    });
    return { to: admin.email };
  }

  /** Schedules the issue at `sendAt`, or sends it now when there is none. */
  async send(viewer: CurrentUser | null, id: string, input: unknown): Promise<Newsletter> {
    requireAdmin(viewer);
    const parsed = NewsletterSendSchema.safeParse(input ?? {});
    if (!parsed.success) throw invalidInput(parsed.error.issues, m.sendAtInvalid);
    const issue = await this.deps.repository.get(id);
    if (!issue || issue.kind !== "newsletter") throw NotFound(m.notFound);
    if (!this.deps.mailer) throw Unavailable(m.noMailer);
    const now = this.now();
    const sendAt = parsed.data.sendAt;
    if (sendAt && new Date(sendAt).getTime() < now.getTime() - 60_000) throw Validation(m.sendAtPast, { sendAt: m.sendAtPast });
    if (!(await this.deps.repository.schedule(id, sendAt ?? now.toISOString(), now.toISOString()))) throw Conflict(m.alreadySent);
    if (!sendAt || new Date(sendAt) <= now) await this.deps.queueNow();
    return this.get(viewer, id);
  }

  /** The next weekly digest's moment and what the administrators planned for it. */
  async digestPlan(viewer: CurrentUser | null): Promise<DigestPlan> {
    requireAdmin(viewer);
    const period = await this.nextDigestPeriod();
    const plan = await this.deps.repository.digestPlan(period);
    return {
      period,
      introduction: plan?.introduction ?? "",
      skipped: plan?.skipped ?? false,
    };
  }

  async saveDigestPlan(viewer: CurrentUser | null, input: DigestPlanInput | unknown): Promise<DigestPlan> {
    requireAdmin(viewer);
    const parsed = DigestPlanInputSchema.safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error.issues, m.introductionTooLong);
    const period = await this.nextDigestPeriod();
    await this.deps.repository.saveDigestPlan(
      period,
      {
        introduction: sanitizeNewsletterBody(parsed.data.introduction, this.deps.siteUrl).html,
        skipped: parsed.data.skipped,
      },
      this.now().toISOString(),
    );
    return this.digestPlan(viewer);
  }

  /** The next digest as subscribers of `topics` would get it (undefined: it has nothing for them). */
  async previewDigest(viewer: CurrentUser | null, topicsInput: unknown, introduction?: string): Promise<NewsletterPreview | null> {
    requireAdmin(viewer);
    const topics = TopicsSchema.safeParse(topicsInput ?? [...FIXED_TOPICS]);
    if (!topics.success) throw Validation(m.topicsInvalid, { topics: m.topicsInvalid });
    const period = await this.nextDigestPeriod();
    const plan = await this.deps.repository.digestPlan(period);
    const since = (await this.deps.repository.lastDigestPeriod(period)) ?? new Date(new Date(period).getTime() - 7 * DAY_MS).toISOString();
    const content = await this.deps.composer.digest(topics.data, new Date(period), new Date(since), introduction ?? plan?.introduction ?? "");
    if (!content) return null;
    const { personalize, renderNewsletter } = await newsletterMail();
    return personalize(await renderNewsletter(content), SAMPLE_LINKS(this.deps.siteUrl));
  }

  /** The digest moment after now (the one whose issue has not been made yet). */
  private async nextDigestPeriod(): Promise<string> {
    const now = this.now();
    const timing = await this.deps.timing();
    // The latest moment at or before a week from now is the next one after now.
    const next = digestPeriodAt(new Date(now.getTime() + 7 * DAY_MS), timing);
    return (next.getTime() > now.getTime() ? next : new Date(next.getTime() + 7 * DAY_MS)).toISOString();
  }
}
