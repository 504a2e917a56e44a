// The newsletter's mail, drawn with React Email: one layout (the association's name and postal address, why the
// reader gets it, the unsubscribe and "manage your subscription" links) around an introduction, the written body and
// cards for events, offers, businesses and posts. Plain <div>s with inline styles rather than layout tables: the
// page is one column at most 600 px wide, so it narrows on a phone by itself and passes the Nu HTML Checker, and
// every image has its words beside it, so the mail reads the same with images blocked. Members' mails keep their
// own templates (src/server/mail/templates.ts).
import { createElement as h, type ReactNode } from "react";
import { Body, Heading, Hr, Html, Img, Link, Preview, Text } from "@react-email/components";
import { plainTextSelectors, render } from "@react-email/render";

export type NewsletterCard =
  | {
      kind: "event";
      title: string;
      when: string;
      where: string;
      url: string;
      imageUrl?: string | null | undefined;
    }
  | {
      kind: "offer";
      title: string;
      business: string | null;
      validity: string | null;
      url: string;
    }
  | {
      kind: "business";
      title: string;
      category: string | null;
      address: string | null;
      url: string;
      imageUrl?: string | null | undefined;
    }
  | {
      kind: "post";
      title: string;
      date: string;
      excerpt: string;
      url: string;
      imageUrl?: string | null | undefined;
    };

export interface NewsletterSection {
  heading: string;
  cards: NewsletterCard[];
}

export interface NewsletterSite {
  name: string;
  postalAddress: string;
  url: string;
}

export interface NewsletterContent {
  site: NewsletterSite;
  subject: string;
  /** The line mail programs show after the subject. */
  preheader: string;
  /** Sanitized HTML written by an administrator (the introduction of a digest, the body of a newsletter). */
  bodyHtml: string;
  sections: NewsletterSection[];
  /** Why this person gets this mail (one sentence). */
  reason: string;
  /** The frame's own words, in the reader's language (English without it). */
  chrome?: NewsletterChrome;
}

/** The words the frame and the cards add around the content, in one language. */
export interface NewsletterChrome {
  lang: string;
  manage: string;
  unsubscribe: string;
  at: (business: string) => string;
  kinds: Record<NewsletterCard["kind"], string>;
}

export const ENGLISH_CHROME: NewsletterChrome = {
  lang: "en",
  manage: "Manage your subscription",
  unsubscribe: "Unsubscribe",
  at: (business) => `At ${business}`,
  kinds: { event: "Event", offer: "Offer", business: "Business", post: "News" },
};

/** Stand-ins for each subscriber's own links: a message is drawn once per issue and mix of topics, then filled in. */
export const UNSUBSCRIBE_SLOT = "https://unsubscribe.niche.invalid/slot";
export const PREFERENCES_SLOT = "https://preferences.niche.invalid/slot";

const ink = "#1c1917";
const muted = "#57534e";
const accent = "#9a3412";
const font = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const styles = {
  body: {
    margin: "0",
    padding: "0",
    backgroundColor: "#f5f5f4",
    color: ink,
    fontFamily: font,
  },
  page: {
    maxWidth: "600px",
    margin: "0 auto",
    padding: "24px 16px",
    backgroundColor: "#ffffff",
  },
  site: {
    fontSize: "14px",
    fontWeight: "bold",
    letterSpacing: "0.04em",
    textTransform: "uppercase",
    color: accent,
    margin: "0 0 8px",
  },
  title: {
    fontSize: "24px",
    lineHeight: "32px",
    margin: "0 0 16px",
    color: ink,
  },
  body_: { fontSize: "16px", lineHeight: "26px" },
  section: {
    fontSize: "20px",
    lineHeight: "28px",
    margin: "24px 0 8px",
    color: ink,
  },
  card: {
    border: "1px solid #d6d3d1",
    borderRadius: "8px",
    padding: "12px 16px",
    margin: "0 0 12px",
  },
  kind: {
    fontSize: "12px",
    fontWeight: "bold",
    textTransform: "uppercase",
    color: muted,
    margin: "0",
  },
  cardTitle: {
    fontSize: "18px",
    lineHeight: "24px",
    margin: "4px 0",
    color: ink,
  },
  line: { fontSize: "14px", lineHeight: "22px", margin: "0", color: ink },
  image: {
    display: "block",
    width: "100%",
    maxWidth: "100%",
    height: "auto",
    borderRadius: "4px",
    margin: "0 0 8px",
  },
  link: { color: accent, textDecoration: "underline" },
  footer: {
    fontSize: "13px",
    lineHeight: "20px",
    color: muted,
    margin: "8px 0",
  },
} as const;

