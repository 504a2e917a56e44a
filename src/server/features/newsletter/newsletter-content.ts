// What a newsletter says: a hand-written issue's body and the cards it pulls in, or the weekly digest of a mix of
// topics (events in the next two weeks, offers still running, news since the last digest, new businesses of the
// chosen categories), drawn into mail by newsletter-mail.ts.
import type { Business } from "#shared/schemas/business.ts";
import type { Event } from "#shared/schemas/event.ts";
import type { Offer } from "#shared/schemas/offer.ts";
import type { Post } from "#shared/schemas/post.ts";
import type { NewsletterCardRef } from "#shared/schemas/newsletter.ts";
import type { TFunction } from "i18next";
import { mailT } from "#server/mail/recipient-language.ts";
import { businessName, eventLocationText, truncate } from "#shared/format.ts";
import { formatDay, formatList, formatLongDate, formatTime } from "#shared/i18n/format.ts";
import type { Language } from "#shared/i18n/languages.ts";
import { contentText } from "#server/features/page/index.ts";
import { newsletterMailBody } from "./newsletter-body.ts";
import type { NewsletterCard, NewsletterChrome, NewsletterContent, NewsletterSection, NewsletterSite } from "./newsletter-mail.ts";
import { categoryIdOf, FIXED_TOPIC_LABELS, FIXED_TOPICS, type FixedTopic } from "#shared/schemas/subscription.ts";

const DAY_MS = 24 * 60 * 60_000;
/** How far ahead a digest looks for events. */
export const DIGEST_EVENT_DAYS = 14;

/** The words and the language a subscriber's cards are written in. */
interface CardWords {
  t: TFunction;
  language: Language;
}

export interface SiteDetails {
  associationName: string;
  mailingAddress: string;
  timeZone: string;
}

/** What the newsletter reads from the rest of the site (wired in src/server/services.ts). */
export interface NewsletterSources {
  /** The settings, their texts in `language` (the translations, else the originals). */
  site(language?: Language): Promise<SiteDetails>;
  upcomingEvents(now: Date): Promise<Event[]>;
  runningOffers(now: Date): Promise<Offer[]>;
  /** Published posts, newest first, in `language` (the translations, else the originals). */
  posts(language?: Language): Promise<Post[]>;
  /** Events with their names in `language` (the translations, else the originals). */
  eventsIn?(events: Event[], language: Language): Promise<Event[]>;
  businesses(ids: readonly string[]): Promise<Business[]>;
  businessesInCategory(categoryId: string): Promise<Business[]>;
  event(id: string): Promise<Event | undefined>;
  offer(id: string): Promise<Offer | undefined>;
  /** The names of the categories, by id (the topics' headings). */
  categoryNames(): Promise<Map<string, string>>;
}

/** An event's start: English keeps its historical form ("Friday, December 4, 2026 at 6:00 PM"). */
function when(iso: string, timeZone: string, allDay: boolean, language: Language): string {
  if (language !== "en") return allDay ? formatDay(iso, language, timeZone) : `${formatDay(iso, language, timeZone)}, ${formatTime(iso, language, timeZone)}`;
  const date = new Date(iso);
  return allDay
    ? date.toLocaleDateString("en-US", {
        weekday: "long",
        month: "long",
        day: "numeric",
        year: "numeric",
        timeZone,
      })
    : date.toLocaleString("en-US", {
        weekday: "long",
        month: "long",
        day: "numeric",
        year: "numeric",
        hour: "numeric",
        minute: "2-digit",
        timeZone,
      });
}

// Offers' days are local dates ("2026-12-04"): read at noon UTC so no zone moves them.
const day = (value: string, language: Language) => formatLongDate(`${value}T12:00:00Z`, language, "UTC");

function validity(offer: Offer, t: TFunction, language: Language): string | null {
  const from = offer.validFrom ? day(offer.validFrom, language) : null;
  const until = offer.validUntil ? day(offer.validUntil, language) : null;
  if (from && until) return t("newsletter.validFromTo", { from, until });
  if (until) return t("newsletter.validUntil", { until });
  if (from) return t("newsletter.validFrom", { from });
  return null;
}

