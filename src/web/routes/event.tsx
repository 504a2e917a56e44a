// One event's page: when (in the site's time zone), where (with a map on demand), what, tickets, "Add to calendar"
// and a link to share; with schema.org Event data and link-preview tags.
import { lazy, Suspense, useState } from "react";
import { data } from "react-router";
import type { Route } from "./+types/event";
import { localizedSite } from "#web/lib/site.ts";
import { getApp } from "../lib/app-context.ts";
import { paths } from "../lib/paths.ts";
import { messages } from "#shared/messages.ts";
import { localDate } from "#shared/zoned-time.ts";
import { occursOn } from "#shared/recurrence.ts";
import { volunteerPaths } from "#shared/volunteer-paths.ts";
import { errorStatus, refusal, type OccurrenceActionData } from "../features/events/occurrence-result.ts";
import { ruleWords } from "../features/events/rule-words.ts";
import { localizedPath } from "#shared/i18n/index.ts";
import { toEventCard } from "../features/events/event-card-data.ts";
import { eventJsonLd } from "../features/events/event-json-ld.ts";
import { googleCalendarUrl } from "../features/events/calendar-links.ts";
import { breadcrumbJsonLd, JsonLd } from "../features/seo/index.ts";
import { pageMeta, siteOrigin } from "../features/seo/page-meta.ts";
import { feedPath, metaText } from "../features/seo/meta-text.ts";
import { BusinessMap } from "../features/map/business-map.tsx";
import { CopyButton } from "../components/ui/copy-button.tsx";
import { ui } from "../components/ui/classes.ts";
import { InsightBeacon } from "../components/insight-beacon.tsx";
import { SCRIPTS_AFTER_PAINT } from "../lib/page-handle.ts";
import { ItemNotFound } from "../components/layout/item-not-found.tsx";
import { BackLinkedHeading } from "#web/components/ui/back-linked-heading.tsx";
import { WideImage } from "#web/components/ui/wide-image.tsx";
import { RegistrationForm } from "#web/features/registration/registration-form.tsx";
import type { RegistrationInfo } from "#shared/schemas/registration.ts";
import { loaderText, usePublicText } from "../lib/public-text.ts";
import { languageSettingsOf, pageLanguage } from "#shared/i18n/index.ts";
import { formatEventWhen as formatEventWhenIn } from "#shared/i18n/format.ts";
import { eventLocationWords } from "../features/events/event-card.tsx";
import { LocalLink } from "#web/components/ui/local-link.tsx";

const EVENT_MAP_HEIGHT = 260;

/** The administrators' controls of one date, with their date picker: loaded only for them. */
const OccurrenceChanges = lazy(() => import("../features/events/occurrence-changes.tsx").then((module) => ({ default: module.OccurrenceChanges })));

type Params = { eventId: string; date?: string };

