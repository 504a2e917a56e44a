// Mail about requests: a digest of new ones to the association (at most one per recipient every 15 minutes), and the
// decision to the person who asked.
import type { Mailer } from "#server/mail/mailer.ts";
import type { Language } from "#shared/i18n/index.ts";
import { mailT, RecipientLanguages } from "#server/mail/recipient-language.ts";
import { message } from "#server/mail/templates.ts";
import { NOTIFICATION_PREFERENCES_PATH, type Delivery } from "#shared/schemas/notification-preferences.ts";
import type { RequestRepository, StoredRequest } from "./requests.repository.ts";

export const DIGEST_INTERVAL_MS = 15 * 60 * 1000;

export interface OwnerNotificationsOptions {
  /** Where the requests, the administrators' addresses and the digests sent are read. */
  repository: RequestRepository;
  mailer: Mailer | undefined;
  /** The site's public address, for links. */
  siteUrl: string;
  /** The association's name, in `language` where it is translated. */
  siteName: (language?: Language) => Promise<string>;
  /** The notification address of the site settings, or "" for every administrator. */
  notificationEmail: () => Promise<string>;
  onError?: (error: unknown) => void;
  /**
   * Sends the digests as the job "request-digests" (src/server/jobs), so that of several instances one sends them;
   * without it (tests of this class) they are sent here.
   */
  runDigestJob?: () => Promise<unknown>;
  /** How the person wants to hear of their requests decided; without it, at once. */
  requestsDecidedDelivery?: (userId: string) => Promise<Delivery>;
  /** Each recipient's language (their account's, else the site's default); English for all without it. */
  languages?: RecipientLanguages;
}

export const REQUEST_DIGESTS_JOB = "request-digests";

export class OwnerNotifications {
  private readonly options: OwnerNotificationsOptions;
  private readonly languages: RecipientLanguages;
  constructor(options: OwnerNotificationsOptions) {
    this.options = options;
    this.languages = options.languages ?? new RecipientLanguages(async () => "en");
  }

  /**
   * Sends each recipient the requests that arrived since their last digest, unless they had one in the last 15
   * minutes (a later call, or the periodic one, sends it then). Returns how many digests went out.
   */
  async sendDigests(now = new Date()): Promise<number> {
    const { mailer } = this.options;
    if (!mailer) return 0;
    const address = await this.options.notificationEmail();
    const recipients = address ? [address] : await this.options.repository.adminEmails();
    let sent = 0;
    for (const recipient of recipients) {
      const last = await this.options.repository.lastDigest(recipient);
      if (last && now.getTime() - Date.parse(last) < DIGEST_INTERVAL_MS) continue;
      const fresh = await this.options.repository.pendingSince(last);
      if (fresh.length === 0) continue;
      const language = await this.languages.ofEmail(recipient);
      const [site, t] = await Promise.all([this.options.siteName(language), mailT(language)]);
      const count = fresh.length;
      const lines = [
        t("requests.digestIntro", { count, site }),
        ...fresh.map((r) => t("requests.digestItem", { kind: t(`requests.kinds.${r.kind}`), business: r.businessName, email: r.requesterEmail })),
      ];
      // Why it came, and how to have it sent elsewhere (the notification address of the Requests tab's settings).
      const after = [t(address ? "requests.digestWhyAddress" : "requests.digestWhyAdmin", { site }), t("requests.digestStop", { url: `${this.options.siteUrl}/admin/requests` })];
      await mailer.send(message(recipient, t("requests.digestSubject", { count, site }), lines, { label: t("requests.digestAction"), url: `${this.options.siteUrl}/admin/requests` }, after));
      // Recorded once sent: the job runs on one instance at a time, and one that dies before this line has its
      // digest sent again by the instance that takes the job over (never lost, at most repeated).
      await this.options.repository.recordDigest(recipient, now.toISOString());
      sent++;
    }
    return sent;
  }

  /** Sends the digests now through the job, on this instance unless another is sending them right now. */
  async digestSoon(): Promise<void> {
    if (this.options.runDigestJob) await this.options.runDigestJob();
    else await this.sendDigests();
  }

  /**
   * Tells the person who asked what was decided, unless they chose to hear of it in the weekly digest or not at all. A
   * request closed because an owner was removed is always told (it goes to the business's other owners too).
   */
  async sendDecision(request: StoredRequest, outcome: "approved" | "rejected" | "closed", reason: string | null): Promise<void> {
    const { mailer } = this.options;
    if (!mailer) return;
    if (outcome !== "closed" && this.options.requestsDecidedDelivery && (await this.options.requestsDecidedDelivery(request.userId)) !== "at once") return;
    const language = await this.languages.ofUser(request.userId);
    const [site, t] = await Promise.all([this.options.siteName(language), mailT(language)]);
    const what = t("requests.decisionWhat", { kind: t(`requests.kinds.${request.kind}`), business: request.businessName });
    const lines =
      outcome === "approved"
        ? [t("requests.approved", { what })]
        : outcome === "rejected"
          ? [t("requests.rejected", { what }), t("requests.reason", { reason: reason ?? "" })]
          : [t("requests.closed", { what, reason: reason ?? "" })];
    // Every mail says why it came and where to change that (issue 39, item 5); a closure is sent whatever the choice.
    const why = t(outcome === "closed" ? "requests.whyClosed" : "requests.whyDecided", { site });
    const after = [why, t("requests.preferences", { url: `${this.options.siteUrl}${NOTIFICATION_PREFERENCES_PATH}` })];
    const subject = t(outcome === "approved" ? "requests.subjectApproved" : outcome === "rejected" ? "requests.subjectRejected" : "requests.subjectClosed", { site });
    await mailer.send(message(request.requesterEmail, subject, lines, { label: t("requests.action"), url: `${this.options.siteUrl}/mybusiness` }, after));
  }

  /** Runs mail so that a mail server that fails never fails the request that caused it. */
  async quietly(work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (error) {
      this.options.onError?.(error);
    }
  }
}
