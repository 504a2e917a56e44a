import { data } from "react-router";
import type { Route } from "./+types/business";
import { localizedSite } from "#web/lib/site.ts";
import { getApp, loadOr } from "../lib/app-context.ts";
import { paths } from "../lib/paths.ts";
import { TRUNCATE } from "#shared/constants.ts";
import { slugify } from "#shared/format.ts";
import { EventCard } from "../features/events/event-card.tsx";
import { SubscribeControl } from "../features/events/subscribe-control.tsx";
import { toEventCard } from "../features/events/event-card-data.ts";
import { OfferCard } from "../features/offers/offer-card.tsx";
import { toOfferCard } from "../features/offers/offer-card-data.ts";
import { businessJsonLd } from "../features/business/business-json-ld.ts";
import { breadcrumbJsonLd, JsonLd } from "../features/seo/index.ts";
import { BusinessMap } from "../features/map/business-map.tsx";
import { pageMeta, siteOrigin } from "../features/seo/page-meta.ts";
import { feedPath, metaText } from "../features/seo/meta-text.ts";
import { ClaimBusiness } from "../features/owners/claim-business.tsx";
import { OpeningHoursPanel, OpenStateBadge } from "../components/hours/opening-hours-panel.tsx";
import { statusText } from "#shared/opening-hours.ts";
import { loaderText, useHoursWords, usePublicText } from "../lib/public-text.ts";
import { SocialLinks } from "../features/business/social-links.tsx";
import { PhotoGallery } from "../features/business/photo-gallery.tsx";
import { AttributeList } from "../features/business/attribute-list.tsx";
import { attributeLabel } from "#shared/business-attributes.ts";
import { SCRIPTS_AFTER_PAINT } from "../lib/page-handle.ts";
import { hitAttributes, InsightBeacon } from "../components/insight-beacon.tsx";
import { formatLongDate } from "#shared/i18n/format.ts";
import { languageSettingsOf, pageLanguage } from "#shared/i18n/index.ts";
import { localizedText } from "#shared/i18n/localized-text.ts";
import { useSiteTimeZone } from "../lib/site.ts";
import { CheckedByOwner, SuggestEdit } from "../features/listings/suggest-edit.tsx";
import { LocalLink } from "#web/components/ui/local-link.tsx";

export const handle = { ...SCRIPTS_AFTER_PAINT, i18n: ["owners"] };

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services } = getApp(context);
  const origin = siteOrigin(request, context);
  const { lang, t } = await loaderText(request);
  const id = params.businessId?.trim();
  if (!id) return data({ origin, state: "no-id" as const }, { status: 404 });
  return loadOr(
    context,
    "business",
    async () => {
      const business = await services.businesses.find(id);
      if (!business) return data({ origin, state: "not-found" as const }, { status: 404 });
      const [events, offers, tags, site, hours, checkedAt] = await Promise.all([
        services.events.atBusiness(business.id).then((list) => services.events.withLocations(list)),
        Promise.all([services.offers.atBusiness(business.id), services.offers.today()]).then(([list, today]) => list.map((offer) => toOfferCard(offer, today))),
        services.tags.getMany(business.tags),
        localizedSite(services, request),
        services.businesses.hoursDetails(business),
        services.freshness.checkedOn(business.id),
      ]);
      // The description and category name in the page's language, else the originals marked with theirs.
      const language = pageLanguage(new URL(request.url).pathname, languageSettingsOf(site));
      const { defaultLanguage } = languageSettingsOf(site);
      const [{ description }, { name: categoryName }, tagNames] = await Promise.all([
        services.translations.localize("business", business.id, { description: business.description }, language),
        services.translations.localize("category", business.categoryId, { name: business.category }, language),
        services.translations.readMany("tag", tags.map((tag) => tag.id)),
      ]);
      // The listing was last modified when it was changed or, later, when its owner said it is still right.
      const modified = [business.lastUpdatedAt, checkedAt].filter((v): v is string => !!v).sort().at(-1);
      return {
        origin,
        state: "ok" as const,
        business,
        description,
        categoryName,
        events: events.events.map((event) => toEventCard(event, site)),
        offers,
        tags: tags.map((t) => ({ ...localizedText(t.name, tagNames.get(t.id), "name", language, defaultLanguage), slug: slugify(t.name) })),
        hours,
        attributes: business.attributes.map((slug) => ({ slug, label: attributeLabel(slug) })),
        // Made here, so the page's JavaScript carries neither it nor the field definitions it reads.
        jsonLd: { ...businessJsonLd({ ...business, description: description.text }, origin, hours?.coming ?? []), ...(modified ? { dateModified: modified } : {}) },
        checkedOn: checkedAt ?? null,
        // Home, the business's category (else the map of all of them), the business.
        breadcrumb: breadcrumbJsonLd(origin, [
          business.category ? { name: business.category, path: paths.category(slugify(business.category)) } : { name: t("list.map"), path: paths.map },
          { name: business.name, path: paths.business(business.id) },
        ], { language: lang, home: t("home.breadcrumb") }),
      };
    },
    () => data({ origin, state: "failed" as const }, { status: 503 }),
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) => {
  const origin = loaderData?.origin ?? "";
  const { t } = metaText(matches);
  if (loaderData?.state !== "ok") {
    return pageMeta(matches, {
      title: loaderData?.state === "failed" ? t("business.heading") : t("business.notFound"),
      description: t("business.notFound"),
      origin,
      path: `/business/${encodeURIComponent(params.businessId ?? "")}`,
      noindex: true,
    });
  }
  const { business, description } = loaderData;
  const about = [business.category, business.address].filter(Boolean).join(", ");
  return pageMeta(matches, {
    title: business.name,
    description: description.text || (about ? t("meta.business.about", { name: business.name, about }) : `${business.name}.`),
    origin,
    path: paths.business(business.id),
    image: business.logoUrl,
    imageAlt: business.logoUrl ? t("business.logoAlt", { name: business.name }) : undefined,
    type: "business.business",
  });
};

