// The weekly digest: at the weekday and time the association sets (site settings, on the site's clock), each person
// who chose "in a weekly digest" for some kinds of news gets one mail with what is new for those kinds since their
// previous digest, and none when there is nothing. Runs as the job WEEKLY_DIGEST_JOB (one instance at a time); each
// person's digest of a period is claimed in the database before its mail goes, so neither a second run nor a second
// instance mails it again (docs/decisions/0026-weekly-digest.md).
import { lastWeeklyAt } from "#server/lib/daily-at.ts";
import type { Mailer, MailMessage } from "#server/mail/mailer.ts";
import { mailLanguage, type MailLanguage } from "#server/mail/recipient-language.ts";
import { escapeHtml } from "#server/mail/templates.ts";
import { formatClock, formatList } from "#shared/i18n/format.ts";
import type { Language } from "#shared/i18n/languages.ts";
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_PREFERENCES_PATH, type NotificationKind } from "#shared/schemas/notification-preferences.ts";
import { DIGEST_WEEKDAYS, type DigestWeekday } from "#shared/schemas/site-settings.ts";
import type { DigestItem, DigestRecipient, DigestSource } from "./digest-sources.ts";
import type { WeeklyDigestRepository } from "./weekly-digest.repository.ts";

export const WEEKLY_DIGEST_JOB = "weekly-digest";

const DAY_MS = 24 * 60 * 60_000;
/**
 * A digest more than this late (every instance down at its time) is not sent on its own: its news goes in the next
 * one. It also keeps a change of the day from sending a digest for a moment long past.
 */
export const DIGEST_LATE_LIMIT_MS = DAY_MS;

export interface DigestSchedule {
  associationName: string;
  timeZone: string;
  digestWeekday: DigestWeekday;
  digestAt: string;
}

export interface WeeklyDigestOptions {
  repository: WeeklyDigestRepository;
  sources: readonly DigestSource[];
  /** Without one nothing is sent (and nothing is recorded). */
  mailer: Mailer | undefined;
  siteUrl: string;
  /** The site settings the digest needs, read at each run (an administrator may change them). */
  schedule: () => Promise<DigestSchedule>;
  /** The person's language (their account's, else the site's default); English without it. */
  languageOf?: (userId: string) => Promise<Language>;
  /** The association's name in a language (its translation, else the original); the schedule's without it. */
  siteName?: (language: Language) => Promise<string>;
}

/** The moment the latest digest was due at or before `now`. */
export function digestPeriod(now: Date, schedule: DigestSchedule): Date {
  return lastWeeklyAt(now, DIGEST_WEEKDAYS.indexOf(schedule.digestWeekday) + 1, schedule.digestAt, schedule.timeZone);
}

interface Section {
  source: DigestSource;
  items: DigestItem[];
}

export class WeeklyDigest {
  private readonly options: WeeklyDigestOptions;
  constructor(options: WeeklyDigestOptions) {
    this.options = options;
  }

  /** Sends the digests due at `now` that have not gone yet; answers how many mails went. */
  async send(now = new Date()): Promise<number> {
    const { repository, mailer } = this.options;
    if (!mailer) return 0;
    const schedule = await this.options.schedule();
    const due = digestPeriod(now, schedule);
    if (now.getTime() - due.getTime() > DIGEST_LATE_LIMIT_MS) return 0;
    const period = due.toISOString();
    let sent = 0;
    for (const person of await repository.due(period)) {
      const since = (await repository.lastPeriod(person.id, period)) ?? new Date(due.getTime() - 7 * DAY_MS).toISOString();
      const words = await mailLanguage(await this.options.languageOf?.(person.id));
      const reader = { ...person, language: words.language };
      const sections: Section[] = [];
      for (const source of this.options.sources) {
        if (!person.kinds.includes(source.kind)) continue;
        const items = await source.itemsFor(reader, since, period);
        if (items.length > 0) sections.push({ source, items: items.toSorted((a, b) => a.at.localeCompare(b.at)) });
      }
      const count = sections.reduce((total, section) => total + section.items.length, 0);
      if (count === 0) {
        await repository.claim(person.id, period, "empty", 0);
        continue;
      }
      if (!(await repository.claim(person.id, period, "sending", count))) continue;
      try {
        const site = (await this.options.siteName?.(words.language)) ?? schedule.associationName;
        await mailer.send(this.message(person, sections, schedule, site, words));
      } catch (error) {
        // Nothing went: the job's retry sends it.
        await repository.release(person.id, period);
        throw error;
      }
      await repository.markSent(person.id, period);
      sent++;
    }
    return sent;
  }

  private message(person: DigestRecipient & { kinds: NotificationKind[] }, sections: Section[], schedule: DigestSchedule, site: string, { t, language }: MailLanguage): MailMessage {
    const preferences = `${this.options.siteUrl}${NOTIFICATION_PREFERENCES_PATH}`;
    const count = sections.reduce((total, section) => total + section.items.length, 0);
    // A kind another feature adds later, not in the catalog yet, keeps its English name.
    const names = person.kinds.map((kind) => t(`digest.kinds.${kind}`, { defaultValue: NOTIFICATION_KIND_LABELS[kind].toLowerCase() }));
    const kinds = language === "en" ? listed(names) : formatList(names, language);
    const day = t(`digest.days.${schedule.digestWeekday}`);
    const why = t("digest.why", { site, kinds, day, time: formatClock(schedule.digestAt, language) });
    const stop = t("digest.stop");
    const intro = t("digest.intro", { count });
    const heading = (source: DigestSource) => t(`digest.headings.${source.kind}`, { defaultValue: source.heading });
    const text = [
      intro,
      ...sections.flatMap(({ source, items }) => ["", heading(source), ...items.flatMap((item) => [`• ${item.title}`, ...(item.detail ? [`  ${item.detail}`] : []), `  ${item.url}`])]),
      "",
      why,
      `${stop}: ${preferences}`,
    ].join("\n");
    const html = [
      `<p>${escapeHtml(intro)}</p>`,
      ...sections.map(
        ({ source, items }) =>
          `<h2>${escapeHtml(heading(source))}</h2>\n<ul>\n${items
            .map((item) => `<li><a href="${escapeHtml(item.url)}">${escapeHtml(item.title)}</a>${item.detail ? `<br>${escapeHtml(item.detail)}` : ""}</li>`)
            .join("\n")}\n</ul>`,
      ),
      `<p style="color:#57534e">${escapeHtml(why)} <a href="${escapeHtml(preferences)}">${escapeHtml(stop)}</a>.</p>`,
    ].join("\n");
    return { to: person.email, subject: t("digest.subject", { site, count }), text, html, link: preferences };
  }
}

/** "a", "a and b", "a, b and c". */
function listed(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}
