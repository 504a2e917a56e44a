// The home page's sections load and fail on their own: each is a promise that settles to its items or to a failure.
import type { AppLoadContext } from "../../lib/app-context.ts";
import { HOME_LIST_LIMIT, TRUNCATE } from "../../../shared/constants.ts";
import { formatLongDate } from "../../../shared/format.ts";
import { messages } from "../../../shared/messages.ts";
import { toEventCard, type EventCardData } from "../events/event-card-data.ts";
import type { PostCardData } from "./post-card.tsx";
import type { Offer } from "../../../shared/schemas/offer.ts";

export type Section<T> = { ok: true; items: T[] } | { ok: false };

/**
 * Each section's failure becomes the spec's sentence in the page; the error itself goes to the
 * server's log through the load context's `reportError`.
 */
export function loadHomeSections({ services, reportError }: Pick<AppLoadContext, "services" | "reportError">) {
  const settle = <T>(name: string, work: Promise<T[]>): Promise<Section<T>> =>
    work.then(
      (items) => ({ ok: true as const, items }),
      (error: unknown) => {
        reportError(error, `home ${name}`);
        return { ok: false as const };
      },
    );

  const posts = settle<PostCardData>(
    "posts",
    // Post content is rich text: the cards show it as plain text, cut to the spec's 200 characters.
    services.posts.listAsText({ limit: HOME_LIST_LIMIT, max: TRUNCATE.homePost }).then((list) =>
      list.map((p) => ({
        id: p.id,
        title: p.title,
        authorDisplayName: p.authorDisplayName,
        content: p.content,
        datetime: p.datetime,
        dateText: formatLongDate(p.datetime),
        link: p.link,
        imageUrl: p.imageUrl,
      })),
    ),
  );

  // Event location texts need the businesses; when those fail the events still show.
  const located = services.events
    .upcoming({ limit: HOME_LIST_LIMIT })
    .then((list) => services.events.withLocations(list));
  const events = settle<EventCardData>(
    "events",
    Promise.all([located, services.siteSettings.get()]).then(([r, site]) => r.events.map((event) => toEventCard(event, site.timeZone))),
  );
  const markersFailed = located.then(
    (r) => r.locationsFailed,
    () => false,
  );

  const offers = settle<Offer>("offers", services.offers.list({ limit: HOME_LIST_LIMIT }));

  /** The one red message: each failed section adds its sentence. */
  const failures = Promise.all([posts, events, offers, markersFailed]).then(([p, e, o, m]) =>
    [
      p.ok ? "" : messages.home.failedPosts,
      e.ok ? "" : messages.home.failedEvents,
      o.ok ? "" : messages.home.failedOffers,
      m ? messages.home.failedMarkers : "",
    ].join(""),
  );

  return { posts, events, offers, failures };
}
