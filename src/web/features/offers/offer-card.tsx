import { paths } from "#web/lib/paths.ts";
import type { OfferCardData } from "./offer-card-data.ts";
import { usePublicText } from "#web/lib/public-text.ts";
import type { TFunction } from "i18next";
import { LocalLink } from "#web/components/ui/local-link.tsx";
import { isolatedValues } from "#web/components/ui/isolated-values.tsx";

interface Props {
  offer: Pick<OfferCardData, "id" | "businessId" | "businessName" | "type" | "description" | "price" | "terms" | "href" | "endsText" | "endsInDays" | "lang">;
  /** The home page shows type, business, description and value; the offers page adds the terms. */
  variant: "home" | "full";
  headingLevel?: 2 | 3;
  /** A link to the business's page (not on that page itself). */
  linkToBusiness?: boolean;
}

/** "<type> at <business>" in the page's language (`offerTitle` in English); `fallback`: for a missing type. */
export function offerTitleWords(offer: { type: string | null | undefined; businessName: string | null | undefined }, t: TFunction<"public">, fallback = ""): string {
  const type = offer.type?.trim();
  // One of the fixed types in the page's language; a type the list does not have (an older row's) as it was written.
  const typeWords = type ? t(`offers.types.${type}`, { defaultValue: type }) : fallback;
  return t("offers.title", { type: typeWords, business: offer.businessName?.trim() || t("offers.aBusiness") }).trim();
}

/** "Ends today", "Ends tomorrow", "Ends in 3 days" in the page's language. */
export function offerEndsWords(days: number | null, t: TFunction<"public">): string | null {
  if (days === null) return null;
  return days === 0 ? t("offers.endsToday") : days === 1 ? t("offers.endsTomorrow") : t("offers.endsInDays", { count: days });
}

/** "Terms: …" in the page's language, the terms themselves marked when they are in another. */
function Terms({ terms, lang, t }: { terms: string; lang: string | undefined; t: TFunction<"public"> }) {
  const [before = "", after = ""] = t("offers.terms", { terms: "\u0001" }).split("\u0001");
  return (
    <p className="mt-2 text-sm text-stone-600">
      {before}
      <span lang={lang} dir="auto">{terms}</span>
      {after}
    </p>
  );
}

export function OfferCard({ offer, variant, headingLevel = 3, linkToBusiness = variant === "full" }: Props) {
  const { t } = usePublicText();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const title = offerTitleWords(offer, t, variant === "full" ? t("offers.specialOffer") : "");
  const endsText = offerEndsWords(offer.endsInDays, t);
  return (
    <article aria-labelledby={`offer-${offer.id}`} className="card">
      <Heading id={`offer-${offer.id}`} className="text-lg font-semibold text-stone-900">
        <LocalLink to={offer.href} className="hover:text-brand-700 hover:underline">
          {title}
        </LocalLink>
      </Heading>
      {endsText && <p className="mt-1 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900">{endsText}</p>}
      <p lang={offer.lang?.description} dir="auto" className="mt-2 text-stone-700">
        {offer.description}
      </p>
      {offer.price && <p className="mt-2 font-semibold text-brand-800">{isolatedValues(t, "offers.value", { price: offer.price }, ["price"])}</p>}
      {variant === "full" && offer.terms && <Terms terms={offer.terms} lang={offer.lang?.terms} t={t} />}
      {linkToBusiness && (
        <p className="mt-3 text-sm">
          <LocalLink to={paths.business(offer.businessId)} className="text-brand-700 underline">
            {t("offers.about", { name: offer.businessName?.trim() || t("offers.theBusiness") })}
          </LocalLink>
        </p>
      )}
    </article>
  );
}
