// Listings that stay current: each owner of a listing nobody confirmed or changed within the association's interval is
// asked by mail whether it is still right, with a one-click "Yes, it is all correct"; administrators see the stale
// listings and remind their owners at once. Runs as FRESHNESS_JOB, so one instance at a time sends; each business's
// period is recorded before its mail goes, so no one is mailed twice for it.
import { randomBytes } from "node:crypto";
import { requireRole, type CurrentUser } from "#server/auth/session.ts";
import { NotFound } from "#server/errors.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import type { TFunction } from "i18next";
import { mailT } from "#server/mail/recipient-language.ts";
import { escapeHtml } from "#server/mail/templates.ts";
import type { Language } from "#shared/i18n/languages.ts";
import { CHECKED_SHOWN_DAYS, CONFIRM_LINK_DAYS, listingMessages, type ConfirmResult, type RemindResult, type StaleListing, type StaleListings } from "#shared/schemas/listings.ts";
import { NOTIFICATION_PREFERENCES_PATH, type Delivery, type NotificationKind } from "#shared/schemas/notification-preferences.ts";
import type { FreshnessRepository, ListingState } from "./freshness.repository.ts";

export const FRESHNESS_JOB = "listing-freshness";
const DAY = 86_400_000;

export interface FreshnessOptions {
  repository: FreshnessRepository;
  mailer: Mailer | undefined;
  siteUrl: string;
  /** The settings, the association's name in `language` (its translation, else the original). */
  settings: (language?: Language) => Promise<{ associationName: string; freshnessDays: number }>;
  deliveryOf: (userId: string, kind: NotificationKind) => Promise<Delivery>;
  /** The businesses visitors said are closed for good on enough different days. */
  closedFlags: () => Promise<Set<string>>;
  /** The owner's language (their account's, else the site's default); English without it. */
  languageOf?: (userId: string) => Promise<Language>;
  now?: () => Date;
}

/** An owner's listing not checked within the interval, as the dashboard asks about it. */
export interface UncheckedListing {
  businessId: string;
  businessName: string;
  freshnessDays: number;
  /** The latest reminder's one-click confirmation page while its link works; null without one. */
  confirmPath: string | null;
}

/** Since when a listing counts as checked: the owner's last confirmation or change, or when its first owner came. */
function checkedSince(state: ListingState): string | null {
  const since = [state.ownerCheckedAt, state.ownerSince].filter((v): v is string => !!v).sort();
  return since.at(-1) ?? null;
}

