// Survey mail. Reminders: one before an open survey closes (REMIND_BEFORE_HOURS), to each member who has not answered
// and wants survey mail at once; each member is recorded as they are passed (mailed, answered already, or wanting
// none), so a run that stops halfway is finished by the next without mailing anyone twice. Runs as SURVEY_MAIL_JOB
// (decision 0018). Confirmations: the link a visitor opens to make a public survey's answer count.
import type { Mailer, MailMessage } from "#server/mail/mailer.ts";
import { escapeHtml } from "#server/mail/templates.ts";
import { NOTIFICATION_PREFERENCES_PATH, type Delivery, type NotificationKind } from "#shared/schemas/notification-preferences.ts";
import { surveyPath } from "#shared/schemas/survey.ts";
import { formatEventWhen } from "#shared/zoned-time.ts";
import type { SurveyRepository, StoredSurvey } from "./survey.repository.ts";
import type { PersonKey } from "./survey-keys.ts";

export const SURVEY_MAIL_JOB = "survey-mail";
export const REMIND_BEFORE_HOURS = 48;

export interface SurveyMailOptions {
  repository: SurveyRepository;
  /** Without one no mail is sent (and none is recorded as sent). */
  mailer: Mailer | undefined;
  siteUrl: string;
  site: () => Promise<{ name: string; timeZone: string }>;
  deliveryOf: (userId: string, kind: NotificationKind) => Promise<Delivery>;
  /** The keyed hash of survey and member, to tell who has answered without any answer naming them. */
  personKey: PersonKey;
  now?: () => Date;
}

/** "Friday, December 4, 2026, 6:00 PM EST". */
const closing = (survey: StoredSurvey, timeZone: string) => formatEventWhen(survey.closesAt!, null, false, timeZone);

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
      const site = await this.options.site();
      for (const member of await repository.membersNotReminded(survey.id)) {
        const answered = await repository.hasAnswered(survey.id, this.options.personKey(survey.id, { userId: member.id }));
        if (!answered && (await this.options.deliveryOf(member.id, "surveys")) === "at once") {
          await mailer.send(this.reminder(survey, member.email, site));
          sent++;
        }
        await repository.recordReminded(survey.id, member.id);
      }
    }
    return sent;
  }

  private reminder(survey: StoredSurvey, to: string, site: { name: string; timeZone: string }): MailMessage {
    const url = `${this.options.siteUrl}${surveyPath(survey.id)}`;
    const preferences = `${this.options.siteUrl}${NOTIFICATION_PREFERENCES_PATH}`;
    const when = closing(survey, site.timeZone);
    const why = `You get this reminder because you are a member of ${site.name}, you have not answered this survey yet, and your notification preferences send you survey mail at once. It is the only reminder of this survey.`;
    const text = [`The survey "${survey.title}" closes on ${when}.`, "", `Answer it: ${url}`, "", why, `To stop survey reminders, change your notification preferences: ${preferences}`].join("\n");
    const html = [
      `<h1>${escapeHtml(survey.title)}</h1>`,
      `<p>This survey closes on ${escapeHtml(when)}.</p>`,
      `<p><a href="${escapeHtml(url)}">Answer the survey</a></p>`,
      `<p style="color:#57534e;font-size:13px">${escapeHtml(why)} <a href="${escapeHtml(preferences)}">Stop survey reminders</a>.</p>`,
    ].join("\n");
    return { to, subject: `Reminder: ${survey.title}`, text, html, link: url };
  }

  /** The link that makes a visitor's answer count. */
  async sendConfirmation(to: string, survey: StoredSurvey, link: string): Promise<void> {
    if (!this.options.mailer) return;
    const site = await this.options.site();
    const why = `You get this mail because this address was given with an answer to the survey "${survey.title}" on ${site.name}. If that was not you, do nothing: without the link the answer is not counted, and no more mail follows.`;
    const text = [`Confirm your answer to "${survey.title}":`, link, "", "The link works for 48 hours.", "", why].join("\n");
    const html = [
      `<h1>Confirm your answer</h1>`,
      `<p>Your answer to <strong>${escapeHtml(survey.title)}</strong> counts once you open this link:</p>`,
      `<p><a href="${escapeHtml(link)}">Confirm my answer</a></p>`,
      `<p>The link works for 48 hours.</p>`,
      `<p style="color:#57534e;font-size:13px">${escapeHtml(why)}</p>`,
    ].join("\n");
    await this.options.mailer.send({ to, subject: `Confirm your answer: ${survey.title}`, text, html, link });
  }
}
