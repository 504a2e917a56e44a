// Volunteering's mail. The job VOLUNTEER_MAIL_JOB (one instance at a time) sends each sign-up's news once its status
// changes: a confirmation with the shift's calendar entry, a place on the waiting list, and "You have a place" when a
// place freed confirms someone waiting (again with the calendar entry); and a reminder the day before a shift to each
// one confirmed. Each is recorded on the sign-up as it goes (the status mailed, the reminder's time), so a run that
// stops halfway is finished by the next without mailing anyone twice. An administrator's message to a shift's
// volunteers goes at once, to each. Kind `volunteering` governs them all: "off" is recorded without a mail.
import type { Mailer, MailMessage } from "#server/mail/mailer.ts";
import { mailLanguage, type MailLanguage } from "#server/mail/recipient-language.ts";
import { escapeHtml } from "#server/mail/templates.ts";
import { formatEventWhen } from "#shared/i18n/format.ts";
import type { Language } from "#shared/i18n/languages.ts";
import type { Delivery, NotificationKind } from "#shared/schemas/notification-preferences.ts";
import { NOTIFICATION_PREFERENCES_PATH } from "#shared/schemas/notification-preferences.ts";
import { volunteerPaths } from "#shared/volunteer-paths.ts";
import { shiftCalendar } from "./volunteer-calendar.ts";
import type { StoredOpportunity, StoredShift, StoredSignup, VolunteerRepository } from "./volunteer.repository.ts";

export const VOLUNTEER_MAIL_JOB = "volunteer-mail";

const DAY_MS = 24 * 3_600_000;

export interface VolunteerMailOptions {
  repository: VolunteerRepository;
  /** Without one no mail is sent (and none is recorded as sent). */
  mailer: Mailer | undefined;
  siteUrl: string;
  /** The association's name in a language (its translation, else the original), and its time zone. */
  site: (language?: Language) => Promise<{ name: string; timeZone: string }>;
  deliveryOf: (userId: string, kind: NotificationKind) => Promise<Delivery>;
  /** The volunteer's language (their account's, else the site's default); English without it. */
  languageOf?: (userId: string) => Promise<Language>;
  now?: () => Date;
}

interface Site {
  name: string;
  timeZone: string;
}

interface Content {
  subject: string;
  heading: string;
  lines: string[];
  link: { text: string; url: string };
  why: string;
}

export class VolunteerMail {
  private readonly options: VolunteerMailOptions;
  constructor(options: VolunteerMailOptions) {
    this.options = options;
  }

  /** Sends every status mail and reminder that is due; answers how many mails went. */
  async sendDue(): Promise<number> {
    const { repository, mailer } = this.options;
    if (!mailer) return 0;
    const now = this.options.now?.() ?? new Date();
    let sent = 0;
    const wants = async (userId: string) => (await this.options.deliveryOf(userId, "volunteering")) === "at once";

    for (const signup of await repository.statusMailDue()) {
      const found = await this.shiftOf(signup.shiftId);
      if (found && found.shift.startsAt > now.toISOString() && (await wants(signup.userId))) {
        const words = await this.words(signup.userId);
        await mailer.send(this.statusMail(signup, found.shift, found.opportunity, await this.options.site(words.language), words));
        sent++;
      }
      await repository.markStatusMailed(signup.id, signup.status);
    }

    for (const signup of await repository.remindersDue(now.toISOString(), new Date(now.getTime() + DAY_MS).toISOString())) {
      const found = await this.shiftOf(signup.shiftId);
      if (found && (await wants(signup.userId))) {
        const words = await this.words(signup.userId);
        await mailer.send(this.reminder(signup, found.shift, found.opportunity, await this.options.site(words.language), words));
        sent++;
      }
      await repository.markReminded(signup.id);
    }
    return sent;
  }

  /** An administrator's message, to each of these volunteers who wants volunteering mail; answers how many went. */
  async message(shift: StoredShift, opportunity: StoredOpportunity, volunteers: StoredSignup[], message: { subject: string; message: string }): Promise<number> {
    const { mailer } = this.options;
    if (!mailer) return 0;
    let sent = 0;
    for (const volunteer of volunteers) {
      if ((await this.options.deliveryOf(volunteer.userId, "volunteering")) !== "at once") continue;
      const words = await this.words(volunteer.userId);
      const site = await this.options.site(words.language);
      const { t } = words;
      await mailer.send(
        this.mail(volunteer, words, {
          subject: message.subject,
          heading: message.subject,
          lines: [...message.message.split(/\r?\n/), "", t("volunteer.yourShift", { title: opportunity.title }), this.when(shift, site, words), t("volunteer.where", { place: shift.place })],
          link: { text: t("volunteer.seeShift"), url: this.url(opportunity, shift) },
          why: t("volunteer.whyMessage", { site: site.name }),
        }),
      );
      sent++;
    }
    return sent;
  }

