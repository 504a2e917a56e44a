// The owners' monthly report: early each month, every owner who wants it gets one mail with what each of their
// businesses brought in the month before, against the month before that. Runs as INSIGHT_REPORT_JOB, so one instance
// at a time sends; each owner's month is recorded before their mail goes, so no one is mailed twice.
import { randomBytes } from "node:crypto";
import type { Mailer } from "#server/mail/mailer.ts";
import { mailLanguage, type MailLanguage } from "#server/mail/recipient-language.ts";
import { escapeHtml } from "#server/mail/templates.ts";
import { INTL_LOCALE } from "#shared/i18n/format.ts";
import type { Language } from "#shared/i18n/languages.ts";
import { changeText, type HitKind, type Insights } from "#shared/schemas/insights.ts";
import { NOTIFICATION_PREFERENCES_PATH, type Delivery, type NotificationKind } from "#shared/schemas/notification-preferences.ts";
import type { InsightRepository } from "./insight.repository.ts";

export const INSIGHT_REPORT_JOB = "insight-report";
/** The report goes on the first of the month; a site that was down then sends it on the next days, up to the third. */
const LAST_DAY_TO_SEND = 3;
const REPORTED: HitKind[] = ["view", "search", "list", "website", "phone", "email", "directions"];

export interface InsightReportOptions {
  repository: InsightRepository;
  figures: (businessId: string, from: string, to: string) => Promise<Insights>;
  mailer: Mailer | undefined;
  siteUrl: string;
  /** The association's name in a language (its translation, else the original). */
  siteName: (language?: Language) => Promise<string>;
  timeZone: () => Promise<string>;
  deliveryOf: (userId: string, kind: NotificationKind) => Promise<Delivery>;
  /** Stops the reports of the person the stop link was sent to. */
  stopFor: (userId: string) => Promise<void>;
  /** The owner's language (their account's, else the site's default); English without it. */
  languageOf?: (userId: string) => Promise<Language>;
  now?: () => Date;
}

/** The month before the one `today` is in: its first and last day, and its name. */
function lastMonth(today: string): { month: string; from: string; to: string } {
  const [year, month] = today.split("-").map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 2, 1));
  const last = new Date(Date.UTC(year, month - 1, 0));
  return { month: first.toISOString().slice(0, 7), from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

export class InsightReport {
  private readonly options: InsightReportOptions;
  constructor(options: InsightReportOptions) {
    this.options = options;
  }

  /** Sends the month's reports not sent yet, in the first days of a month; answers how many mails went. */
  async send(now: Date = this.options.now?.() ?? new Date()): Promise<number> {
    const { repository, mailer } = this.options;
    if (!mailer) return 0;
    const zone = await this.options.timeZone();
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(now);
    if (Number(today.slice(8, 10)) > LAST_DAY_TO_SEND) return 0;
    const period = lastMonth(today);
    let sent = 0;
    for (const owner of await repository.owners()) {
      if ((await this.options.deliveryOf(owner.userId, "insights")) !== "at once") continue;
      const stopToken = randomBytes(18).toString("base64url");
      if (!(await repository.claimReport(owner.userId, period.month, stopToken))) continue;
      const businesses = await Promise.all(owner.businesses.map(async (b) => ({ ...b, figures: await this.options.figures(b.id, period.from, period.to) })));
      try {
        const words = await mailLanguage(await this.options.languageOf?.(owner.userId));
        await mailer.send(this.message(owner.email, businesses, period.month, await this.options.siteName(words.language), stopToken, words));
        sent++;
      } catch (error) {
        await repository.releaseReport(owner.userId, period.month);
        throw error;
      }
    }
    return sent;
  }

  /** Turns the reports off for the person a report's stop link was sent to; false for a link that is not one. */
  async stop(stopToken: string): Promise<boolean> {
    const userId = await this.options.repository.reportOwner(stopToken);
    if (!userId) return false;
    await this.options.stopFor(userId);
    return true;
  }

  private message(to: string, businesses: { id: string; name: string; figures: Insights }[], month: string, site: string, stopToken: string, { t, language }: MailLanguage) {
    const { siteUrl } = this.options;
    const monthName = new Intl.DateTimeFormat(language === "en" ? "en" : INTL_LOCALE[language], { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`));
    const insightsUrl = `${siteUrl}/mybusiness`;
    const stopUrl = `${siteUrl}/insights/stop/${stopToken}`;
    const preferences = `${siteUrl}${NOTIFICATION_PREFERENCES_PATH}`;
    const why = t("insights.why", { site });
    const change = (total: number, previous: number) => {
      const text = changeText(total, previous);
      if (text === "no change") return t("insights.noChange");
      if (text === "new") return t("insights.new");
      // French writes a space before the percent sign.
      return language === "fr" ? text.replace("%", "\u00a0%") : text;
    };
    const lines = (figures: Insights) =>
      REPORTED.map((kind) => {
        const figure = figures.totals.find((total) => total.kind === kind)!;
        return { label: t(`insights.kinds.${kind}`), total: figure.total, change: t("insights.change", { change: change(figure.total, figure.previous) }) };
      });
    const words = (figures: Insights) => figures.searchWords.slice(0, 5).map((w) => `${w.query} (${w.count})`).join(", ");
    const text = [
      t("insights.heading", { month: monthName }),
      "",
      ...businesses.flatMap((b) => [
        b.name,
        ...lines(b.figures).map((l) => `  ${l.label}: ${l.total} (${l.change})`),
        ...(b.figures.searchWords.length ? [`  ${t("insights.searched", { words: words(b.figures) })}`] : []),
        "",
      ]),
      t("insights.chartsLine", { url: insightsUrl }),
      "",
      why,
      t("insights.stopLine", { url: stopUrl }),
      t("notice.preferencesLine", { url: preferences }),
    ].join("\n");
    const html = [
      `<h1>${escapeHtml(t("insights.heading", { month: monthName }))}</h1>`,
      ...businesses.map(
        (b) =>
          `<h2>${escapeHtml(b.name)}</h2><ul>${lines(b.figures)
            .map((l) => `<li>${escapeHtml(l.label)}: <strong>${l.total}</strong> (${escapeHtml(l.change)})</li>`)
            .join("")}</ul>${b.figures.searchWords.length ? `<p>${escapeHtml(t("insights.searched", { words: words(b.figures) }))}</p>` : ""}`,
      ),
      `<p><a href="${escapeHtml(insightsUrl)}">${escapeHtml(t("insights.charts"))}</a></p>`,
      `<p style="color:#57534e">${escapeHtml(why)} <a href="${escapeHtml(stopUrl)}">${escapeHtml(t("insights.stop"))}</a> · <a href="${escapeHtml(preferences)}">${escapeHtml(t("notice.preferencesLink"))}</a>.</p>`,
    ].join("\n");
    return { to, subject: t("insights.subject", { site, month: monthName }), text, html, link: insightsUrl };
  }
}