export class FreshnessService {
  private readonly options: FreshnessOptions;
  constructor(options: FreshnessOptions) {
    this.options = options;
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** The job's work: reminds the owners of each listing whose interval ran out, once per listing and interval; answers how many mails went. */
  async sendDue(now: Date = this.now()): Promise<number> {
    const { repository, mailer } = this.options;
    if (!mailer) return 0;
    const { freshnessDays } = await this.options.settings();
    const interval = freshnessDays * DAY;
    let sent = 0;
    for (const state of await repository.states()) {
      const since = checkedSince(state);
      if (state.owners === 0 || !since) continue;
      const elapsed = now.getTime() - Date.parse(since);
      if (elapsed < interval) continue;
      // The nth interval since the last check: a listing left as it is is asked again one interval later.
      const due = new Date(Date.parse(since) + Math.floor(elapsed / interval) * interval).toISOString().slice(0, 10);
      sent += await this.remindOwners(state, due, now);
    }
    return sent;
  }

  /** Administrators: the listings not checked for longer than the interval, and those without an owner. */
  async stale(viewer: CurrentUser | null): Promise<StaleListings> {
    requireRole(viewer, "admin");
    const { freshnessDays } = await this.options.settings();
    const cutoff = this.now().getTime() - freshnessDays * DAY;
    const flagged = await this.options.closedFlags();
    const listings: StaleListing[] = [];
    for (const state of await this.options.repository.states()) {
      const since = checkedSince(state);
      const reason = state.owners === 0 ? "no-owner" : !since || Date.parse(since) < cutoff ? "not-checked" : null;
      if (!reason) continue;
      listings.push({
        businessId: state.businessId,
        businessName: state.businessName,
        owners: state.owners,
        checkedAt: state.ownerCheckedAt,
        lastRemindedAt: state.lastRemindedAt,
        reason,
        closedFlag: flagged.has(state.businessId),
      });
    }
    return { freshnessDays, listings };
  }

  /** Administrators: mails the owners of the listings named now, whatever their interval; a listing without owners is counted apart. */
  async remind(viewer: CurrentUser | null, businessIds: string[]): Promise<RemindResult> {
    requireRole(viewer, "admin");
    const now = this.now();
    const result: RemindResult = { reminded: 0, mails: 0, withoutOwner: 0 };
    for (const state of await this.options.repository.states([...new Set(businessIds)])) {
      if (state.owners === 0) {
        result.withoutOwner++;
        continue;
      }
      result.reminded++;
      result.mails += await this.remindOwners(state, `now:${now.toISOString()}`, now);
    }
    return result;
  }

  /** The listing a reminder's link is about, while the link is good; reading it confirms nothing. */
  async reminderFor(token: string): Promise<{ businessId: string; businessName: string } | null> {
    const reminder = await this.options.repository.reminder(token);
    if (!reminder || this.now().getTime() - Date.parse(reminder.sentAt) > CONFIRM_LINK_DAYS * DAY) return null;
    return { businessId: reminder.businessId, businessName: reminder.businessName };
  }

  /**
   * The listings among `businessIds` (the owner's) that no owner confirmed or changed within the interval, each with
   * the path of its latest reminder's one-click confirmation while that link works. Two reads whatever the number.
   */
  async uncheckedOf(businessIds: string[]): Promise<UncheckedListing[]> {
    if (businessIds.length === 0) return [];
    const { repository } = this.options;
    const [{ freshnessDays }, states, reminders] = await Promise.all([this.options.settings(), repository.states(businessIds), repository.unansweredReminders(businessIds)]);
    const now = this.now().getTime();
    const cutoff = now - freshnessDays * DAY;
    return states
      .filter((state) => {
        const since = checkedSince(state);
        return state.owners > 0 && (!since || Date.parse(since) < cutoff);
      })
      .map((state) => {
        const open = reminders.find((r) => r.businessId === state.businessId && now - Date.parse(r.sentAt) <= CONFIRM_LINK_DAYS * DAY);
        return { businessId: state.businessId, businessName: state.businessName, freshnessDays, confirmPath: open ? `/listings/confirm/${open.token}` : null };
      });
  }

  /** The one-click "Yes, it is all correct": marks the listing checked now; NotFound for a link that is not one or is over 30 days old. */
  async confirm(token: string): Promise<ConfirmResult> {
    const { repository } = this.options;
    const reminder = await repository.reminder(token);
    const now = this.now();
    if (!reminder || now.getTime() - Date.parse(reminder.sentAt) > CONFIRM_LINK_DAYS * DAY) throw NotFound(listingMessages.linkInvalid);
    const checkedAt = now.toISOString();
    await repository.confirm(token, reminder.businessId, checkedAt);
    return { businessId: reminder.businessId, businessName: reminder.businessName, checkedAt };
  }

  /** An owner's change to the listing was applied: it counts as checked. */
  async ownerChanged(businessId: string): Promise<void> {
    await this.options.repository.markChecked(businessId, this.now().toISOString());
  }

  /** When the owner last confirmed or changed the listing, if within the last year (the business page says so). */
  async checkedOn(businessId: string): Promise<string | null> {
    const at = await this.options.repository.checkedAt(businessId);
    return at && this.now().getTime() - Date.parse(at) <= CHECKED_SHOWN_DAYS * DAY ? at : null;
  }

  /** Records the reminder (once per business and period) and mails each owner who wants reminders; answers how many mails went. */
  private async remindOwners(state: ListingState, period: string, now: Date): Promise<number> {
    const { repository, mailer } = this.options;
    const token = randomBytes(24).toString("base64url");
    if (!(await repository.claimReminder(state.businessId, period, token, now.toISOString()))) return 0;
    if (!mailer) return 0;
    let sent = 0;
    try {
      for (const owner of await repository.ownersOf(state.businessId)) {
        if ((await this.options.deliveryOf(owner.userId, "freshness")) !== "at once") continue;
        const language = (await this.options.languageOf?.(owner.userId)) ?? "en";
        const { associationName: site, freshnessDays } = await this.options.settings(language);
        await mailer.send(this.message(owner.email, state, token, site, freshnessDays, await mailT(language)));
        sent++;
      }
    } catch (error) {
      // None sent yet: the next run tries again; some sent: they keep their link, and no one is mailed twice.
      if (sent === 0) await repository.releaseReminder(state.businessId, period);
      throw error;
    }
    return sent;
  }

  private message(to: string, state: ListingState, token: string, site: string, days: number, t: TFunction) {
    const { siteUrl } = this.options;
    const page = `${siteUrl}/business/${encodeURIComponent(state.businessId)}`;
    const confirm = `${siteUrl}/listings/confirm/${token}`;
    const update = `${siteUrl}/mybusiness`;
    const preferences = `${siteUrl}${NOTIFICATION_PREFERENCES_PATH}`;
    const business = state.businessName;
    const why = t("freshness.why", { business, site, days });
    const stop = t("freshness.stop");
    const title = t("freshness.title");
    const text = [
      title,
      "",
      t("freshness.rely", { site, business, url: page }),
      "",
      t("freshness.yesLine", { days: CONFIRM_LINK_DAYS, url: confirm }),
      t("freshness.updateLine", { url: update }),
      "",
      why,
      `${stop}: ${preferences}`,
    ].join("\n");
    const button = (href: string, label: string, primary: boolean) =>
      `<a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 16px;margin:0 8px 8px 0;border-radius:6px;font-weight:600;text-decoration:none;${primary ? "background:#0f5e59;color:#ffffff" : "border:1px solid #0f5e59;color:#0f5e59"}">${escapeHtml(label)}</a>`;
    // The business's name is a link inside the sentence: the sentence is escaped around a mark, which the link replaces.
    const named = escapeHtml(t("freshness.relyHtml", { site, business: "\u0000" })).replace("\u0000", `<a href="${escapeHtml(page)}">${escapeHtml(business)}</a>`);
    const html = [
      `<h1>${escapeHtml(title)}</h1>`,
      `<p>${named}</p>`,
      `<p>${button(confirm, t("freshness.yes"), true)}${button(update, t("freshness.update"), false)}</p>`,
      `<p>${escapeHtml(t("freshness.firstButton", { days: CONFIRM_LINK_DAYS }))}</p>`,
      `<p style="color:#57534e">${escapeHtml(why)} ${escapeHtml(stop)}: <a href="${escapeHtml(preferences)}">${escapeHtml(t("freshness.preferences"))}</a>.</p>`,
    ].join("\n");
    return { to, subject: t("freshness.subject", { business, site }), text, html, link: confirm };
  }
}
