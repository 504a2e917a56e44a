// Volunteering's mail. The job VOLUNTEER_MAIL_JOB (one instance at a time) sends each sign-up's news once its status
// changes: a confirmation with the shift's calendar entry, a place on the waiting list, and "You have a place" when a
// place freed confirms someone waiting (again with the calendar entry); and a reminder the day before a shift to each
// one confirmed. Each is recorded on the sign-up as it goes (the status mailed, the reminder's time), so a run that
// stops halfway is finished by the next without mailing anyone twice. An administrator's message to a shift's
// volunteers goes at once, to each. Kind `volunteering` governs them all: "off" is recorded without a mail.
import type { Mailer, MailMessage } from "#server/mail/mailer.ts";
import { escapeHtml } from "#server/mail/templates.ts";
import { formatEventWhen } from "#shared/zoned-time.ts";
import type { Delivery, NotificationKind } from "#shared/schemas/notification-preferences.ts";
import { NOTIFICATION_PREFERENCES_PATH } from "#shared/schemas/notification-preferences.ts";
import { volunteerPaths } from "#shared/schemas/volunteer.ts";
import { shiftCalendar } from "./volunteer-calendar.ts";
import type { StoredOpportunity, StoredShift, StoredSignup, VolunteerRepository } from "./volunteer.repository.ts";

export const VOLUNTEER_MAIL_JOB = "volunteer-mail";

const DAY_MS = 24 * 3_600_000;

export interface VolunteerMailOptions {
  repository: VolunteerRepository;
  /** Without one no mail is sent (and none is recorded as sent). */
  mailer: Mailer | undefined;
  siteUrl: string;
  site: () => Promise<{ name: string; timeZone: string }>;
  deliveryOf: (userId: string, kind: NotificationKind) => Promise<Delivery>;
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
    const site = await this.options.site();
    const now = this.options.now?.() ?? new Date();
    let sent = 0;
    const wants = async (userId: string) => (await this.options.deliveryOf(userId, "volunteering")) === "at once";

    for (const signup of await repository.statusMailDue()) {
      const found = await this.shiftOf(signup.shiftId);
      if (found && found.shift.startsAt > now.toISOString() && (await wants(signup.userId))) {
        await mailer.send(this.statusMail(signup, found.shift, found.opportunity, site));
        sent++;
      }
      await repository.markStatusMailed(signup.id, signup.status);
    }

    for (const signup of await repository.remindersDue(now.toISOString(), new Date(now.getTime() + DAY_MS).toISOString())) {
      const found = await this.shiftOf(signup.shiftId);
      if (found && (await wants(signup.userId))) {
        await mailer.send(this.reminder(signup, found.shift, found.opportunity, site));
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
    const site = await this.options.site();
    let sent = 0;
    for (const volunteer of volunteers) {
      if ((await this.options.deliveryOf(volunteer.userId, "volunteering")) !== "at once") continue;
      await mailer.send(
        this.mail(volunteer, site, {
          subject: message.subject,
          heading: message.subject,
          lines: [...message.message.split(/\r?\n/), "", `Your shift: ${opportunity.title}`, this.when(shift, site), `Where: ${shift.place}`],
          link: { text: "See the shift", url: this.url(opportunity, shift) },
          why: `You get this mail because you are signed up for this shift with ${site.name}, whose organisers wrote to its volunteers.`,
        }),
      );
      sent++;
    }
    return sent;
  }

  private async shiftOf(shiftId: string) {
    const shift = await this.options.repository.shift(shiftId);
    const opportunity = shift && (await this.options.repository.get(shift.opportunityId));
    return shift && opportunity ? { shift, opportunity } : undefined;
  }

  private statusMail(signup: StoredSignup, shift: StoredShift, opportunity: StoredOpportunity, site: Site): MailMessage {
    const why = `You get this mail because you signed up for this shift with ${site.name} and your notification preferences send you volunteering mail at once.`;
    const facts = [this.when(shift, site), `Where: ${shift.place}`, ...(shift.requirements ? [`Requirements: ${shift.requirements}`] : [])];
    const link = { text: "See the shift", url: this.url(opportunity, shift) };
    if (signup.status === "waiting") {
      return this.mail(signup, site, {
        subject: `Waiting list: ${opportunity.title}`,
        heading: opportunity.title,
        lines: ["The shift is full: you are on its waiting list. If a place frees, it is yours and we mail you.", ...facts],
        link,
        why,
      });
    }
    const promoted = signup.mailedStatus === "waiting";
    const message = this.mail(signup, site, {
      subject: promoted ? `You have a place: ${opportunity.title}` : `Signed up: ${opportunity.title}`,
      heading: promoted ? `You have a place: ${opportunity.title}` : opportunity.title,
      lines: [
        promoted ? "A place freed on the shift you waited for: you are now confirmed." : "You are signed up for this shift.",
        ...facts,
        "The attached calendar entry adds the shift to your calendar.",
      ],
      link,
      why,
    });
    return { ...message, calendar: { method: "PUBLISH", filename: "shift.ics", content: shiftCalendar(shift, opportunity, { siteUrl: this.options.siteUrl, siteName: site.name, timeZone: site.timeZone }) } };
  }

  private reminder(signup: StoredSignup, shift: StoredShift, opportunity: StoredOpportunity, site: Site): MailMessage {
    return this.mail(signup, site, {
      subject: `Tomorrow: ${opportunity.title}`,
      heading: `Reminder: ${opportunity.title}`,
      lines: ["Your volunteer shift is coming up.", this.when(shift, site), `Where: ${shift.place}`, ...(shift.requirements ? [`Requirements: ${shift.requirements}`] : []), "If you cannot come, cancel on the site so someone waiting can take your place."],
      link: { text: "See the shift", url: this.url(opportunity, shift) },
      why: `You get this mail because you signed up for this shift with ${site.name} and your notification preferences send you volunteering mail at once.`,
    });
  }

  private url(opportunity: StoredOpportunity, shift: StoredShift): string {
    return `${this.options.siteUrl}${volunteerPaths.shift(opportunity.id, shift.id)}`;
  }

  private when(shift: StoredShift, site: Site): string {
    return `When: ${formatEventWhen(shift.startsAt, shift.endsAt, false, site.timeZone)}`;
  }

  /** Every volunteering mail: the text, the same in HTML, why the person gets it and how to stop it. */
  private mail(to: Pick<StoredSignup, "email">, _site: Site, content: Content): MailMessage {
    const preferences = `${this.options.siteUrl}${NOTIFICATION_PREFERENCES_PATH}`;
    const text = [content.heading, "", ...content.lines, "", `${content.link.text}: ${content.link.url}`, "", content.why, `Change your notification preferences: ${preferences}`].join("\n");
    const html = [
      `<h1>${escapeHtml(content.heading)}</h1>`,
      ...content.lines.filter(Boolean).map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${escapeHtml(content.link.url)}">${escapeHtml(content.link.text)}</a></p>`,
      `<p style="color:#57534e">${escapeHtml(content.why)} <a href="${escapeHtml(preferences)}">Change your notification preferences</a>.</p>`,
    ].join("\n");
    return { to: to.email, subject: content.subject, text, html, link: content.link.url };
  }
}
