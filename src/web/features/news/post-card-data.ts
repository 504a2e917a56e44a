// What a post's card shows, prepared on the server: its page's address and its date in the site's time zone.
import type { Post } from "#shared/schemas/post.ts";
import { formatLongDate } from "#shared/format.ts";
import { paths } from "#web/lib/paths.ts";

export type PostCardData = Pick<Post, "id" | "title" | "authorDisplayName" | "content" | "datetime" | "link" | "imageUrl"> & {
  href: string;
  dateText: string;
  /** The language of the title or content when shown untranslated on a page in another language. */
  lang: NonNullable<Post["lang"]>;
};

/** `post.content` is already plain text cut to the card's length. */
export function toPostCard(post: Post, timeZone: string): PostCardData {
  return {
    id: post.id,
    title: post.title,
    authorDisplayName: post.authorDisplayName,
    content: post.content,
    datetime: post.datetime,
    dateText: formatLongDate(post.datetime, timeZone),
    link: post.link,
    imageUrl: post.imageUrl,
    href: paths.post(post.id),
    lang: post.lang ?? {},
  };
}
