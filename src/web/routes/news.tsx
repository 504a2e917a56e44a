// /news: the association's posts, newest first, a page at a time, each with its image, date, author and an excerpt;
// above them, the CMS page "news" when the visitor may read it.
import { data } from "react-router";
import type { Route } from "./+types/news";
import { getApp } from "../lib/app-context.ts";
import { messages } from "#shared/messages.ts";
import { TRUNCATE } from "#shared/constants.ts";
import { toPostCard } from "../features/news/post-card-data.ts";
import { RichContent } from "../features/page/rich-content.tsx";
import { pageMeta, siteOrigin } from "../features/seo/page-meta.ts";
import { feedPath, metaText } from "../features/seo/meta-text.ts";
import { Pager } from "../components/ui/pager.tsx";
import { SCRIPTS_AFTER_PAINT } from "../lib/page-handle.ts";
import { WideImage } from "#web/components/ui/wide-image.tsx";
import { usePublicText } from "../lib/public-text.ts";
import { useSiteTimeZone } from "../lib/site.ts";
import { formatLongDate as formatLongDateIn } from "#shared/i18n/format.ts";
import { LocalLink } from "#web/components/ui/local-link.tsx";
import { languageSettingsOf, pageLanguage } from "#shared/i18n/index.ts";

const PAGE_SIZE = 10;

export const handle = SCRIPTS_AFTER_PAINT;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, user } = getApp(context);
  const url = new URL(request.url);
  const page = Number(url.searchParams.get("page") ?? "1");
  if (!Number.isInteger(page) || page < 1 || page > 10_000) throw data(messages.notFound, { status: 404 });
  const site = await services.siteSettings.get();
  // The posts and the page above them in the page's language where they are translated.
  const language = pageLanguage(url.pathname, languageSettingsOf(site));
  const [list, cms] = await Promise.all([
    services.posts.page({ page, pageSize: PAGE_SIZE, max: TRUNCATE.homePost, language }),
    services.pages.findVisible(user, "news", language),
  ]);
  if (page > 1 && list.items.length === 0) throw data(messages.notFound, { status: 404 });
  return {
    origin: siteOrigin(request, context),
    posts: list.items.map((post) => toPostCard(post, site.timeZone)),
    page: list.page,
    pageSize: list.pageSize,
    total: list.total,
    html: cms?.html ?? null,
    htmlLang: cms?.lang?.content,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const { t, feed } = metaText(matches);
  return [
    ...pageMeta(matches, {
      title: t("news.heading"),
      description: loaderData?.posts[0] ? t("meta.news.latest", { title: loaderData.posts[0].title }) : t("meta.news.none"),
      origin: loaderData?.origin ?? "",
      path: loaderData && loaderData.page > 1 ? `/news?page=${loaderData.page}` : "/news",
      image: loaderData?.posts.find((p) => p.imageUrl)?.imageUrl ?? null,
    }),
    { tagName: "link", rel: "alternate", type: "application/rss+xml", title: t("news.heading"), href: feed("/news/feed.xml") },
  ];
};

export default function News({ loaderData }: Route.ComponentProps) {
  const { t, lang } = usePublicText();
  const timeZone = useSiteTimeZone();
  const { posts, page, pageSize, total, html, htmlLang } = loaderData;
  return (
    <>
      <h1 className="page-heading">{t("news.heading")}</h1>
      {html && <RichContent html={html} lang={htmlLang} className="mt-2" />}
      <p className="mt-2 text-sm">
        <a href={feedPath("/news/feed.xml", lang)} className="text-brand-700 underline">
          {t("news.feed")}
        </a>
      </p>
      {posts.length === 0 ? (
        <p className="mt-6 text-stone-600">{t("home.noPosts")}</p>
      ) : (
        <ol className="mt-6 grid gap-6" aria-label={t("news.postsNewestFirst")}>
          {posts.map((post, index) => (
            <li key={post.id}>
              <article aria-labelledby={`post-${post.id}`} className="card flex flex-col gap-4 sm:flex-row">
                {post.imageUrl && (
                  <WideImage src={post.imageUrl} alt="" eager={index === 0} className="aspect-video w-full shrink-0 rounded-md object-cover sm:w-64" />
                )}
                <div className="min-w-0">
                  <h2 id={`post-${post.id}`} className="text-xl font-semibold text-stone-900">
                    <LocalLink to={post.href} lang={post.lang.title} dir="auto" className="hover:text-brand-700 hover:underline">
                      {post.title}
                    </LocalLink>
                  </h2>
                  <p className="mt-1 text-sm text-stone-600">
                    {t("post.byline", { author: post.authorDisplayName?.trim() || t("post.unknownAuthor") })}<time dateTime={post.datetime}>{formatLongDateIn(post.datetime, lang, timeZone)}</time>
                  </p>
                  <p lang={post.lang.content} dir="auto" className="mt-2 text-stone-700">{post.content}</p>
                  <p className="mt-2">
                    <LocalLink to={post.href} className="font-semibold text-brand-700 underline">
                      {t("news.readPost")}<span className="sr-only">{t("news.readPostTitle", { title: post.title })}</span>
                    </LocalLink>
                  </p>
                </div>
              </article>
            </li>
          ))}
        </ol>
      )}
      {total > pageSize && <Pager label={t("news.pager")} page={page} pageSize={pageSize} total={total} />}
    </>
  );
}
