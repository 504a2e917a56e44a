// Builds the newsletter's services from the site's: what it reads of events, offers, posts and businesses comes in as
// functions (src/server/services.ts), so the feature imports no other feature but the subscribers'.
import type { Kysely } from "kysely";
import type { DB } from "#server/db/database-types.ts";
import type { Logger } from "#server/logger.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import type { RecipientLanguages } from "#server/mail/recipient-language.ts";
import type { FileService } from "#server/storage/file.service.ts";
import { SubscriberRepository, SubscriptionLinks } from "#server/features/subscribers/index.ts";
import { NewsletterComposer, type NewsletterSources } from "./newsletter-content.ts";
import { NewsletterDeliveryRepository } from "./newsletter-delivery.repository.ts";
import { NewsletterSender, type DigestTiming } from "./newsletter-sender.ts";
import { NewsletterRepository } from "./newsletter.repository.ts";
import { NewsletterService } from "./newsletter.service.ts";

export interface NewsletterWiring {
  db: Kysely<DB>;
  siteUrl: string;
  mailer: Mailer | undefined;
  ratePerMinute: number;
  sources: NewsletterSources;
  files: FileService;
  timing: () => Promise<DigestTiming>;
  /** Asks the queue job to look now. */
  queueNow: () => Promise<unknown>;
  logger?: Logger | undefined;
  /** Each subscriber's language for the newsletter's own words. */
  languages?: RecipientLanguages;
}

export function createNewsletters({ db, siteUrl, mailer, ratePerMinute, sources, files, timing, queueNow, logger, languages }: NewsletterWiring) {
  const issues = new NewsletterRepository(db);
  const subscribers = new SubscriberRepository(db);
  const composer = new NewsletterComposer(sources, siteUrl);
  return {
    newsletters: new NewsletterService({
      repository: issues,
      composer,
      mailer,
      timing,
      queueNow,
      siteUrl,
      files,
    }),
    newsletterSender: new NewsletterSender({
      issues,
      deliveries: new NewsletterDeliveryRepository(db),
      subscribers,
      links: new SubscriptionLinks(siteUrl, subscribers),
      composer,
      mailer,
      ratePerMinute,
      siteUrl,
      timing,
      logger,
      ...(languages ? { languages } : {}),
    }),
  };
}
