// The publication mail: once an announcement is published (saved as published, or its scheduled time has come),
// each member who wants announcements at once gets it by mail, once. Runs as the job ANNOUNCEMENT_MAIL_JOB, so one
// instance at a time sends; each member's mail is recorded as it goes, so a run that stops halfway is finished by the
// next one without mailing anyone twice.
import type { Mailer } from "#server/mail/mailer.ts";
import { mailT } from "#server/mail/recipient-language.ts";
import { escapeHtml } from "#server/mail/templates.ts";
import type { Language } from "#shared/i18n/languages.ts";
import type { Delivery, NotificationKind } from "#shared/schemas/notification-preferences.ts";
import { NOTIFICATION_PREFERENCES_PATH } from "#shared/schemas/notification-preferences.ts";
import { contentText, sanitizeHtml } from "#server/features/page/index.ts";
import type { AnnouncementRepository, MemberRecipient, StoredAnnouncement } from "./announcement.repository.ts";

export const ANNOUNCEMENT_MAIL_JOB = "announcement-mail";

export interface AnnouncementMailOptions {
  repository: AnnouncementRepository;
  /** Without one no mail is sent (and none is recorded as sent). */
  mailer: Mailer | undefined;
  siteUrl: string;
  /** The association's name in a language (its translation, else the original). */
  siteName: (language?: Language) => Promise<string>;
  /** How the member wants to hear of this kind of news. */
  deliveryOf: (userId: string, kind: NotificationKind) => Promise<Delivery>;
  /** Its attached documents, named in the mail (each downloaded on the site by whoever may read it). */
  attachmentsOf?: (announcementId: string) => Promise<Array<{ title: string; fileName: string; url: string }>>;
  /** The member's language (their account's, else the site's default); English without it. */
  languageOf?: (userId: string) => Promise<Language>;
  /** Its title and body in the member's language (the translations, else the originals); the originals without it. */
  textsIn?: (announcement: StoredAnnouncement, language: Language) => Promise<{ title: string; body: string }>;
  now?: () => Date;
}

export class AnnouncementMail {
  private readonly options: AnnouncementMailOptions;
  constructor(options: AnnouncementMailOptions) {
    this.options = options;
  }

  /** Mails every published announcement not mailed yet to the members who want it at once; answers how many mails went. */
  async sendPublished(): Promise<number> {
    const { repository, mailer } = this.options;
    if (!mailer) return 0;
    const now = (this.options.now?.() ?? new Date()).toISOString();
    let sent = 0;
    for (const announcement of await repository.waitingForMail(now)) {
      const attachments = (await this.options.attachmentsOf?.(announcement.id)) ?? [];
      for (const member of await repository.membersNotMailed(announcement.id)) {
        // Members who chose the digest or nothing are passed over for good: the digest reads the published ones itself.
        if ((await this.options.deliveryOf(member.id, "announcements")) === "at once") {
          await mailer.send(await this.message(announcement, member, attachments));
          sent++;
        }
        await repository.recordMailed(announcement.id, member.id);
      }
      await repository.markMailed(announcement.id);
    }
    return sent;
  }

  private async message(original: StoredAnnouncement, member: MemberRecipient, attachments: Array<{ title: string; fileName: string; url: string }>) {
    const language = (await this.options.languageOf?.(member.id)) ?? "en";
    const [t, site] = await Promise.all([mailT(language), this.options.siteName(language)]);
    const announcement = { ...original, ...(await this.options.textsIn?.(original, language)) };
    const url = `${this.options.siteUrl}/myqsa/announcements/${encodeURIComponent(announcement.id)}`;
    const preferences = `${this.options.siteUrl}${NOTIFICATION_PREFERENCES_PATH}`;
    const body = sanitizeHtml(announcement.body);
    const why = t("announcement.why", { site });
    const text = [
      announcement.title,
      "",
      contentText(body, "html"),
      "",
      ...(attachments.length > 0 ? [t("announcement.attached"), ...attachments.map((a) => `• ${a.title} (${a.fileName}): ${this.options.siteUrl}${a.url}`), ""] : []),
      t("announcement.readLine", { url }),
      "",
      why,
      t("notice.preferencesLine", { url: preferences }),
    ].join("\n");
    // The image as the page shows it, above the text; a stored one is served from this site (/files/...).
    const image = announcement.imageUrl && (announcement.imageUrl.startsWith("/") ? `${this.options.siteUrl}${announcement.imageUrl}` : announcement.imageUrl);
    const html = [
      `<h1>${escapeHtml(announcement.title)}</h1>`,
      ...(image ? [`<p><img src="${escapeHtml(image)}" alt="" style="max-width:100%;height:auto"></p>`] : []),
      body,
      ...(attachments.length > 0
        ? [
            `<p>${escapeHtml(t("announcement.attached"))}</p>`,
            `<ul>${attachments.map((a) => `<li><a href="${escapeHtml(`${this.options.siteUrl}${a.url}`)}">${escapeHtml(a.title)}</a> (${escapeHtml(a.fileName)})</li>`).join("")}</ul>`,
          ]
        : []),
      `<p><a href="${escapeHtml(url)}">${escapeHtml(t("announcement.read"))}</a></p>`,
      `<p style="color:#57534e">${escapeHtml(why)} <a href="${escapeHtml(preferences)}">${escapeHtml(t("notice.preferencesLink"))}</a>.</p>`,
    ].join("\n");
    return { to: member.email, subject: t("announcement.subject", { site, title: announcement.title }), text, html, link: url };
  }
}