function CardFrame({
  card,
  lines,
  imageUrl,
  chrome = ENGLISH_CHROME,
}: {
  card: NewsletterCard;
  lines: Array<string | null | undefined>;
  imageUrl?: string | null | undefined;
  chrome?: NewsletterChrome | undefined;
}): ReactNode {
  return h(
    "div",
    { style: styles.card },
    // The image is decoration: its card's title says what it shows, so a blocked image leaves nothing unsaid.
    imageUrl ? h(Img, { src: imageUrl, alt: "", width: "566", style: styles.image }) : null,
    h(Text, { style: styles.kind }, chrome.kinds[card.kind]),
    h(Heading, { as: "h3", style: styles.cardTitle }, h(Link, { href: card.url, style: styles.link }, card.title)),
    ...lines.filter((line): line is string => !!line).map((line, i) => h(Text, { key: i, style: styles.line }, line)),
  );
}

export function EventCard({ card, chrome }: { card: Extract<NewsletterCard, { kind: "event" }>; chrome?: NewsletterChrome | undefined }): ReactNode {
  return CardFrame({
    card,
    chrome,
    lines: [card.when, card.where],
    imageUrl: card.imageUrl,
  });
}

export function OfferCard({ card, chrome = ENGLISH_CHROME }: { card: Extract<NewsletterCard, { kind: "offer" }>; chrome?: NewsletterChrome | undefined }): ReactNode {
  return CardFrame({
    card,
    chrome,
    lines: [card.business ? chrome.at(card.business) : null, card.validity],
  });
}

export function BusinessCard({ card, chrome }: { card: Extract<NewsletterCard, { kind: "business" }>; chrome?: NewsletterChrome | undefined }): ReactNode {
  return CardFrame({
    card,
    chrome,
    lines: [card.category, card.address],
    imageUrl: card.imageUrl,
  });
}

export function PostCard({ card, chrome }: { card: Extract<NewsletterCard, { kind: "post" }>; chrome?: NewsletterChrome | undefined }): ReactNode {
  return CardFrame({
    card,
    chrome,
    lines: [card.date, card.excerpt],
    imageUrl: card.imageUrl,
  });
}

function Card({ card, chrome }: { card: NewsletterCard; chrome?: NewsletterChrome | undefined }): ReactNode {
  switch (card.kind) {
    case "event":
      return h(EventCard, { card, chrome });
    case "offer":
      return h(OfferCard, { card, chrome });
    case "business":
      return h(BusinessCard, { card, chrome });
    case "post":
      return h(PostCard, { card, chrome });
  }
}

