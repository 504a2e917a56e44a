// One news post's page: title, image, author, date in the site's time zone and the whole (sanitized) content; with
// schema.org BlogPosting data and link-preview tags.
import { data } from "react-router";
import type { Route } from "./+types/post";
import { getApp } from "../lib/app-context.ts";
import { paths } from "../lib/paths.ts";
import { formatLongDate } from "#shared/format.ts";
import { isoWithOffset } from "#shared/zoned-time.ts";
import { RichContent } from "../features/page/rich-content.tsx";
import { blogPostingJsonLd, breadcrumbJsonLd, JsonLd } from "../features/seo/index.ts";
import { pageMeta, siteOrigin } from "../features/seo/page-meta.ts";
import { metaText } from "../features/seo/meta-text.ts";
import { SCRIPTS_AFTER_PAINT } from "../lib/page-handle.ts";
import { ItemNotFound } from "../components/layout/item-not-found.tsx";
import { BackLinkedHeading } from "#web/components/ui/back-linked-heading.tsx";
import { WideImage } from "#web/components/ui/wide-image.tsx";
import { usePublicText } from "../lib/public-text.ts";
import { useSiteTimeZone } from "../lib/site.ts";
import { formatLongDate as formatLongDateIn } from "#shared/i18n/format.ts";
import { languageSettingsOf, pageLanguage } from "#shared/i18n/index.ts";

export const handle = SCRIPTS_AFTER_PAINT;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services } = getApp(context);
  const origin = siteOrigin(request, context);
  const settings = await services.siteSettings.get();
  // In the page's language where it is translated; JSON-LD and link previews take the same texts.
  const language = pageLanguage(new URL(request.url).pathname, languageSettingsOf(settings));
  const [post, site] = await Promise.all([services.posts.find(params.postId, language), services.siteSettings.localized(language)]);
  if (!post) return data({ origin, state: "not-found" as const }, { status: 404 });
  const [asText] = services.posts.asText([post], 300);
  return {
    origin,
    state: "ok" as const,
    post: {
      ...post,
      href: paths.post(post.id),
      dateText: formatLongDate(post.datetime, site.timeZone),
      publishedLd: isoWithOffset(post.datetime, site.timeZone),
      modifiedLd: isoWithOffset(post.lastUpdatedAt, site.timeZone),
      summary: asText!.content,
    },
    associationName: site.associationName,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) => {
  const origin = loaderData?.origin ?? "";
  if (loaderData?.state !== "ok") {
    const notFound = metaText(matches).t("news.notFound");
    return pageMeta(matches, { title: notFound, description: notFound, origin, path: paths.post(params.postId), noindex: true });
  }
  const { post } = loaderData;
  return [
    ...pageMeta(matches, { title: post.title, description: post.summary || post.title, origin, path: post.href, image: post.imageUrl, imageAlt: post.imageUrl ? post.title : undefined, type: "article" }),
    { property: "article:published_time", content: post.publishedLd },
    { property: "article:modified_time", content: post.modifiedLd },
    { tagName: "link", rel: "alternate", type: "application/rss+xml", title: metaText(matches).t("news.heading"), href: metaText(matches).feed("/news/feed.xml") },
  ];
};

export default function PostPage({ loaderData }: Route.ComponentProps) {
  const { t, lang } = usePublicText();
  const timeZone = useSiteTimeZone();
  if (loaderData.state !== "ok") {
    return <ItemNotFound heading={t("news.heading")} message={t("news.notFound")} back={{ to: paths.news, label: t("news.allNews") }} />;
  }
  const { post, origin, associationName } = loaderData;
  const author = post.authorDisplayName?.trim() || t("post.unknownAuthor");
  return (
    <article aria-labelledby="post-title" className="max-w-3xl">
      <JsonLd data={blogPostingJsonLd(post, associationName, origin)} />
      <JsonLd data={breadcrumbJsonLd(origin, [{ name: t("news.heading"), path: paths.news }, { name: post.title, path: post.href }], { language: lang, home: t("home.breadcrumb") })} />
      <BackLinkedHeading back={t("news.heading")} backTo={paths.news} id="post-title">
        <span lang={post.lang?.title} dir="auto">{post.title}</span>
      </BackLinkedHeading>
      <p className="mt-2 text-sm text-stone-600">
        {t("post.byline", { author })}<time dateTime={post.publishedLd}>{formatLongDateIn(post.datetime, lang, timeZone)}</time>
      </p>
      {post.imageUrl && (
        <WideImage src={post.imageUrl} alt={post.title} lead className="mt-4 aspect-video w-full rounded-lg object-cover" />
      )}
      <RichContent html={post.content} lang={post.lang?.content} className="mt-4" />
      {post.link && (
        <p className="mt-6">
          <a href={post.link} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
            {t("post.readMore")}<span className="sr-only">{t("post.readMoreAbout", { title: post.title })}</span>
          </a>
        </p>
      )}
    </article>
  );
}
