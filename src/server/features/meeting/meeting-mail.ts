// The meetings' mail, sent by the job MEETING_MAIL_JOB (one instance at a time): a new meeting to the members, the
// confirmation of each answer (with the meeting's invitation, METHOD:REQUEST), a change of time or place or a
// cancellation to those who answered yes or maybe (the invitation again, same UID, higher SEQUENCE; METHOD:CANCEL
// when cancelled), and the minutes once added. Each person's mail is recorded as it goes, so a run that stops halfway
// is finished by the next one without mailing anyone twice. Who wants "meetings" or "minutes" at once is mailed; the
// others are recorded without a mail (the digest reads meetings itself). Subjects are short, the site's name is in
// the text, so that a mail program shows the meeting's title whole.
import type { TFunction } from "i18next";
import type { Mailer, MailMessage } from "#server/mail/mailer.ts";
import { mailT } from "#server/mail/recipient-language.ts";
import { escapeHtml } from "#server/mail/templates.ts";
import { formatEventWhen } from "#shared/i18n/format.ts";
import type { Language } from "#shared/i18n/languages.ts";
import type { Delivery, NotificationKind } from "#shared/schemas/notification-preferences.ts";
import { NOTIFICATION_PREFERENCES_PATH } from "#shared/schemas/notification-preferences.ts";
import type { RsvpResponse } from "#shared/schemas/meeting.ts";
import { contentText, sanitizeHtml } from "#server/features/page/index.ts";
import type { MemberRecipient } from "#server/features/announcement/index.ts";
import { meetingCalendar, meetingPath } from "./meeting-calendar.ts";
import type { MeetingRepository, StoredMeeting } from "./meeting.repository.ts";

export const MEETING_MAIL_JOB = "meeting-mail";

export interface MeetingMailOptions {
  repository: MeetingRepository;
  /** Without one no mail is sent (and none is recorded as sent). */
  mailer: Mailer | undefined;
  siteUrl: string;
  /** The association's name in a language (its translation, else the original), and its time zone. */
  site: (language?: Language) => Promise<{ name: string; timeZone: string }>;
  /** The address invitations name as their organizer (the site's sender). */
  organizerEmail: string;
  deliveryOf: (userId: string, kind: NotificationKind) => Promise<Delivery>;
  /** The member's language (their account's, else the site's default); English without it. */
  languageOf?: (userId: string) => Promise<Language>;
  now?: () => Date;
}

/** A member's mail is written in their language: its words and its dates. */
interface Words {
  t: TFunction;
  language: Language;
}

interface Site {
  name: string;
  timeZone: string;
}

export class MeetingMail {
  private readonly options: MeetingMailOptions;
  constructor(options: MeetingMailOptions) {
    this.options = options;
  }

  /** Sends every meetings' mail that is due; answers how many mails went. */
  async sendDue(): Promise<number> {
    const { repository, mailer } = this.options;
    if (!mailer) return 0;
    const now = (this.options.now?.() ?? new Date()).toISOString();
    let sent = 0;
    const send = async (userId: string, kind: NotificationKind, message: (words: Words, site: Site) => MailMessage) => {
      if ((await this.options.deliveryOf(userId, kind)) !== "at once") return;
      const language = (await this.options.languageOf?.(userId)) ?? "en";
      await mailer.send(message({ t: await mailT(language), language }, await this.options.site(language)));
      sent++;
    };

    // Confirmations first: one sent with the meeting as it now stands covers a change not yet mailed to that person.
    for (const rsvp of await repository.confirmationsDue()) {
      const meeting = await repository.get(rsvp.meetingId);
      if (meeting && !meeting.cancelled && meeting.endsAt > now) {
        await send(rsvp.userId, "meetings", (words, site) => this.confirmation(meeting, { id: rsvp.userId, email: rsvp.email, displayName: rsvp.displayName }, rsvp.response, site, words));
        await repository.recordMailed(meeting.id, rsvp.userId, `change:${meeting.sequence}`);
      }
      await repository.markConfirmed(rsvp);
    }

    for (const meeting of await repository.mailDue()) {
      const upcoming = !meeting.cancelled && meeting.endsAt > now;
      if (!meeting.announcedAt) {
        // One arranged after the fact (to keep its minutes) or already cancelled is not announced.
        if (upcoming) {
          for (const member of await repository.membersNotMailed(meeting.id, "announced")) {
            await send(member.id, "meetings", (words, site) => this.announcement(meeting, member, site, words));
            await repository.recordMailed(meeting.id, member.id, "announced");
          }
        }
        await repository.markAnnounced(meeting.id);
      }
      if (meeting.mailedSequence < meeting.sequence) {
        const topic = `change:${meeting.sequence}`;
        if (meeting.endsAt > now) {
          for (const person of await repository.attendeesNotMailed(meeting.id, topic)) {
            await send(person.id, "meetings", (words, site) => this.change(meeting, person, person.response, site, words));
            await repository.recordMailed(meeting.id, person.id, topic);
          }
        }
        await repository.markSequenceMailed(meeting.id, meeting.sequence);
      }
      if (meeting.minutes && !meeting.minutesMailedAt) {
        for (const member of await repository.membersNotMailed(meeting.id, "minutes")) {
          await send(member.id, "minutes", (words, site) => this.minutes(meeting, member, site, words));
          await repository.recordMailed(meeting.id, member.id, "minutes");
        }
        await repository.markMinutesMailed(meeting.id);
      }
    }
    return sent;
  }

