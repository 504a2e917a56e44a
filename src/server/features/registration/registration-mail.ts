// What registrants are mailed: their place (with the event's calendar entry, the QR code to show at the door and a
// link to cancel), their place on the waiting list, a place given from the waiting list, the reminder the day before,
// the organizers' messages and a cancelled date. Each mail says why it came and how to stop it (cancelling).
import { TZDate } from "@date-fns/tz";
import { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import type QRCode from "qrcode";
import { mailLanguage, type MailLanguage, type RecipientLanguages } from "#server/mail/recipient-language.ts";
import { escapeHtml } from "#server/mail/templates.ts";
import type { Mailer, MailMessage } from "#server/mail/mailer.ts";
import { eventUid, newCalendar } from "#server/features/seo/index.ts";
import type { Event } from "#shared/schemas/event.ts";
import { registrationQrText } from "#shared/schemas/registration.ts";
import { lazyRequire } from "#server/lib/lazy-require.ts";
import { formatEventWhen } from "#shared/i18n/format.ts";
import type { Language } from "#shared/i18n/languages.ts";
import type { StoredRegistration } from "./registration.repository.ts";
import type { RegistrationNotices } from "./registration.service.ts";

export interface RegistrationMailDeps {
  mailer: Mailer | undefined;
  siteUrl: string;
  /** The association's name in a language (its translation, else the original), and its time zone. */
  site: (language?: Language) => Promise<{ name: string; timeZone: string }>;
  /** A registrant's language: their account's, else the page's they registered from, else the site's default. */
  languages?: RecipientLanguages;
  /** The event as a page in a language shows it: its name and description translated where they are. */
  eventIn?: (event: Event, language: Language) => Promise<Event>;
}

const QR_CID = "registration-qr@niche";
// Loaded with the first registration mailed (some megabytes): no other request needs it.
const qrCode = lazyRequire<typeof QRCode>("qrcode");

/** The page where the mailed link cancels the registration. */
export function cancelUrl(siteUrl: string, registration: Pick<StoredRegistration, "id" | "cancelToken">): string {
  return `${siteUrl}/registrations/${encodeURIComponent(registration.id)}/cancel?token=${encodeURIComponent(registration.cancelToken)}`;
}

export function eventUrl(siteUrl: string, event: Pick<Event, "id" | "occurrenceDate" | "recurrenceRule">, date: string | null): string {
  return `${siteUrl}/events/${encodeURIComponent(event.id)}${date ? `/${date}` : ""}`;
}

/** The event as a calendar entry with the registration in its description (how many places, the check-in code). */
export function registrationCalendar(
  registration: StoredRegistration,
  event: Event,
  { siteUrl, siteName, timeZone }: { siteUrl: string; siteName: string; timeZone: string },
  { t }: Pick<MailLanguage, "t">,
): string {
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
      t("calendar.registrationFor", { name: registration.name, places: t("registration.places", { count: registration.partySize }) }),
      t("calendar.checkInCode", { code: registration.checkInCode }),
      t("calendar.cancel", { url: cancelUrl(siteUrl, registration) }),
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

  private when(event: Event, timeZone: string, { language }: MailLanguage): string {
    return formatEventWhen(event.eventDate, event.endDate, event.allDay, language, timeZone);
  }

  /** What a mail to the registrant is written with: their language, the association's name in it and the event as they read it. */
  private async reader(registration: StoredRegistration, original: Event) {
    const words = await mailLanguage(await this.deps.languages?.ofPerson(registration.userId, registration.language));
    const { name: siteName, timeZone } = await this.deps.site(words.language);
    const event = this.deps.eventIn ? await this.deps.eventIn(original, words.language) : original;
    return { words, t: words.t, siteName, timeZone, event };
  }

  /** The place itself: calendar entry, QR code (inline image, and its code in words), cancel link. */
  private async placeMail(registration: StoredRegistration, original: Event, subject: string, opening: string): Promise<MailMessage> {
    const { words, t, siteName, timeZone, event } = await this.reader(registration, original);
    const qr = await qrCode().toBuffer(registrationQrText(registration), { type: "png", errorCorrectionLevel: "M", margin: 2, width: 240 });
    const places = t("registration.places", { count: registration.partySize });
    const code = registration.checkInCode;
    const message = compose(
      registration.email,
      t(subject, { event: event.name }),
      [
        t(opening),
        `${event.name}\n${this.when(event, timeZone, words)}\n${t("registration.placesFor", { places, name: registration.name })}`,
        t("registration.atTheDoor", { code }),
        t("registration.eventPage", { url: eventUrl(this.deps.siteUrl, event, registration.occurrenceDate) }),
      ],
      { label: t("registration.cancel"), url: cancelUrl(this.deps.siteUrl, registration) },
      [t("registration.why", { site: siteName })],
      { html: `<p><img src="cid:${QR_CID}" width="240" height="240" alt="${escapeHtml(t("registration.qrAlt", { code }))}"></p>` },
    );
    return {
      ...message,
      calendar: { method: "PUBLISH", filename: "event.ics", content: registrationCalendar(registration, event, { siteUrl: this.deps.siteUrl, siteName, timeZone }, words) },
      attachments: [{ filename: "registration-qr.png", content: qr, contentType: "image/png", cid: QR_CID }],
    };
  }

  async registered(registration: StoredRegistration, event: Event): Promise<void> {
    if (registration.status === "confirmed") {
      await this.send(await this.placeMail(registration, event, "registration.registeredSubject", "registration.confirmed"));
      return;
    }
    const { words, t, siteName, timeZone, event: shown } = await this.reader(registration, event);
    await this.send(
      compose(
        registration.email,
        t("registration.waitingSubject", { event: shown.name }),
        [t("registration.waiting"), `${shown.name}\n${this.when(shown, timeZone, words)}`],
        { label: t("registration.leaveWaiting"), url: cancelUrl(this.deps.siteUrl, registration) },
        [t("registration.why", { site: siteName })],
      ),
    );
  }

  async promoted(registration: StoredRegistration, event: Event): Promise<void> {
    await this.send(await this.placeMail(registration, event, "registration.promotedSubject", "registration.promoted"));
  }

  /** The reminder the day before, with the place's details again. */
  async reminder(registration: StoredRegistration, event: Event): Promise<void> {
    await this.send(await this.placeMail(registration, event, "registration.reminderSubject", "registration.reminder"));
  }

  async message(registrations: StoredRegistration[], event: Event, content: { subject: string; message: string }): Promise<void> {
    for (const registration of registrations) {
      const { words, t, siteName, timeZone, event: shown } = await this.reader(registration, event);
      await this.send(
        compose(
          registration.email,
          `${content.subject} (${shown.name})`,
          [t("registration.messageFrom", { event: shown.name, when: this.when(shown, timeZone, words) }), content.message],
          { label: t("registration.cancel"), url: cancelUrl(this.deps.siteUrl, registration) },
          [t("registration.why", { site: siteName })],
        ),
      );
    }
  }

  async cancelled(registrations: StoredRegistration[], event: Event): Promise<void> {
    for (const registration of registrations) {
      const { words, t, siteName, timeZone, event: shown } = await this.reader(registration, event);
      await this.send(
        compose(
          registration.email,
          t("registration.cancelledSubject", { event: shown.name }),
          [t("registration.cancelled", { event: shown.name, when: this.when(shown, timeZone, words) })],
          null,
          [t("registration.whyCancelled", { site: siteName })],
        ),
      );
    }
  }
}