function Message({ children, alert = false }: { children: string; alert?: boolean }) {
  const { t } = usePublicText();
  return (
    <>
      <h1 className="page-heading">{t("business.heading")}</h1>
      <p
        role={alert ? "alert" : undefined}
        className={alert ? "mt-4 rounded-md border border-red-300 bg-red-50 px-4 py-3 font-medium text-red-800" : "mt-4 text-stone-700"}
      >
        {children}
      </p>
    </>
  );
}

export default function BusinessPage({ loaderData }: Route.ComponentProps) {
  const { t, lang } = usePublicText();
  const hoursWords = useHoursWords();
  const timeZone = useSiteTimeZone();
  if (loaderData.state === "no-id") return <Message>{t("business.noId")}</Message>;
  if (loaderData.state === "not-found") return <Message>{t("business.notFound")}</Message>;
  if (loaderData.state === "failed") return <Message alert>{t("business.failed", { message: t("business.tryAgainLater") })}</Message>;

  const { business, description, categoryName, events, offers, tags, origin, hours, jsonLd, breadcrumb, attributes, checkedOn } = loaderData;
  return (
    <article aria-labelledby="business-name">
      <JsonLd data={jsonLd} />
      <JsonLd data={breadcrumb} />
      <InsightBeacon events={[{ kind: "view", id: business.id }]} signature={business.id} />
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start">
        {business.logoUrl && (
          <img
            src={business.logoUrl}
            alt={t("business.logoAlt", { name: business.name })}
            width={128}
            height={128}
            fetchPriority="high"
            className="size-24 shrink-0 rounded-xl object-cover sm:size-32"
          />
        )}
        <div className="min-w-0">
          <h1 id="business-name" dir="auto" className="page-heading">
            {business.name}
          </h1>
          {hours && <p className="mt-1"><OpenStateBadge openNow={hours.status.openNow} text={statusText(hours.status, hoursWords)} /></p>}
          {business.category && (
            <p className="mt-1 text-stone-700">
              <span className="sr-only">{t("business.categoryLabel")}</span>
              <LocalLink to={paths.category(slugify(business.category))} lang={categoryName.lang} dir="auto" className="text-brand-700 underline">
                {categoryName.text}
              </LocalLink>
            </p>
          )}
        </div>
      </header>

      <dl className="mt-6 grid gap-x-8 gap-y-4 sm:grid-cols-[auto_1fr]">
        {business.address && (
          <>
            <dt className="font-semibold text-stone-800">{t("business.address")}</dt>
            <dd>
              <address dir="auto" className="not-italic text-stone-700">{business.address}</address>
            </dd>
          </>
        )}
        {business.website && (
          <>
            <dt className="font-semibold text-stone-800">{t("business.website")}</dt>
            <dd>
              <a href={business.website} target="_blank" rel="noopener noreferrer" className="break-all text-brand-700 underline" {...hitAttributes("website", business.id)}>
                <span dir="ltr">{business.website.replace(/^https?:\/\//, "").replace(/\/$/, "")}</span>
                <span className="sr-only">{t("business.opensInNewTab")}</span>
              </a>
            </dd>
          </>
        )}
        {business.phone && (
          <>
            <dt className="font-semibold text-stone-800">{t("business.phone")}</dt>
            <dd>
              <a href={`tel:${business.phone.replace(/[^\d+]/g, "")}`} dir="ltr" className="text-brand-700 underline" {...hitAttributes("phone", business.id)}>
                {business.phone}
              </a>
            </dd>
          </>
        )}
        {business.email && (
          <>
            <dt className="font-semibold text-stone-800">{t("business.email")}</dt>
            <dd>
              <a href={`mailto:${business.email}`} dir="ltr" className="break-all text-brand-700 underline" {...hitAttributes("email", business.id)}>
                {business.email}
              </a>
            </dd>
          </>
        )}
        {business.socialLinks.length > 0 && (
          <>
            <dt className="font-semibold text-stone-800">{t("business.social")}</dt>
            <dd>
              <SocialLinks links={business.socialLinks} name={business.name} businessId={business.id} />
            </dd>
          </>
        )}
        {tags.length > 0 && (
          <>
            <dt className="font-semibold text-stone-800">{t("business.tags")}</dt>
            <dd>
              <ul className="flex flex-wrap gap-2">
                {tags.map((tag) => (
                  <li key={tag.slug}>
                    <LocalLink to={paths.tag(tag.slug)} lang={tag.lang} dir="auto" className="inline-block rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-800 hover:bg-brand-100">
                      {tag.text}
                    </LocalLink>
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
      </dl>

      {checkedOn && <CheckedByOwner date={formatLongDate(checkedOn, lang, timeZone)} />}

      {description.text && (
        <p lang={description.lang} dir="auto" className="mt-6 max-w-3xl whitespace-pre-line text-stone-800">
          {description.text}
        </p>
      )}

      <AttributeList attributes={attributes} />

      <PhotoGallery photos={business.photos} name={business.name} />

      {hours && business.openingHours && <OpeningHoursPanel hours={business.openingHours} status={hours.status} coming={hours.coming} />}

      {/* The 400 px business map (zoom 15) with "Get Directions": src/web/features/map/business-map.tsx. */}
      <section
        id="business-map"
        data-slot="business-map"
        data-lat={business.coordinates.lat}
        data-lng={business.coordinates.lng}
        aria-label={t("business.locationOf", { name: business.name })}
        className="mt-8"
      >
        <BusinessMap business={{ id: business.id, name: business.name, lat: business.coordinates.lat, lng: business.coordinates.lng }} />
      </section>

      <section aria-labelledby="business-events-heading" className="mt-10">
        <h2 id="business-events-heading" className="text-2xl font-bold text-brand-800">
          {t("business.eventsAt", { name: business.name })}
        </h2>
        <SubscribeControl feedUrl={`${origin}${feedPath(`/business/${encodeURIComponent(business.id)}/events.ics`, lang)}`} label={t("business.subscribeToEvents", { name: business.name })} />
        {events.length === 0 ? (
          <p className="mt-4 text-stone-600">{t("business.noEvents")}</p>
        ) : (
          <div className="mt-4 grid gap-4">
            {events.map((event) => (
              <EventCard key={event.key} event={event} truncateAt={TRUNCATE.eventList} origin={origin} />
            ))}
          </div>
        )}
      </section>

      <section aria-labelledby="business-offers-heading" className="mt-10">
        <h2 id="business-offers-heading" className="text-2xl font-bold text-brand-800">
          {t("business.offersFrom", { name: business.name })}
        </h2>
        {offers.length === 0 ? (
          <p className="mt-4 text-stone-600">{t("business.noOffers")}</p>
        ) : (
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            {offers.map((offer) => (
              <OfferCard key={offer.id} offer={offer} variant="full" linkToBusiness={false} />
            ))}
          </div>
        )}
      </section>

      <SuggestEdit businessId={business.id} businessName={business.name} />
      <ClaimBusiness businessId={business.id} businessName={business.name} />
    </article>
  );
}