export class NewsletterComposer {
  private readonly sources: NewsletterSources;
  private readonly siteUrl: string;
  constructor(sources: NewsletterSources, siteUrl: string) {
    this.sources = sources;
    this.siteUrl = siteUrl;
  }

  async site(language?: Language): Promise<NewsletterSite & { timeZone: string }> {
    const settings = await this.sources.site(language);
    return {
      name: settings.associationName,
      postalAddress: settings.mailingAddress,
      url: this.siteUrl,
      timeZone: settings.timeZone,
    };
  }

  private async eventCards(originals: Event[], timeZone: string, { t, language }: CardWords): Promise<NewsletterCard[]> {
    const events = this.sources.eventsIn ? await this.sources.eventsIn(originals, language) : originals;
    const locations = events.map((e) => e.location).filter((l) => l && l !== "outdoor");
    const names = new Map((await this.sources.businesses([...new Set(locations)])).map((b) => [b.id, b.name]));
    return events.map((event) => ({
      kind: "event",
      title: event.cancelled ? t("newsletter.cancelledEvent", { event: event.name }) : event.name,
      when: when(event.eventDate, timeZone, event.allDay, language),
      where: eventLocationText(event, names),
      url: `${this.siteUrl}/events/${encodeURIComponent(event.id)}${event.occurrenceDate ? `/${event.occurrenceDate}` : ""}`,
      imageUrl: this.absolute(event.imageUrl),
    }));
  }

  private offerCard(offer: Offer, { t, language }: CardWords): NewsletterCard {
    return {
      kind: "offer",
      title: t("newsletter.offerTitle", { type: offer.type?.trim() || t("newsletter.specialOffer"), business: businessName(offer.businessName) }).trim(),
      business: offer.businessName,
      validity: validity(offer, t, language),
      url: `${this.siteUrl}/offers/${encodeURIComponent(offer.id)}`,
    };
  }

  private businessCard(business: Business): NewsletterCard {
    return {
      kind: "business",
      title: business.name,
      category: business.category,
      address: business.address,
      url: `${this.siteUrl}/business/${encodeURIComponent(business.id)}`,
      imageUrl: this.absolute(business.logoUrl),
    };
  }

  private postCard(post: Post, timeZone: string, language: Language): NewsletterCard {
    return {
      kind: "post",
      title: post.title,
      date: formatLongDate(post.datetime, language, timeZone),
      excerpt: truncate(contentText(post.content, "html"), 200),
      url: `${this.siteUrl}/news/${encodeURIComponent(post.id)}`,
      imageUrl: this.absolute(post.imageUrl),
    };
  }

  private absolute(url: string | null | undefined): string | null {
    if (!url) return null;
    return /^https?:\/\//.test(url) ? url : `${this.siteUrl}${url.startsWith("/") ? "" : "/"}${url}`;
  }

  /** The cards an issue pulls in, in its order; `missing` names those whose subject is gone. */
  async cards(refs: readonly NewsletterCardRef[], language: Language = "en"): Promise<{ cards: NewsletterCard[]; missing: NewsletterCardRef[] }> {
    const { timeZone } = await this.site();
    const words: CardWords = { t: await mailT(language), language };
    const businessIds = refs.filter((r) => r.kind === "business").map((r) => r.id);
    const businesses = new Map((await this.sources.businesses(businessIds)).map((b) => [b.id, b]));
    const cards: NewsletterCard[] = [];
    const missing: NewsletterCardRef[] = [];
    for (const ref of refs) {
      if (ref.kind === "event") {
        const event = await this.sources.event(ref.id);
        if (event) cards.push(...(await this.eventCards([event], timeZone, words)));
        else missing.push(ref);
      } else if (ref.kind === "offer") {
        const offer = await this.sources.offer(ref.id);
        if (offer) cards.push(this.offerCard(offer, words));
        else missing.push(ref);
      } else {
        const business = businesses.get(ref.id);
        if (business) cards.push(this.businessCard(business));
        else missing.push(ref);
      }
    }
    return { cards, missing };
  }

