import type { Route } from "./+types/events";
import { localizedSite } from "#web/lib/site.ts";
import { getApp, loadOr } from "../lib/app-context.ts";
import { TRUNCATE } from "#shared/constants.ts";
import { EventCard } from "../features/events/event-card.tsx";
import { SubscribeControl } from "../features/events/subscribe-control.tsx";
import { toEventCard, type EventCardData } from "../features/events/event-card-data.ts";
import { pageMeta, siteOrigin } from "../features/seo/page-meta.ts";
import { feedPath, metaText } from "../features/seo/meta-text.ts";
import { formatLongDate } from "#shared/i18n/format.ts";
import { SCRIPTS_AFTER_PAINT } from "../lib/page-handle.ts";
import { usePublicText } from "../lib/public-text.ts";
import { localizedList } from "../lib/localized-list.ts";
import { languageSettingsOf, pageLanguage } from "#shared/i18n/index.ts";

export const handle = SCRIPTS_AFTER_PAINT;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = getApp(context);
  const origin = siteOrigin(request, context);
  const now = new Date();
  const { upcoming, past, markersFailed } = await loadOr(
    context,
    "events",
    async () => {
      const [soon, before, site] = await Promise.all([services.events.upcoming({ now }), services.events.past({ now }), localizedSite(services, request)]);
      const located = await services.events.withLocations([...soon, ...before]);
      // Names and descriptions in the page's language, else the originals marked with theirs.
      const languages = languageSettingsOf(site);
      const page = pageLanguage(new URL(request.url).pathname, languages);
      const cards = await localizedList(services.translations, "event", located.events.map((event) => toEventCard(event, site)), ["name", "description"], page, languages.defaultLanguage);
      return { upcoming: cards.slice(0, soon.length), past: cards.slice(soon.length), markersFailed: located.locationsFailed };
    },
    () => ({ upcoming: null as EventCardData[] | null, past: null as EventCardData[] | null, markersFailed: false }),
  );
  return { origin, upcoming, past, failed: { events: upcoming === null, markers: markersFailed } };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const next = loaderData?.upcoming?.[0];
  const { t, language, timeZone, feed } = metaText(matches);
  return [
    ...pageMeta(matches, {
      title: t("events.heading"),
      description: next ? t("meta.events.next", { name: next.name, date: formatLongDate(next.eventDate, language, timeZone) }) : t("meta.events.none"),
      origin: loaderData?.origin ?? "",
      path: "/events",
      image: loaderData?.upcoming?.find((e) => e.imageUrl)?.imageUrl ?? null,
    }),
    // Calendar apps and feed readers find the upcoming events' feed from the page.
    { tagName: "link", rel: "alternate", type: "text/calendar", title: t("meta.upcomingEvents"), href: feed("/events.ics") },
    { tagName: "link", rel: "alternate", type: "application/rss+xml", title: t("meta.upcomingEvents"), href: feed("/events/feed.xml") },
  ];
};

function EventList({ events, empty, origin }: { events: EventCardData[] | null; empty: string; origin: string }) {
  if (events === null) return null;
  if (events.length === 0) return <p className="mt-4 text-stone-600">{empty}</p>;
  return (
    <div className="mt-4 grid gap-4">
      {events.map((event, i) => (
        <EventCard key={event.key} event={event} truncateAt={TRUNCATE.eventList} origin={origin} eager={i === 0} />
      ))}
    </div>
  );
}

/** A headed section of event cards; `id` is its heading's, which names the section. */
function EventSection({ id, heading, className, ...list }: { id: string; heading: string; className: string } & Parameters<typeof EventList>[0]) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-2xl font-bold text-brand-800">
        {heading}
      </h2>
      <EventList {...list} />
    </section>
  );
}

export default function Events({ loaderData }: Route.ComponentProps) {
  const { t, lang } = usePublicText();
  const { origin, upcoming, past, failed } = loaderData;
  const failure = (failed.events ? t("events.failedEvents") : "") + (failed.markers ? t("events.failedMarkers") : "");
  return (
    <>
      <h1 className="page-heading">{t("events.heading")}</h1>
      {failure && (
        <p role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 px-4 py-3 font-medium text-red-800">
          {failure}
        </p>
      )}
      <SubscribeControl feedUrl={`${origin}${feedPath("/events.ics", lang)}`} label={t("events.subscribeCalendar")} />
      <EventSection id="upcoming-heading" heading={t("events.upcoming")} className="mt-8" events={upcoming} empty={t("events.noUpcoming")} origin={origin} />
      <EventSection id="past-heading" heading={t("events.past")} className="mt-10" events={past} empty={t("events.noPast")} origin={origin} />
    </>
  );
}