/** The frame of every newsletter mail. */
export function NewsletterLayout({
  site,
  preheader,
  title,
  reason,
  chrome = ENGLISH_CHROME,
  children,
}: {
  site: NewsletterSite;
  preheader: string;
  title: string;
  reason: string;
  chrome?: NewsletterChrome | undefined;
  children?: ReactNode;
}): ReactNode {
  return h(
    Html,
    { lang: chrome.lang },
    // A head of our own: React Email's adds a meta element without content, which HTML does not allow.
    h(
      "head",
      null,
      h("meta", { charSet: "utf-8" }),
      h("meta", {
        name: "viewport",
        content: "width=device-width, initial-scale=1",
      }),
      h("title", null, title),
    ),
    h(
      Body,
      { style: styles.body },
      h(Preview, null, preheader),
      h(
        "div",
        { style: styles.page },
        h(
          Text,
          { style: styles.site },
          h(
            Link,
            {
              href: site.url,
              style: { color: accent, textDecoration: "none" },
            },
            site.name,
          ),
        ),
        h(Heading, { as: "h1", style: styles.title }, title),
        children,
        h(Hr, { style: { borderColor: "#d6d3d1", margin: "24px 0 8px" } }),
        h(Text, { style: styles.footer }, reason),
        h(
          Text,
          { style: styles.footer },
          h(Link, { href: PREFERENCES_SLOT, style: styles.link }, chrome.manage),
          " · ",
          h(Link, { href: UNSUBSCRIBE_SLOT, style: styles.link }, chrome.unsubscribe),
        ),
        h(
          Text,
          { style: styles.footer },
          site.name,
          ...(site.postalAddress ? [h("br"), ...site.postalAddress.split("\n").flatMap((line, i) => (i === 0 ? [line] : [h("br", { key: `b${i}` }), line]))] : []),
        ),
      ),
    ),
  );
}

function NewsletterMail({ content }: { content: NewsletterContent }): ReactNode {
  return h(
    NewsletterLayout,
    {
      site: content.site,
      preheader: content.preheader,
      title: content.subject,
      reason: content.reason,
      chrome: content.chrome,
    },
    content.bodyHtml
      ? h("div", {
          style: styles.body_,
          dangerouslySetInnerHTML: { __html: content.bodyHtml },
        })
      : null,
    ...content.sections
      .filter((s) => s.cards.length > 0)
      .map((section, i) => h("div", { key: i }, h(Heading, { as: "h2", style: styles.section }, section.heading), ...section.cards.map((card, j) => h(Card, { key: j, card, chrome: content.chrome })))),
  );
}

/** The plain-text builder's one call a formatter here needs (html-to-text's BlockTextBuilder). */
interface TextBuilder {
  addInline(text: string, options?: { noWordTransform?: boolean }): void;
}

/**
 * Headings keep their case in the plain-text part (html-to-text would shout them), and a link's address follows it.
 * An image in the text is its description in brackets; a decorative one (and a card's, `alt=""`) is left out.
 */
const TEXT_OPTIONS = {
  wordwrap: false as const,
  formatters: {
    imageDescription: (elem: { attribs?: Record<string, string> }, _walk: unknown, builder: TextBuilder) => {
      const alt = elem.attribs?.alt?.trim();
      if (alt) builder.addInline(`[${alt}]`, { noWordTransform: true });
    },
  },
  selectors: [
    ...plainTextSelectors,
    ...["h1", "h2", "h3"].map((selector) => ({
      selector,
      options: { uppercase: false },
    })),
    { selector: "img", format: "imageDescription" },
  ],
};

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** The mail as HTML and as plain text, with the subscriber's links still as slots (see `personalize`). */
export async function renderNewsletter(content: NewsletterContent): Promise<RenderedMail> {
  const element = h(NewsletterMail, { content });
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true, htmlToTextOptions: TEXT_OPTIONS })]);
  // React Email writes the XHTML 1.0 doctype; the HTML one is what the body is.
  return {
    subject: content.subject,
    html: html.replace(/^<!DOCTYPE[^>]*>/i, "<!DOCTYPE html>"),
    text,
  };
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** A drawn mail with one subscriber's own links in it. */
export function personalize(mail: RenderedMail, links: { unsubscribeUrl: string; preferencesUrl: string }): RenderedMail {
  return {
    subject: mail.subject,
    html: mail.html.replaceAll(UNSUBSCRIBE_SLOT, escapeAttribute(links.unsubscribeUrl)).replaceAll(PREFERENCES_SLOT, escapeAttribute(links.preferencesUrl)),
    text: mail.text.replaceAll(UNSUBSCRIBE_SLOT, links.unsubscribeUrl).replaceAll(PREFERENCES_SLOT, links.preferencesUrl),
  };
}
