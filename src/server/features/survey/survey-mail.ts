// Survey mail. Reminders: one before an open survey closes (REMIND_BEFORE_HOURS), to each member who has not answered
// and wants survey mail at once; each member is recorded as they are passed (mailed, answered already, or wanting
// none), so a run that stops halfway is finished by the next without mailing anyone twice. Runs as SURVEY_MAIL_JOB
// (decision 0018). Confirmations: the link a visitor opens to make a public survey's answer count.
import type { Mailer, MailMessage } from "#server/mail/mailer.ts";
import { mailLanguage, type RecipientLanguages } from "#server/mail/recipient-language.ts";
import { escapeHtml } from "#server/mail/templates.ts";
import { formatEventWhen } from "#shared/i18n/format.ts";
import type { Language } from "#shared/i18n/languages.ts";
import { NOTIFICATION_PREFERENCES_PATH, type Delivery, type NotificationKind } from "#shared/schemas/notification-preferences.ts";
import { surveyPath } from "#shared/schemas/survey.ts";
import type { SurveyRepository, StoredSurvey } from "./survey.repository.ts";
import type { PersonKey } from "./survey-keys.ts";

export const SURVEY_MAIL_JOB = "survey-mail";
export const REMIND_BEFORE_HOURS = 48;

export interface SurveyMailOptions {
  repository: SurveyRepository;
  /** Without one no mail is sent (and none is recorded as sent). */
  mailer: Mailer | undefined;
  siteUrl: string;
  /** The association's name in a language (its translation, else the original), and its time zone. */
  site: (language?: Language) => Promise<{ name: string; timeZone: string }>;
  deliveryOf: (userId: string, kind: NotificationKind) => Promise<Delivery>;
  /** The keyed hash of survey and member, to tell who has answered without any answer naming them. */
  personKey: PersonKey;
  /** Members' languages (their accounts'), and the site's default for a visitor's confirmation; English without it. */
  languages?: RecipientLanguages;
  now?: () => Date;
}

/** "Friday, December 4, 2026, 6:00 PM EST". */
const closing = (survey: StoredSurvey, language: Language, timeZone: string) => formatEventWhen(survey.closesAt!, null, false, language, timeZone);

export class SurveyMail {
  private readonly options: SurveyMailOptions;
  constructor(options: SurveyMailOptions) {
    this.options = options;
  }

  /** Reminds members of the open surveys closing within REMIND_BEFORE_HOURS; answers how many mails went. */
  async sendReminders(): Promise<number> {
    const { repository, mailer } = this.options;
    if (!mailer) return 0;
    const now = this.options.now?.() ?? new Date();
    const soon = new Date(now.getTime() + REMIND_BEFORE_HOURS * 3_600_000).toISOString();
    let sent = 0;
    for (const survey of await repository.openAt(now.toISOString())) {
      if (!survey.closesAt || survey.closesAt > soon) continue;
      for (const member of await repository.membersNotReminded(survey.id)) {
        const answered = await repository.hasAnswered(survey.id, this.options.personKey(survey.id, { userId: member.id }));
        if (!answered && (await this.options.deliveryOf(member.id, "surveys")) === "at once") {
          await mailer.send(await this.reminder(survey, member.email, await this.options.languages?.ofUser(member.id)));
          sent++;
        }
        await repository.recordReminded(survey.id, member.id);
      }
    }
    return sent;
  }

  private async reminder(survey: StoredSurvey, to: string, language: Language | undefined): Promise<MailMessage> {
    const { t, language: lang } = await mailLanguage(language);
    const site = await this.options.site(lang);
    const url = `${this.options.siteUrl}${surveyPath(survey.id)}`;
    const preferences = `${this.options.siteUrl}${NOTIFICATION_PREFERENCES_PATH}`;
    const when = closing(survey, lang, site.timeZone);
    const why = t("survey.whyReminder", { site: site.name });
    const text = [t("survey.closesOn", { title: survey.title, when }), "", t("survey.answerLine", { url }), "", why, t("survey.stopLine", { url: preferences })].join("\n");
    const html = [
      `<h1>${escapeHtml(survey.title)}</h1>`,
      `<p>${escapeHtml(t("survey.closesOnHtml", { when }))}</p>`,
      `<p><a href="${escapeHtml(url)}">${escapeHtml(t("survey.answer"))}</a></p>`,
      `<p style="color:#57534e;font-size:13px">${escapeHtml(why)} <a href="${escapeHtml(preferences)}">${escapeHtml(t("survey.stop"))}</a>.</p>`,
    ].join("\n");
    return { to, subject: t("survey.reminderSubject", { title: survey.title }), text, html, link: url };
  }

  /** The link that makes a visitor's answer count. */
  async sendConfirmation(to: string, survey: StoredSurvey, link: string): Promise<void> {
    if (!this.options.mailer) return;
    // A visitor has no account: the site's default language.
    const { t, language } = await mailLanguage(await this.options.languages?.resolve(null));
    const site = await this.options.site(language);
    const why = t("survey.whyConfirm", { title: survey.title, site: site.name });
    const text = [t("survey.confirmLine", { title: survey.title }), link, "", t("survey.validity"), "", why].join("\n");
    const html = [
      `<h1>${escapeHtml(t("survey.confirmHeading"))}</h1>`,
      `<p>${t("survey.countsOnce", { title: escapeHtml(survey.title) })}</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(t("survey.confirmAction"))}</a></p>`,
      `<p>${escapeHtml(t("survey.validity"))}</p>`,
      `<p style="color:#57534e;font-size:13px">${escapeHtml(why)}</p>`,
    ].join("\n");
    await this.options.mailer.send({ to, subject: t("survey.confirmSubject", { title: survey.title }), text, html, link });
  }
}
