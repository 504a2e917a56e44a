// Newsletters to subscribers (hand-written issues and the weekly digest) and their sending: what other code may use.
export { digestPeriodAt, NEWSLETTER_QUEUE_JOB, NEWSLETTER_SEND_JOB, NewsletterSender } from "./newsletter-sender.ts";
export { NewsletterService } from "./newsletter.service.ts";
export { createNewsletters } from "./newsletter.wiring.ts";
export { registerNewsletterRoutes } from "./newsletter.routes.ts";
export type { NewsletterCard, NewsletterContent } from "./newsletter-mail.ts";
