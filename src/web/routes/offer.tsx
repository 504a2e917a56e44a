// One offer's page: the business that makes it, what it is worth, its terms and dates, and its coupon code to copy;
// with schema.org Offer data and link-preview tags. An offer past its last day says it has ended.
import { data } from "react-router";
import type { Route } from "./+types/offer";
import { getApp } from "../lib/app-context.ts";
import { paths } from "../lib/paths.ts";
import { localizedPath } from "#shared/i18n/index.ts";
import { formatDay, zonedInstant } from "#shared/zoned-time.ts";
import { toOfferCard } from "../features/offers/offer-card-data.ts";
import { offerJsonLd, offerLd } from "../features/offers/offer-json-ld.ts";
import { breadcrumbJsonLd, JsonLd } from "../features/seo/index.ts";
import { addressPartsOf } from "#shared/postal-address.ts";
import { pageMeta, siteOrigin } from "../features/seo/page-meta.ts";
import { metaText } from "../features/seo/meta-text.ts";
import { CopyButton } from "../components/ui/copy-button.tsx";
import { InsightBeacon } from "../components/insight-beacon.tsx";
import { SCRIPTS_AFTER_PAINT } from "../lib/page-handle.ts";
import { ItemNotFound } from "../components/layout/item-not-found.tsx";
import { loaderText, usePublicText } from "../lib/public-text.ts";
import { languageSettingsOf, pageLanguage } from "#shared/i18n/index.ts";
import { useSiteTimeZone } from "../lib/site.ts";
import { formatDay as formatDayIn } from "#shared/i18n/format.ts";
import { offerEndsWords, offerTitleWords } from "../features/offers/offer-card.tsx";
import { LocalLink } from "#web/components/ui/local-link.tsx";
import { isolatedValues } from "#web/components/ui/isolated-values.tsx";

export const handle = SCRIPTS_AFTER_PAINT;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services } = getApp(context);
  const origin = siteOrigin(request, context);
  const { lang, t } = await loaderText(request);
  const now = new Date();
  const [found, today, site] = await Promise.all([services.offers.find(params.offerId), services.offers.today(now), services.siteSettings.get()]);
  if (!found) return data({ origin, state: "not-found" as const }, { status: 404 });
  const business = await services.businesses.find(found.businessId);
  const day = (date: string | null) => (date ? formatDay(zonedInstant(date, site.timeZone), site.timeZone) : null);
  // The description in the page's language, else the original marked with its own (the title is made of the catalog's words).
  const { description, terms } = await services.translations.localize("offer", found.id, { description: found.description, terms: found.terms }, pageLanguage(new URL(request.url).pathname, languageSettingsOf(site)));
  const offer = toOfferCard({ ...found, description: description.text ?? "", terms: terms.text }, today);
  const title = offerTitleWords(offer, t, t("offers.specialOffer"));
  const seller = business
    ? { ...business, addressParts: addressPartsOf(business), photoUrls: business.photos.map((p) => p.url) }
    : null;
  return {
    origin,
    state: "ok" as const,
    offer,
    /** Set when the description is the original, in another language than the page's. */
    descriptionLang: description.lang,
    termsLang: terms.lang,
    business: business ? { id: business.id, name: business.name, address: business.address, logoUrl: business.logoUrl } : null,
    ended: found.validUntil !== null && found.validUntil < today,
    fromText: day(found.validFrom),
    untilText: day(found.validUntil),
    // Made here, so the page's JavaScript carries neither the business nor the builders.
    jsonLd: offerJsonLd(
      {
        name: title,
        description: offer.description,
        url: `${origin}${localizedPath(offer.href, lang)}`,
        category: offer.type,
        price: offer.price,
        dates: offerLd(found, today, site.timeZone),
        listedAt: found.createdAt,
        currency: site.currency,
        business: seller,
        businessName: offer.businessName ?? t("offers.aBusiness"),
      },
      origin,
    ),
    breadcrumb: breadcrumbJsonLd(origin, [
      { name: t("offers.back"), path: paths.offers },
      { name: title, path: offer.href },
    ], { language: lang, home: t("home.breadcrumb") }),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) => {
  const origin = loaderData?.origin ?? "";
  if (loaderData?.state !== "ok") {
    const notFound = metaText(matches).t("offers.notFound");
    return pageMeta(matches, { title: notFound, description: notFound, origin, path: paths.offer(params.offerId), noindex: true });
  }
  const { offer } = loaderData;
  const { t, language, timeZone } = metaText(matches);
  const until = offer.validUntil ? formatDayIn(zonedInstant(offer.validUntil, timeZone), language, timeZone) : null;
  return pageMeta(matches, {
    title: offerTitleWords(offer, t, t("offers.specialOffer")),
    description: [offer.description, offer.price && `${t("offers.value", { price: offer.price })}.`, until && `${t("offers.until", { until })}.`].filter(Boolean).join(" "),
    origin,
    path: offer.href,
    // An offer has no picture of its own: its business's logo.
    image: loaderData.business?.logoUrl,
    noindex: loaderData.ended,
  });
};