  private async words(userId: string): Promise<MailLanguage> {
    return mailLanguage(await this.options.languageOf?.(userId));
  }

  private async shiftOf(shiftId: string) {
    const shift = await this.options.repository.shift(shiftId);
    const opportunity = shift && (await this.options.repository.get(shift.opportunityId));
    return shift && opportunity ? { shift, opportunity } : undefined;
  }

  private statusMail(signup: StoredSignup, shift: StoredShift, opportunity: StoredOpportunity, site: Site, words: MailLanguage): MailMessage {
    const { t } = words;
    const why = t("volunteer.why", { site: site.name });
    const facts = [this.when(shift, site, words), t("volunteer.where", { place: shift.place }), ...(shift.requirements ? [t("volunteer.requirements", { requirements: shift.requirements })] : [])];
    const link = { text: t("volunteer.seeShift"), url: this.url(opportunity, shift) };
    const title = opportunity.title;
    if (signup.status === "waiting") {
      return this.mail(signup, words, {
        subject: t("volunteer.waitingSubject", { title }),
        heading: title,
        lines: [t("volunteer.waiting"), ...facts],
        link,
        why,
      });
    }
    const promoted = signup.mailedStatus === "waiting";
    const message = this.mail(signup, words, {
      subject: t(promoted ? "volunteer.placeSubject" : "volunteer.signedUpSubject", { title }),
      heading: promoted ? t("volunteer.placeSubject", { title }) : title,
      lines: [t(promoted ? "volunteer.promoted" : "volunteer.signedUp"), ...facts, t("volunteer.calendar")],
      link,
      why,
    });
    return { ...message, calendar: { method: "PUBLISH", filename: "shift.ics", content: shiftCalendar(shift, opportunity, { siteUrl: this.options.siteUrl, siteName: site.name, timeZone: site.timeZone, t }) } };
  }

  private reminder(signup: StoredSignup, shift: StoredShift, opportunity: StoredOpportunity, site: Site, words: MailLanguage): MailMessage {
    const { t } = words;
    const title = opportunity.title;
    return this.mail(signup, words, {
      subject: t("volunteer.tomorrowSubject", { title }),
      heading: t("volunteer.reminderHeading", { title }),
      lines: [
        t("volunteer.comingUp"),
        this.when(shift, site, words),
        t("volunteer.where", { place: shift.place }),
        ...(shift.requirements ? [t("volunteer.requirements", { requirements: shift.requirements })] : []),
        t("volunteer.cancelIfNot"),
      ],
      link: { text: t("volunteer.seeShift"), url: this.url(opportunity, shift) },
      why: t("volunteer.why", { site: site.name }),
    });
  }

  private url(opportunity: StoredOpportunity, shift: StoredShift): string {
    return `${this.options.siteUrl}${volunteerPaths.shift(opportunity.id, shift.id)}`;
  }

  private when(shift: StoredShift, site: Site, { t, language }: MailLanguage): string {
    return t("volunteer.when", { when: formatEventWhen(shift.startsAt, shift.endsAt, false, language, site.timeZone) });
  }

  /** Every volunteering mail: the text, the same in HTML, why the person gets it and how to stop it. */
  private mail(to: Pick<StoredSignup, "email">, { t }: MailLanguage, content: Content): MailMessage {
    const preferences = `${this.options.siteUrl}${NOTIFICATION_PREFERENCES_PATH}`;
    const text = [content.heading, "", ...content.lines, "", `${content.link.text}: ${content.link.url}`, "", content.why, t("notice.preferencesLine", { url: preferences })].join("\n");
    const html = [
      `<h1>${escapeHtml(content.heading)}</h1>`,
      ...content.lines.filter(Boolean).map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${escapeHtml(content.link.url)}">${escapeHtml(content.link.text)}</a></p>`,
      `<p style="color:#57534e">${escapeHtml(content.why)} <a href="${escapeHtml(preferences)}">${escapeHtml(t("notice.preferencesLink"))}</a>.</p>`,
    ].join("\n");
    return { to: to.email, subject: content.subject, text, html, link: content.link.url };
  }
}
