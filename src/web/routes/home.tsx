import { Suspense, useCallback, useState, type ReactNode } from "react";
import { Await } from "react-router";
import type { Route } from "./+types/home";
import { localizedSite } from "#web/lib/site.ts";
import { getApp } from "../lib/app-context.ts";
import { paths } from "../lib/paths.ts";
import { messages } from "#shared/messages.ts";
import { TRUNCATE } from "#shared/constants.ts";
import { heroAltField } from "#shared/site-list-fields.ts";
import { HeroSlideshow } from "../features/home/hero-slideshow.tsx";
import { PostCard } from "../features/home/post-card.tsx";
import { loadHomeSections } from "../features/home/home-sections.ts";
import { EventCard } from "../features/events/event-card.tsx";
import { OfferCard } from "../features/offers/offer-card.tsx";
import { pageMeta, siteOrigin } from "../features/seo/page-meta.ts";
import { metaText } from "../features/seo/meta-text.ts";
import { JsonLd, organizationJsonLd } from "../features/seo/index.ts";
import { HomeMapSection } from "../features/map/home-map.tsx";
import { SCRIPTS_AFTER_PAINT } from "../lib/page-handle.ts";
import { usePublicText } from "../lib/public-text.ts";
import type { TFunction } from "i18next";
import { LocalLink } from "#web/components/ui/local-link.tsx";
import { languageSettingsOf, pageLanguage } from "#shared/i18n/index.ts";

export const handle = SCRIPTS_AFTER_PAINT;

export async function loader({ context, request }: Route.LoaderArgs) {
  const app = getApp(context);
  const site = await localizedSite(app.services, request);
  // Not awaited: the page streams, and each section shows its loading text until its promise settles.
  const sections = loadHomeSections(app, pageLanguage(new URL(request.url).pathname, languageSettingsOf(site)));
  return {
    origin: siteOrigin(request, context),
    associationName: site.associationName,
    tagline: site.tagline,
    fallback: site.fallback,
    heroPhotos: site.heroPhotos.map((photo, index) => ({ ...photo, lang: site.fallback[heroAltField(index)] })),
    ...sections,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const { t, feed } = metaText(matches);
  return [
    ...pageMeta(matches, {
      description: t("meta.home.description", { tagline: loaderData?.tagline ?? t("meta.home.tagline"), name: loaderData?.associationName ?? t("meta.home.downtown") }),
      origin: loaderData?.origin ?? "",
      path: "/",
      image: loaderData?.heroPhotos.at(-1)?.url ?? null,
      imageAlt: loaderData?.heroPhotos.at(-1)?.alt,
    }),
    // Feed readers find the news and the events from the home page.
    { tagName: "link", rel: "alternate", type: "application/rss+xml", title: t("news.heading"), href: feed("/news/feed.xml") },
    { tagName: "link", rel: "alternate", type: "application/rss+xml", title: t("meta.upcomingEvents"), href: feed("/events/feed.xml") },
  ];
};

function SectionLink({ to, children }: { to: string; children: string }) {
  return (
    <p className="mt-4">
      <LocalLink to={to} className="font-semibold text-brand-700 underline">
        {children}
      </LocalLink>
    </p>
  );
}

// The sections' failures come as the spec's English sentences, in the order the page says them.
const FAILURES = ["failedPosts", "failedEvents", "failedOffers", "failedMarkers"] as const;
const failureWords = (message: string, t: TFunction<"public">) => FAILURES.filter((key) => message.includes(messages.home[key])).map((key) => t(`home.${key}`)).join("");

function FailureMessage({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 px-4 py-3 font-medium text-red-800">
      {children}
    </p>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = usePublicText();
  const { origin, associationName, tagline, fallback, heroPhotos, posts, events, offers, failures } = loaderData;
  // The map loads later, in the browser; its failure joins the sections' red message, said once.
  const [mapFailed, setMapFailed] = useState(false);
  const onMapFailed = useCallback(() => setMapFailed(true), []);
  const withMap = (message: string) =>
    failureWords(mapFailed && !message.includes(messages.home.failedMarkers) ? message + messages.home.failedMarkers : message, t);
  return (
    <>
      <JsonLd data={organizationJsonLd(associationName, origin)} />
      <HeroSlideshow photos={heroPhotos} headline={tagline} headlineLang={fallback.tagline} />

      <Suspense fallback={mapFailed ? <FailureMessage>{withMap("")}</FailureMessage> : null}>
        <Await resolve={failures}>{(message) => (withMap(message) ? <FailureMessage>{withMap(message)}</FailureMessage> : null)}</Await>
      </Suspense>

      {/* The posts section has no heading in the spec; its landmark is named for screen readers. */}
      <section aria-label={t("home.latestNews")} className="mt-8">
        <Suspense fallback={<p className="text-stone-600">{t("home.loadingPosts")}</p>}>
          <Await resolve={posts}>
            {(section) =>
              !section.ok ? null : section.items.length === 0 ? (
                <p className="text-stone-600">{t("home.noPosts")}</p>
              ) : (
                <div className="grid gap-4 md:grid-cols-3">
                  {section.items.map((post) => (
                    <PostCard key={post.id} post={post} />
                  ))}
                </div>
              )
            }
          </Await>
        </Suspense>
      </section>

      <section aria-labelledby="upcoming-events-heading" className="mt-10">
        <h2 id="upcoming-events-heading" className="text-2xl font-bold text-brand-800">
          {t("home.upcomingEvents")}
        </h2>
        <div className="mt-4">
          <Suspense fallback={<p className="text-stone-600">{t("home.loadingEvents")}</p>}>
            <Await resolve={events}>
              {(section) =>
                !section.ok ? null : section.items.length === 0 ? (
                  <p className="text-stone-600">{t("home.noUpcomingEvents")}</p>
                ) : (
                  <div className="grid gap-4">
                    {section.items.map((event) => (
                      <EventCard key={event.key} event={event} truncateAt={TRUNCATE.homeEvent} origin={origin} />
                    ))}
                  </div>
                )
              }
            </Await>
          </Suspense>
        </div>
        <SectionLink to={paths.events}>{t("home.moreEvents")}</SectionLink>
      </section>

      {/* The map of business locations loads only when scrolled into view: src/web/features/map/home-map.tsx. */}
      <section id="home-map" data-slot="home-map" aria-labelledby="home-map-heading" className="mt-10">
        <HomeMapSection onFailed={onMapFailed} />
      </section>

      <Suspense fallback={null}>
        <Await resolve={offers}>
          {(section) =>
            section.ok && section.items.length > 0 ? (
              <section aria-labelledby="current-offers-heading" className="mt-10">
                <h2 id="current-offers-heading" className="text-2xl font-bold text-brand-800">
                  {t("home.currentOffers")}
                </h2>
                <div className="mt-4 grid gap-4 md:grid-cols-3">
                  {section.items.map((offer) => (
                    <OfferCard key={offer.id} offer={offer} variant="home" />
                  ))}
                </div>
                <SectionLink to={paths.offers}>{t("home.moreOffers")}</SectionLink>
              </section>
            ) : null
          }
        </Await>
      </Suspense>
    </>
  );
}
