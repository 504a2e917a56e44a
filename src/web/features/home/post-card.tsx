import type { PostCardData } from "../news/index.ts";
import { WideImage } from "#web/components/ui/wide-image.tsx";
import { usePublicText } from "#web/lib/public-text.ts";
import { useSiteTimeZone } from "#web/lib/site.ts";
import { formatLongDate } from "#shared/i18n/format.ts";
import { LocalLink } from "#web/components/ui/local-link.tsx";

export type { PostCardData };

export function PostCard({ post, eager = false }: { post: PostCardData; eager?: boolean }) {
  const { t, lang } = usePublicText();
  const timeZone = useSiteTimeZone();
  return (
    <article aria-labelledby={`post-${post.id}`} className="card flex flex-col gap-3">
      {post.imageUrl && (
        <WideImage src={post.imageUrl} alt={post.title} eager={eager} className="aspect-video w-full rounded-md object-cover" />
      )}
      <h2 id={`post-${post.id}`} className="text-lg font-semibold text-stone-900">
        <LocalLink to={post.href} lang={post.lang.title} dir="auto" className="hover:text-brand-700 hover:underline">
          {post.title}
        </LocalLink>
      </h2>
      <p className="text-sm text-stone-600">
        {t("post.byline", { author: post.authorDisplayName?.trim() || t("post.unknownAuthor") })}<time dateTime={post.datetime}>{formatLongDate(post.datetime, lang, timeZone)}</time>
      </p>
      {/* Already plain text cut to 200 characters by the loader (the stored content is HTML). */}
      <p lang={post.lang.content} dir="auto" className="text-stone-700">{post.content}</p>
      {post.link && (
        <p>
          <a href={post.link} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
            {t("post.readMore")}<span className="sr-only">{t("post.readMoreAbout", { title: post.title })}</span>
          </a>
        </p>
      )}
    </article>
  );
}