export const handle = SCRIPTS_AFTER_PAINT;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services, user } = getApp(context);
  const origin = siteOrigin(request, context);
  const { eventId, date } = params as Params;
  const [found, site] = await Promise.all([date ? services.events.findOccurrence(eventId, date) : services.events.find(eventId), localizedSite(services, request)]);
  if (!found) return data({ origin, state: "not-found" as const }, { status: 404 });
  const { events } = await services.events.withLocations([found]);
  // The name and description in the page's language, else the originals marked with theirs.
  const language = pageLanguage(new URL(request.url).pathname, languageSettingsOf(site));
  const texts = await services.translations.localize("event", events[0]!.id, { name: events[0]!.name, description: events[0]!.description }, language);
  const event = { ...events[0]!, name: texts.name.text ?? events[0]!.name, description: texts.description.text };
  const card = toEventCard(event, site);
  // Shared and saved links lead to the page in the language it was read in.
  const words = await loaderText(request);
  const pageUrl = `${origin}${localizedPath(card.href, words.lang)}`;
  const calendarUrl = googleCalendarUrl({
    name: event.name,
    start: event.eventDate,
    end: event.endDate,
    allDay: event.allDay,
    startDay: localDate(event.eventDate, site.timeZone),
    endDay: event.endDate ? localDate(event.endDate, site.timeZone) : null,
    details: [event.description, pageUrl].filter(Boolean).join("\n\n"),
    location: [event.locationText, event.business?.address].filter(Boolean).join(", "),
    timeZone: site.timeZone,
  });
  // Administrators move, cancel or restore one date of a series here; a moved one says where the rule has it.
  const canChange = user?.role === "admin" && event.occurrenceDate !== null;
  const series = canChange ? await services.events.find(eventId) : undefined;
  const planned = series?.recurrenceRule && date ? occursOn({ start: series.eventDate, end: series.endDate, rule: series.recurrenceRule }, date, site.timeZone) : null;
  const moved = planned && (planned.start !== event.eventDate || planned.end !== event.endDate) ? formatEventWhenIn(planned.start, planned.end, event.allDay, language, site.timeZone) : null;
  const place = event.business ? { id: event.business.id, name: event.business.name, ...event.business.coordinates } : null;
  // Link previews show the event's image, else the logo of the business it is held at.
  const logo = !event.imageUrl && event.business ? ((await services.businesses.find(event.business.id))?.logoUrl ?? null) : null;
  const volunteersNeeded = await services.volunteering.neededFor(eventId, date ?? null);
  // Registration is per date: a series' own page has none, each of its dates has its own places.
  const registrable = !event.recurrenceRule || event.occurrenceDate !== null;
  const [registration, organizer] = await Promise.all([
    registrable ? services.registrations.info(eventId, date ?? null).catch((): RegistrationInfo | null => null) : null,
    services.registrations.isOrganizer(user, event),
  ]);
  return {
    registration: registration?.enabled ? registration : null,
    currency: site.currency,
    person: user ? { name: user.displayName, email: user.email } : null,
    registrationsHref: organizer ? `/events/${encodeURIComponent(eventId)}/registrations${date ? `?date=${date}` : ""}` : null,
    origin,
    state: "ok" as const,
    event: card,
    /** Set on a text shown in the original's language because it has no translation into the page's. */
    lang: { name: texts.name.lang, description: texts.description.lang },
    rule: event.recurrenceRule ? ruleWords(event.recurrenceRule, event.eventDate, site.timeZone, words) : null,
    seriesHref: paths.event(event.id),
    canChange,
    movedFrom: moved,
    timeZone: site.timeZone,
    place,
    googleCalendarUrl: calendarUrl,
    shareUrl: pageUrl,
    previewImage: event.imageUrl ?? logo,
    volunteersNeeded,
  };
}

/** An administrator moves or cancels one date of a series, or puts it back; a refusal is shown beside its field. */
export async function action({ context, request, params }: Route.ActionArgs): Promise<OccurrenceActionData> {
  const { services, user } = getApp(context);
  const { eventId, date } = params as Params;
  if (!date) throw data(messages.notFound, { status: 404 });
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? "") || null;
  const intent = text("intent");
  try {
    if (intent === "restore") await services.events.restoreOccurrence(user, eventId, date);
    else if (intent === "move") await services.events.changeOccurrence(user, eventId, date, { startDate: text("startDate"), endDate: text("endDate") });
    else await services.events.changeOccurrence(user, eventId, date, { cancelled: true });
    return { done: intent === "restore" || intent === "move" ? intent : "cancel" };
  } catch (error) {
    const refused = refusal(error);
    if (refused) return refused;
    const status = errorStatus(error);
    if (status !== null) throw data((error as Error).message, { status });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) => {
  const origin = loaderData?.origin ?? "";
  if (loaderData?.state !== "ok") {
    const { eventId, date } = params as Params;
    const notFound = metaText(matches).t("event.notFound");
    return pageMeta(matches, { title: notFound, description: notFound, origin, path: paths.event(eventId, date), noindex: true });
  }
  const { event } = loaderData;
  const { t, language, timeZone, feed } = metaText(matches);
  const when = formatEventWhenIn(event.eventDate, event.endDate, event.allDay, language, timeZone);
  return [
    ...pageMeta(matches, {
      title: event.cancelled ? t("meta.event.cancelled", { name: event.name }) : event.name,
      description: [t("meta.event.description", { when, where: eventLocationWords(event.locationText, t) }), event.description].filter(Boolean).join(" "),
      origin,
      path: event.href,
      image: loaderData.previewImage,
      imageAlt: event.imageUrl ? event.name : undefined,
    }),
    { tagName: "link", rel: "alternate", type: "text/calendar", title: t("meta.event.calendar", { name: event.name }), href: feed(paths.eventCalendar(event.id)) },
  ];
};