export default function OfferPage({ loaderData }: Route.ComponentProps) {
  const { t, lang } = usePublicText();
  const timeZone = useSiteTimeZone();
  if (loaderData.state !== "ok") {
    return <ItemNotFound heading={t("offers.heading1")} message={t("offers.notFound")} back={{ to: paths.offers, label: t("offers.allOffers") }} />;
  }
  const { offer, business, ended, jsonLd, breadcrumb } = loaderData;
  const title = offerTitleWords(offer, t, t("offers.specialOffer"));
  const day = (date: string | null) => (date ? formatDayIn(zonedInstant(date, timeZone), lang, timeZone) : null);
  const fromText = day(offer.validFrom);
  const untilText = day(offer.validUntil);
  const endsText = offerEndsWords(offer.endsInDays, t);
  return (
    <article aria-labelledby="offer-title" className="max-w-3xl">
      <JsonLd data={jsonLd} />
      <JsonLd data={breadcrumb} />
      <InsightBeacon events={[{ kind: "offer-view", id: offer.id }]} signature={offer.id} />
      <p className="text-sm">
        <LocalLink to={paths.offers} className="text-brand-700 underline">
          {t("offers.back")}
        </LocalLink>
      </p>
      <h1 id="offer-title" className="page-heading mt-2">
        {title}
      </h1>
      {ended && (
        <p role="status" className="mt-3 rounded-md border border-stone-300 bg-stone-100 px-4 py-2 font-medium text-stone-800">
          {t("offers.ended")}
        </p>
      )}
      {!ended && endsText && <p className="mt-2 inline-block rounded-full bg-amber-100 px-3 py-1 font-semibold text-amber-900">{endsText}</p>}
      <p lang={loaderData.descriptionLang} dir="auto" className="mt-4 text-lg text-stone-800">
        {offer.description}
      </p>
      {offer.price && <p className="mt-2 text-lg font-semibold text-brand-800">{isolatedValues(t, "offers.value", { price: offer.price }, ["price"])}</p>}
      <dl className="mt-6 grid gap-x-8 gap-y-3 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-stone-800">{t("offers.business")}</dt>
        <dd>
          {business ? (
            <>
              <LocalLink to={paths.business(business.id)} dir="auto" className="text-brand-700 underline">
                {business.name}
              </LocalLink>
              {business.address && <address dir="auto" className="not-italic text-stone-700">{business.address}</address>}
            </>
          ) : (
            (offer.businessName ?? t("offers.aBusiness"))
          )}
        </dd>
        {(fromText || untilText) && (
          <>
            <dt className="font-semibold text-stone-800">{t("offers.valid")}</dt>
            <dd className="text-stone-800">{fromText && untilText ? t("offers.fromTo", { from: fromText, until: untilText }) : fromText ? t("offers.from", { from: fromText }) : t("offers.until", { until: untilText })}</dd>
          </>
        )}
        {offer.terms && (
          <>
            <dt className="font-semibold text-stone-800">{t("offers.termsLabel")}</dt>
            <dd lang={loaderData.termsLang} dir="auto" className="whitespace-pre-line text-stone-800">
              {offer.terms}
            </dd>
          </>
        )}
        {offer.couponCode && !ended && (
          <>
            <dt className="font-semibold text-stone-800">{t("offers.couponCode")}</dt>
            <dd className="flex flex-wrap items-center gap-3">
              <code id="coupon-code" className="rounded-md border border-dashed border-brand-700 bg-brand-50 px-3 py-1 text-lg font-bold tracking-wider text-brand-800">
                {offer.couponCode}
              </code>
              <CopyButton text={offer.couponCode} label={t("offers.copyCode")} copiedText={t("offers.codeCopied")} targetId="coupon-code" />
            </dd>
          </>
        )}
      </dl>
    </article>
  );
}