  private announcement(meeting: StoredMeeting, member: MemberRecipient, site: Site, words: Words): MailMessage {
    const { t } = words;
    return this.message(member, site, "meetings", words, {
      subject: t("meeting.announceSubject", { title: meeting.title }),
      heading: meeting.title,
      lines: [this.when(meeting, site, words), ...this.where(meeting, words), t("meeting.willYouCome")],
      html: sanitizeHtml(meeting.agenda),
      link: { text: t("meeting.answerOnSite"), url: this.url(meeting) },
    });
  }

  private confirmation(meeting: StoredMeeting, person: MemberRecipient, response: RsvpResponse, site: Site, words: Words): MailMessage {
    const { t } = words;
    const answer = t(`meeting.rsvp.${response}`);
    const message = this.message(person, site, "meetings", words, {
      subject: t("meeting.answeredSubject", { answer, title: meeting.title }),
      heading: meeting.title,
      lines: [t("meeting.yourAnswer", { answer }), this.when(meeting, site, words), ...this.where(meeting, words), response === "no" ? "" : t("meeting.invitationAttached")],
      link: { text: t("meeting.seeMeeting"), url: this.url(meeting) },
    });
    return response === "no" ? message : { ...message, calendar: this.invitation(meeting, person, response, site, "REQUEST", words) };
  }

  private change(meeting: StoredMeeting, person: MemberRecipient, response: RsvpResponse, site: Site, words: Words): MailMessage {
    const { t } = words;
    const cancelled = meeting.cancelled;
    const heading = t(cancelled ? "meeting.cancelled" : "meeting.changed", { title: meeting.title });
    const message = this.message(person, site, "meetings", words, {
      subject: heading,
      heading,
      lines: [
        t(cancelled ? "meeting.isCancelled" : "meeting.hasChanged"),
        this.when(meeting, site, words),
        ...this.where(meeting, words),
        t(cancelled ? "meeting.updateRemoves" : "meeting.updateChanges"),
      ],
      link: { text: t("meeting.seeMeeting"), url: this.url(meeting) },
    });
    return { ...message, calendar: this.invitation(meeting, person, response, site, cancelled ? "CANCEL" : "REQUEST", words) };
  }

  private minutes(meeting: StoredMeeting, member: MemberRecipient, site: Site, words: Words): MailMessage {
    const { t } = words;
    const heading = t("meeting.minutes", { title: meeting.title });
    return this.message(member, site, "minutes", words, {
      subject: heading,
      heading,
      lines: [this.when(meeting, site, words)],
      html: sanitizeHtml(meeting.minutes ?? ""),
      link: { text: t("meeting.readMinutes"), url: this.url(meeting) },
    });
  }

  private invitation(meeting: StoredMeeting, person: MemberRecipient, response: RsvpResponse, site: Site, method: "REQUEST" | "CANCEL", { t }: Words) {
    const content = meetingCalendar([meeting], {
      name: site.name,
      siteName: site.name,
      siteUrl: this.options.siteUrl,
      timeZone: site.timeZone,
      method,
      organizer: { name: site.name, email: this.options.organizerEmail },
      attendee: { name: person.displayName, email: person.email, response },
      t,
    });
    return { method, filename: "meeting.ics", content };
  }

  private url(meeting: StoredMeeting): string {
    return `${this.options.siteUrl}${meetingPath(meeting.id)}`;
  }

  private when(meeting: StoredMeeting, site: Site, { t, language }: Words): string {
    return t("meeting.when", { when: formatEventWhen(meeting.startsAt, meeting.endsAt, false, language, site.timeZone) });
  }

  private where(meeting: StoredMeeting, { t }: Words): string[] {
    return [meeting.place ? t("meeting.where", { place: meeting.place }) : null, meeting.videoLink ? t("meeting.video", { link: meeting.videoLink }) : null].filter(
      (line): line is string => line !== null,
    );
  }

  /** Every meeting mail: the text, the same in HTML, why the person gets it and how to stop it. */
  private message(
    to: MemberRecipient,
    site: Site,
    kind: "meetings" | "minutes",
    { t }: Words,
    content: { subject: string; heading: string; lines: string[]; html?: string; link: { text: string; url: string } },
  ): MailMessage {
    const preferences = `${this.options.siteUrl}${NOTIFICATION_PREFERENCES_PATH}`;
    const why = t(kind === "meetings" ? "meeting.whyMeetings" : "meeting.whyMinutes", { site: site.name });
    const lines = content.lines.filter(Boolean);
    const text = [
      content.heading,
      "",
      ...lines,
      ...(content.html && contentText(content.html, "html") ? ["", contentText(content.html, "html")] : []),
      "",
      `${content.link.text}: ${content.link.url}`,
      "",
      why,
      t("notice.preferencesLine", { url: preferences }),
    ].join("\n");
    const html = [
      `<h1>${escapeHtml(content.heading)}</h1>`,
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      content.html ?? "",
      `<p><a href="${escapeHtml(content.link.url)}">${escapeHtml(content.link.text)}</a></p>`,
      `<p style="color:#57534e">${escapeHtml(why)} <a href="${escapeHtml(preferences)}">${escapeHtml(t("notice.preferencesLink"))}</a>.</p>`,
    ].join("\n");
    return { to: to.email, subject: content.subject, text, html, link: content.link.url };
  }
}