/** The map loads only when asked for: most visitors never open it. */
function MapOnDemand({ place }: { place: { id: string; name: string; lat: number; lng: number } }) {
  const { t } = usePublicText();
  const [open, setOpen] = useState(false);
  return (
    <div className="mt-3">
      <button type="button" className={ui.secondary} aria-expanded={open} aria-controls="event-map" onClick={() => setOpen((o) => !o)}>
        {open ? t("event.hideMap") : t("event.showMap")}
      </button>
      <div id="event-map" className="mt-3" hidden={!open}>
        {open && <BusinessMap business={place} height={EVENT_MAP_HEIGHT} shownAtOnce />}
      </div>
    </div>
  );
}

export default function EventPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, lang } = usePublicText();
  if (loaderData.state !== "ok") {
    return <ItemNotFound heading={t("event.heading")} message={t("event.notFound")} back={{ to: paths.events, label: t("event.allEvents") }} />;
  }
  const { event, place, origin, googleCalendarUrl: googleUrl, shareUrl, rule, seriesHref, canChange, movedFrom, timeZone, volunteersNeeded, registration, person, registrationsHref } = loaderData;
  return (
    <article aria-labelledby="event-name" className="max-w-3xl">
      <JsonLd data={eventJsonLd(event, origin, registration ? { ...registration, currency: loaderData.currency } : null)} />
      <JsonLd data={breadcrumbJsonLd(origin, [{ name: t("events.heading"), path: paths.events }, { name: event.name, path: event.href }], { language: lang, home: t("home.breadcrumb") })} />
      <InsightBeacon events={[{ kind: "event-view", id: event.id }]} signature={event.id} />
      <BackLinkedHeading back={t("event.back")} backTo={paths.events} id="event-name">
        <span lang={loaderData.lang.name} dir="auto">{event.name}</span>
      </BackLinkedHeading>
      {event.cancelled && (
        <p role="status" className="mt-3 rounded-md border border-red-300 bg-red-50 px-4 py-2 text-lg font-semibold text-red-800">
          {t("event.cancelledDate")}
        </p>
      )}
      <p className={`mt-2 text-lg font-medium ${event.cancelled ? "text-stone-500 line-through" : "text-stone-800"}`}>
        <time dateTime={event.startDateLd}>{formatEventWhenIn(event.eventDate, event.endDate, event.allDay, lang, timeZone)}</time>
      </p>
      {rule && (
        <p className="mt-1 text-stone-700">
          {rule}.{" "}
          {event.occurrenceDate && (
            <LocalLink to={seriesHref} className="text-brand-700 underline">
              {t("event.wholeSeries")}
            </LocalLink>
          )}
        </p>
      )}
      {canChange && (
        <Suspense>
          <OccurrenceChanges key={`${event.eventDate}/${event.endDate}/${event.cancelled}`} start={event.eventDate} end={event.endDate} cancelled={event.cancelled} movedFrom={movedFrom} timeZone={timeZone} result={actionData} />
        </Suspense>
      )}
      {event.imageUrl && (
        <WideImage src={event.imageUrl} alt={event.name} lead className="mt-4 aspect-video w-full rounded-lg object-cover" />
      )}

      <section aria-labelledby="event-where" className="mt-6">
        <h2 id="event-where" className="text-xl font-semibold text-brand-800">
          {t("event.where")}
        </h2>
        {event.business ? (
          <>
            <p className="mt-1">
              <LocalLink to={paths.business(event.business.id)} className="font-medium text-brand-700 underline">
                {event.business.name}
              </LocalLink>
            </p>
            {event.business.address && <address dir="auto" className="not-italic text-stone-700">{event.business.address}</address>}
            {place && <MapOnDemand place={place} />}
          </>
        ) : (
          <p className="mt-1 text-stone-800">{eventLocationWords(event.locationText, t)}</p>
        )}
      </section>

      {event.description && (
        <section aria-labelledby="event-about" className="mt-6">
          <h2 id="event-about" className="text-xl font-semibold text-brand-800">
            {t("event.about")}
          </h2>
          <p lang={loaderData.lang.description} dir="auto" className="mt-1 whitespace-pre-line text-stone-800">
            {event.description}
          </p>
        </section>
      )}

      <div className="mt-6 flex flex-wrap items-center gap-3">
        {event.ticketsLink && !event.cancelled && (
          <a href={event.ticketsLink} target="_blank" rel="noopener noreferrer" className={ui.primary}>
            {t("event.getTickets")}<span className="sr-only">{t("event.opensInNewTab")}</span>
          </a>
        )}
      </div>

      {volunteersNeeded.openPlaces > 0 && !event.cancelled && <VolunteersNeeded needed={volunteersNeeded} />}
      {registration && <RegistrationForm info={registration} person={person} />}
      {registrationsHref && (
        <p className="mt-4">
          <LocalLink to={registrationsHref} className="text-brand-700 underline">
            {t("event.registrations")}
          </LocalLink>
        </p>
      )}

      <section aria-labelledby="event-calendar" className="mt-6">
        <h2 id="event-calendar" className="text-xl font-semibold text-brand-800">
          {t("event.addToCalendar")}
        </h2>
        <p className="mt-2 flex flex-wrap gap-3">
          <a href={feedPath(paths.eventCalendar(event.id), lang)} download className={ui.secondary}>
            {t("event.downloadIcs")}
          </a>
          <a href={googleUrl} target="_blank" rel="noopener noreferrer" className={ui.secondary}>
            {t("event.googleCalendar")}<span className="sr-only">{t("event.opensInNewTab")}</span>
          </a>
        </p>
      </section>

      <section aria-labelledby="event-share" className="mt-6">
        <h2 id="event-share" className="text-xl font-semibold text-brand-800">
          {t("event.share")}
        </h2>
        <p className="mt-2 flex flex-wrap items-center gap-3">
          <a id="event-share-link" href={shareUrl} className="break-all text-brand-700 underline">
            {shareUrl}
          </a>
          <CopyButton text={shareUrl} label={t("event.copyLink")} copiedText={t("event.linkCopied")} targetId="event-share-link" />
        </p>
      </section>
    </article>
  );
}

/** The places still open across the event's volunteer opportunities, each linked. */
function VolunteersNeeded({ needed }: { needed: { openPlaces: number; opportunities: Array<{ id: string; title: string; openPlaces: number }> } }) {
  const { t } = usePublicText();
  return (
    <section aria-labelledby="event-volunteers" className="mt-6 rounded-md border border-brand-200 bg-brand-50 px-4 py-3">
      <h2 id="event-volunteers" className="text-lg font-semibold text-brand-800">
        {t("event.volunteersNeeded", { count: needed.openPlaces })}
      </h2>
      <ul className="mt-1 grid gap-1">
        {needed.opportunities.map((opportunity) => (
          <li key={opportunity.id}>
            <LocalLink to={volunteerPaths.opportunity(opportunity.id)} className="font-medium text-brand-700 underline">
              {opportunity.title}
            </LocalLink>{" "}
            <span className="text-sm text-stone-700">
              {t("event.placesOpen", { count: opportunity.openPlaces })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
