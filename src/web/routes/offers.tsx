import type { Route } from "./+types/offers";
import { getApp, loadOr } from "../lib/app-context.ts";
import { toOfferCard, type OfferCardData } from "../features/offers/offer-card-data.ts";
import { OfferCard } from "../features/offers/offer-card.tsx";
import { pageMeta, siteOrigin } from "../features/seo/page-meta.ts";
import { metaText } from "../features/seo/meta-text.ts";
import { JsonLd } from "../features/seo/json-ld.tsx";
import { itemListJsonLd } from "../features/seo/item-list-json-ld.ts";
import { SCRIPTS_AFTER_PAINT } from "../lib/page-handle.ts";
import { usePublicText } from "../lib/public-text.ts";
import { localizedList } from "../lib/localized-list.ts";
import { languageSettingsOf, pageLanguage } from "#shared/i18n/index.ts";
import { offerTitleWords } from "../features/offers/offer-card.tsx";

export const handle = SCRIPTS_AFTER_PAINT;

export async function loader({ context, request }: Route.LoaderArgs) {
  const origin = siteOrigin(request, context);
  const { services } = getApp(context);
  const offers: OfferCardData[] | null = await loadOr(
    context,
    "offers",
    async () => {
      const now = new Date();
      const [list, today, site] = await Promise.all([services.offers.list({ now }), services.offers.today(now), services.siteSettings.get()]);
      // Descriptions and terms in the page's language, else the originals marked with theirs.
      const languages = languageSettingsOf(site);
      const page = pageLanguage(new URL(request.url).pathname, languages);
      return localizedList(services.translations, "offer", list.map((offer) => toOfferCard(offer, today)), ["description", "terms"], page, languages.defaultLanguage);
    },
    () => null,
  );
  return { origin, offers };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: metaText(matches).t("offers.heading"),
    description: loaderData?.offers?.length ? metaText(matches).t("meta.offers.count", { count: loaderData.offers.length }) : metaText(matches).t("meta.offers.none"),
    origin: loaderData?.origin ?? "",
    path: "/offers",
  });

export default function Offers({ loaderData }: Route.ComponentProps) {
  const { t } = usePublicText();
  const { offers, origin } = loaderData;
  return (
    <>
      {offers && offers.length > 0 && (
        <JsonLd
          data={itemListJsonLd(
            t("offers.heading"),
            offers.map((offer) => ({ name: offerTitleWords(offer, t, t("offers.specialOffer")), url: `${origin}${offer.href}` })),
          )}
        />
      )}
      <h1 className="page-heading">{t("offers.heading")}</h1>
      {offers === null ? (
        <p role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 px-4 py-3 font-medium text-red-800">
          {t("offers.failed")}
        </p>
      ) : offers.length === 0 ? (
        <p className="mt-4 text-stone-600">{t("offers.empty")}</p>
      ) : (
        <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {offers.map((offer) => (
            <OfferCard key={offer.id} offer={offer} variant="full" headingLevel={2} />
          ))}
        </div>
      )}
    </>
  );
}