  /** A hand-written issue's content. */
  async issue(issue: { subject: string; body: string; cards: readonly NewsletterCardRef[] }, language: Language = "en"): Promise<NewsletterContent> {
    const site = await this.site(language);
    const { t, chrome } = await newsletterWords(language);
    const { cards } = await this.cards(issue.cards, language);
    const bodyHtml = newsletterMailBody(issue.body, this.siteUrl);
    return {
      site,
      subject: issue.subject,
      preheader: truncate(contentText(bodyHtml, "html"), 140) || issue.subject,
      bodyHtml,
      sections: cards.length > 0 ? [{ heading: t("newsletter.featured"), cards }] : [],
      reason: t("newsletter.reasonIssue", { site: site.name }),
      chrome,
    };
  }

  /**
   * The digest of `period` (an ISO instant) for a mix of topics: undefined when it has nothing for them. `since`:
   * the previous digest's period (news from then on).
   */
  async digest(topics: readonly string[], period: Date, since: Date, introduction: string, language: Language = "en"): Promise<NewsletterContent | undefined> {
    const site = await this.site(language);
    const { t, chrome } = await newsletterWords(language);
    const sections: NewsletterSection[] = [];
    const until = new Date(period.getTime() + DIGEST_EVENT_DAYS * DAY_MS);
    if (topics.includes("events")) {
      const events = (await this.sources.upcomingEvents(period)).filter((e) => new Date(e.eventDate) < until && !e.cancelled);
      sections.push({
        heading: t("newsletter.events"),
        cards: await this.eventCards(events, site.timeZone, { t, language }),
      });
    }
    if (topics.includes("offers"))
      sections.push({
        heading: t("newsletter.offers"),
        cards: (await this.sources.runningOffers(period)).map((o) => this.offerCard(o, { t, language })),
      });
    if (topics.includes("news")) {
      const posts = (await this.sources.posts(language)).filter((p) => new Date(p.datetime) >= since && new Date(p.datetime) < period);
      sections.push({
        heading: t("newsletter.news"),
        cards: posts.map((p) => this.postCard(p, site.timeZone, language)),
      });
    }
    const categoryNames = topics.some((t) => categoryIdOf(t)) ? await this.sources.categoryNames() : new Map<string, string>();
    for (const topic of topics) {
      const categoryId = categoryIdOf(topic);
      if (!categoryId || !categoryNames.has(categoryId)) continue;
      const added = (await this.sources.businessesInCategory(categoryId)).filter((b) => new Date(b.createdAt) >= since && new Date(b.createdAt) < period);
      sections.push({
        heading: t("newsletter.newIn", { category: categoryNames.get(categoryId) }),
        cards: added.map((b) => this.businessCard(b)),
      });
    }
    const count = sections.reduce((n, s) => n + s.cards.length, 0);
    if (count === 0) return undefined;
    const labels = topics.flatMap((topic) => {
      if ((FIXED_TOPICS as readonly string[]).includes(topic)) return [t(`newsletter.topics.${topic}`, { defaultValue: FIXED_TOPIC_LABELS[topic as FixedTopic].toLowerCase() })];
      const name = categoryNames.get(categoryIdOf(topic) ?? "");
      return name ? [language === "en" ? name.toLowerCase() : name] : [];
    });
    const listedTopics = labels.length === 0 ? t("newsletter.everything") : language === "en" ? listed(labels) : formatList(labels, language);
    return {
      site,
      subject: t("newsletter.digestSubject", { site: site.name, count }),
      preheader: sections
        .filter((s) => s.cards.length > 0)
        .map((s) => `${s.heading}: ${s.cards.length}`)
        .join(" · "),
      bodyHtml: newsletterMailBody(introduction, this.siteUrl),
      sections,
      reason: t("newsletter.reasonDigest", { site: site.name, topics: listedTopics }),
      chrome,
    };
  }
}

/** The newsletter's words in one language: the catalog's `t` and the frame's words. */
async function newsletterWords(language: Language): Promise<{ t: TFunction; chrome: NewsletterChrome }> {
  const t = await mailT(language);
  return {
    t,
    chrome: {
      lang: language,
      manage: t("newsletter.manage"),
      unsubscribe: t("newsletter.unsubscribe"),
      at: (business) => t("newsletter.at", { business }),
      kinds: { event: t("newsletter.kinds.event"), offer: t("newsletter.kinds.offer"), business: t("newsletter.kinds.business"), post: t("newsletter.kinds.post") },
    },
  };
}

/** "a", "a and b", "a, b and c". */
function listed(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? "everything") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}
