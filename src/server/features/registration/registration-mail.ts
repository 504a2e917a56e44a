// What registrants are mailed: their place (with the event's calendar entry, the QR code to show at the door and a
// link to cancel), their place on the waiting list, a place given from the waiting list, the reminder the day before,
// the organizers' messages and a cancelled date. Each mail says why it came and how to stop it (cancelling).
import { TZDate } from "@date-fns/tz";
import { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import QRCode from "qrcode";
import { escapeHtml } from "#server/mail/templates.ts";
import type { Mailer, MailMessage } from "#server/mail/mailer.ts";
import { eventUid, newCalendar } from "#server/features/seo/index.ts";
import type { Event } from "#shared/schemas/event.ts";
import { registrationQrText } from "#shared/schemas/registration.ts";
import { formatEventWhen } from "#shared/zoned-time.ts";
import type { StoredRegistration } from "./registration.repository.ts";
import type { RegistrationNotices } from "./registration.service.ts";

export interface RegistrationMailDeps {
  mailer: Mailer | undefined;
  siteUrl: string;
  site: () => Promise<{ name: string; timeZone: string }>;
}

const QR_CID = "registration-qr@niche";

/** The page where the mailed link cancels the registration. */
export function cancelUrl(siteUrl: string, registration: Pick<StoredRegistration, "id" | "cancelToken">): string {
  return `${siteUrl}/registrations/${encodeURIComponent(registration.id)}/cancel?token=${encodeURIComponent(registration.cancelToken)}`;
}

export function eventUrl(siteUrl: string, event: Pick<Event, "id" | "occurrenceDate" | "recurrenceRule">, date: string | null): string {
  return `${siteUrl}/events/${encodeURIComponent(event.id)}${date ? `/${date}` : ""}`;
}

/** The event as a calendar entry with the registration in its description (how many places, the check-in code). */
export function registrationCalendar(registration: StoredRegistration, event: Event, { siteUrl, siteName, timeZone }: { siteUrl: string; siteName: string; timeZone: string }): string {
  const cal = newCalendar({ name: siteName, product: "Registrations", timeZone, method: ICalCalendarMethod.PUBLISH });
  const zoned = (iso: string) => new TZDate(new Date(iso), timeZone);
  const url = eventUrl(siteUrl, event, registration.occurrenceDate);
  cal.createEvent({
    id: eventUid(`registration-${registration.id}`, siteUrl),
    sequence: event.sequence,
    stamp: new Date(registration.lastUpdatedAt),
    summary: event.name,
    timezone: timeZone,
    start: zoned(event.eventDate),
    end: event.endDate ? zoned(event.endDate) : null,
    description: [
      `Registration for ${registration.name}: ${registration.partySize === 1 ? "1 place" : `${registration.partySize} places`}.`,
      `Check-in code: ${registration.checkInCode}`,
      `Cancel: ${cancelUrl(siteUrl, registration)}`,
      url,
    ].join("\n\n"),
    url,
    status: ICalEventStatus.CONFIRMED,
  });
  return cal.toString();
}

function compose(to: string, subject: string, paragraphs: string[], action: { label: string; url: string } | null, footer: string[], extra: { html?: string } = {}): MailMessage {
  const text = [...paragraphs, ...(action ? ["", `${action.label}: ${action.url}`] : []), "", ...footer].join("\n");
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p).replaceAll("\n", "<br>")}</p>`),
    extra.html ?? "",
    action ? `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>` : "",
    ...footer.map((l) => `<p style="color:#57534e">${escapeHtml(l)}</p>`),
  ]
    .filter(Boolean)
    .join("\n");
  return { to, subject, text, html, ...(action ? { link: action.url } : {}) };
}

export class RegistrationMail implements RegistrationNotices {
  private readonly deps: RegistrationMailDeps;
  constructor(deps: RegistrationMailDeps) {
    this.deps = deps;
  }

  private async send(message: MailMessage): Promise<void> {
    await this.deps.mailer?.send(message);
  }

  private when(event: Event, timeZone: string): string {
    return formatEventWhen(event.eventDate, event.endDate, event.allDay, timeZone);
  }

  private why(siteName: string): string {
    return `You get this e-mail because this address was registered for an event on ${siteName}. To stop these e-mails, cancel the registration with the link above.`;
  }

  /** The place itself: calendar entry, QR code (inline image, and its code in words), cancel link. */
  private async placeMail(registration: StoredRegistration, event: Event, subject: string, opening: string): Promise<MailMessage> {
    const { name: siteName, timeZone } = await this.deps.site();
    const qr = await QRCode.toBuffer(registrationQrText(registration), { type: "png", errorCorrectionLevel: "M", margin: 2, width: 240 });
    const places = registration.partySize === 1 ? "1 place" : `${registration.partySize} places`;
    const message = compose(
      registration.email,
      subject,
      [
        opening,
        `${event.name}\n${this.when(event, timeZone)}\n${places} for ${registration.name}.`,
        `At the door, show the QR code in this e-mail or give your check-in code: ${registration.checkInCode}`,
        `Event page: ${eventUrl(this.deps.siteUrl, event, registration.occurrenceDate)}`,
      ],
      { label: "Cancel my registration", url: cancelUrl(this.deps.siteUrl, registration) },
      [this.why(siteName)],
      { html: `<p><img src="cid:${QR_CID}" width="240" height="240" alt="QR code of your registration, check-in code ${escapeHtml(registration.checkInCode)}"></p>` },
    );
    return {
      ...message,
      calendar: { method: "PUBLISH", filename: "event.ics", content: registrationCalendar(registration, event, { siteUrl: this.deps.siteUrl, siteName, timeZone }) },
      attachments: [{ filename: "registration-qr.png", content: qr, contentType: "image/png", cid: QR_CID }],
    };
  }

  async registered(registration: StoredRegistration, event: Event): Promise<void> {
    if (registration.status === "confirmed") {
      await this.send(await this.placeMail(registration, event, `You are registered: ${event.name}`, "Your place is confirmed."));
      return;
    }
    const { name: siteName, timeZone } = await this.deps.site();
    await this.send(
      compose(
        registration.email,
        `You are on the waiting list: ${event.name}`,
        [
          "The event is full, so you are on its waiting list. When a place frees up for your whole party, it is yours and we e-mail you.",
          `${event.name}\n${this.when(event, timeZone)}`,
        ],
        { label: "Leave the waiting list", url: cancelUrl(this.deps.siteUrl, registration) },
        [this.why(siteName)],
      ),
    );
  }

  async promoted(registration: StoredRegistration, event: Event): Promise<void> {
    await this.send(await this.placeMail(registration, event, `A place is yours: ${event.name}`, "A place freed up: you moved from the waiting list and your place is confirmed."));
  }

  /** The reminder the day before, with the place's details again. */
  async reminder(registration: StoredRegistration, event: Event): Promise<void> {
    await this.send(await this.placeMail(registration, event, `Reminder: ${event.name} is tomorrow`, "A reminder: the event you registered for is tomorrow."));
  }

  async message(registrations: StoredRegistration[], event: Event, content: { subject: string; message: string }): Promise<void> {
    const { name: siteName, timeZone } = await this.deps.site();
    for (const registration of registrations) {
      await this.send(
        compose(
          registration.email,
          `${content.subject} (${event.name})`,
          [`A message from the organizers of ${event.name} (${this.when(event, timeZone)}):`, content.message],
          { label: "Cancel my registration", url: cancelUrl(this.deps.siteUrl, registration) },
          [this.why(siteName)],
        ),
      );
    }
  }

  async cancelled(registrations: StoredRegistration[], event: Event): Promise<void> {
    const { name: siteName, timeZone } = await this.deps.site();
    for (const registration of registrations) {
      await this.send(
        compose(
          registration.email,
          `Cancelled: ${event.name}`,
          [`The organizers cancelled ${event.name} on ${this.when(event, timeZone)}. Your registration is closed: there is nothing more to do.`],
          null,
          [`You get this e-mail because this address was registered for this event on ${siteName}. No more e-mails about it will come.`],
        ),
      );
    }
  }
}
