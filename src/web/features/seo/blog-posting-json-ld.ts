// schema.org BlogPosting for a news post's page: its headline (at most 110 characters, as rich results allow), dates
// with the site's offset, its author (else the association), its image (else the association's logo) and the
// association as publisher.
import { truncate } from "#shared/format.ts";
import { organizationJsonLd, SITE_LOGO_PATH } from "./structured-data.ts";

export interface PostForJsonLd {
  title: string;
  /** The page's path. */
  href: string;
  publishedLd: string;
  modifiedLd: string;
  /** Null or blank when the post names no author. */
  authorDisplayName: string | null;
  imageUrl: string | null;
  summary: string;
}

export function blogPostingJsonLd(post: PostForJsonLd, associationName: string, origin: string) {
  const url = `${origin}${post.href}`;
  const publisher = organizationJsonLd(associationName, origin);
  const author = post.authorDisplayName?.trim();
  return {
    "@type": "BlogPosting",
    headline: truncate(post.title, 107),
    datePublished: post.publishedLd,
    dateModified: post.modifiedLd,
    author: author ? { "@type": "Person", name: author } : publisher,
    publisher,
    image: new URL(post.imageUrl ?? SITE_LOGO_PATH, origin).href,
    url,
    mainEntityOfPage: url,
    ...(post.summary ? { description: post.summary } : {}),
  };
}
