import { truncate } from "#shared/format.ts";
import { paths } from "#web/lib/paths.ts";
import { feedPath, JsonLd } from "../seo/index.ts";
import type { EventCardData } from "./event-card-data.ts";
import { eventJsonLd } from "./event-json-ld.ts";
import { WideImage } from "#web/components/ui/wide-image.tsx";
import { usePublicText } from "#web/lib/public-text.ts";
import { useSiteTimeZone } from "#web/lib/site.ts";
import { formatLongDate } from "#shared/i18n/format.ts";
import type { TFunction } from "i18next";
import { LocalLink } from "#web/components/ui/local-link.tsx";

/** The location's words when the server could name no place ("Outdoor Event", "N/A"), in the page's language. */
export function eventLocationWords(text: string, t: TFunction<"public">): string {
  return t(`events.location.${text}`, { defaultValue: text });
}

interface Props {
  event: EventCardData;
  /** Characters of the description to show (spec section 9). */
  truncateAt: number;
  origin: string;
  headingLevel?: 2 | 3;
  /** Images below the fold wait until they are scrolled near. */
  eager?: boolean;
}

export function EventCard({ event, truncateAt, origin, headingLevel = 3, eager = false }: Props) {
  const { t, lang } = usePublicText();
  const timeZone = useSiteTimeZone();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const headingId = `event-${event.key}-name`;
  return (
    <article id={`event-${event.key}`} aria-labelledby={headingId} className="card flex flex-col gap-3 sm:flex-row">
      {event.imageUrl && (
        <WideImage src={event.imageUrl} alt={event.name} eager={eager} className="aspect-video w-full shrink-0 rounded-md object-cover sm:w-56" />
      )}
      <div className="min-w-0 flex-1">
        <Heading id={headingId} className="text-lg font-semibold text-stone-900">
          <LocalLink to={event.href} className="hover:text-brand-700 hover:underline">
            <span lang={event.lang?.name} dir="auto">{event.name}</span>
          </LocalLink>
        </Heading>
        {event.cancelled && <p className="mt-1 inline-block rounded-full bg-red-100 px-2 py-0.5 text-sm font-semibold text-red-800">{t("events.cancelled")}</p>}
        <p className="mt-1 text-sm font-medium text-stone-700">
          <time dateTime={event.eventDate}>{formatLongDate(event.eventDate, lang, timeZone)}</time> |{" "}
          {event.business ? (
            <LocalLink to={paths.business(event.business.id)} className="text-brand-700 underline">
              {eventLocationWords(event.locationText, t)}
            </LocalLink>
          ) : (
            eventLocationWords(event.locationText, t)
          )}
        </p>
        {event.description && (
          <p lang={event.lang?.description} dir="auto" className="mt-2 text-stone-700">
            {truncate(event.description, truncateAt)}
          </p>
        )}
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-2 text-sm">
          {event.ticketsLink && !event.cancelled && (
            <a
              href={event.ticketsLink}
              target="_blank"
              rel="noopener noreferrer"
              className="rounded-md bg-brand-700 px-3 py-1.5 font-semibold text-white hover:bg-brand-800"
            >
              {t("events.getTickets")}<span className="sr-only">{t("events.ticketsFor", { name: event.name })}</span>
            </a>
          )}
          <a href={feedPath(paths.eventCalendar(event.id), lang)} download className="py-1.5 text-brand-700 underline">
            {t("events.addToCalendar")}<span className="sr-only">{t("events.addToCalendarFor", { name: event.name })}</span>
          </a>
        </p>
      </div>
      <JsonLd data={eventJsonLd(event, origin)} />
    </article>
  );
}
