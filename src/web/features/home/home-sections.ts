// The home page's sections load and fail on their own: each is a promise that settles to its items or to a failure.
import type { AppLoadContext } from "#web/lib/app-context.ts";
import type { Language } from "#shared/i18n/index.ts";
import { HOME_LIST_LIMIT, TRUNCATE } from "#shared/constants.ts";
import { messages } from "#shared/messages.ts";
import { toEventCard, type EventCardData } from "../events/index.ts";
import { toPostCard, type PostCardData } from "../news/index.ts";
import { toOfferCard, type OfferCardData } from "../offers/index.ts";
import { languageSettingsOf } from "#shared/i18n/index.ts";
import { localizedList } from "#web/lib/localized-list.ts";

export type Section<T> = { ok: true; items: T[] } | { ok: false };

/**
 * Each section's failure becomes the spec's sentence in the page; the error itself goes to the
 * server's log through the load context's `reportError`.
 */
/** `language` is the page's: posts, events and offers are shown in it where they are translated. */
export function loadHomeSections({ services, reportError }: Pick<AppLoadContext, "services" | "reportError">, language?: Language) {
  // Events' and offers' texts in the page's language, else the originals marked with theirs.
  const inPageLanguage = async <T extends { id: string }, F extends keyof T & string>(type: "event" | "offer", items: T[], fields: readonly F[]) => {
    const languages = languageSettingsOf(await services.siteSettings.get());
    return localizedList(services.translations, type, items, fields, language ?? languages.defaultLanguage, languages.defaultLanguage);
  };
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
    Promise.all([services.posts.listAsText({ limit: HOME_LIST_LIMIT, max: TRUNCATE.homePost, language }), services.siteSettings.get()]).then(([list, site]) =>
      list.map((post) => toPostCard(post, site.timeZone)),
    ),
  );

  // Event location texts need the businesses; when those fail the events still show.
  const located = services.events
    .upcoming({ limit: HOME_LIST_LIMIT })
    .then((list) => services.events.withLocations(list));
  const events = settle<EventCardData>(
    "events",
    Promise.all([located, services.siteSettings.get()]).then(([r, site]) => inPageLanguage("event", r.events.map((event) => toEventCard(event, site)), ["name", "description"])),
  );
  const markersFailed = located.then(
    (r) => r.locationsFailed,
    () => false,
  );

  const now = new Date();
  const offers = settle<OfferCardData>(
    "offers",
    Promise.all([services.offers.list({ limit: HOME_LIST_LIMIT, now }), services.offers.today(now)]).then(([list, today]) =>
      inPageLanguage("offer", list.map((offer) => toOfferCard(offer, today)), ["description", "terms"]),
    ),
  );

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
