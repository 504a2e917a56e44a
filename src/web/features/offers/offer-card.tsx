import { Link } from "react-router";
import { offerTitle } from "#shared/format.ts";
import { paths } from "#web/lib/paths.ts";
import type { OfferCardData } from "./offer-card-data.ts";

interface Props {
  offer: Pick<OfferCardData, "id" | "businessId" | "businessName" | "type" | "description" | "price" | "terms" | "href" | "endsText">;
  /** The home page shows type, business, description and value; the offers page adds the terms. */
  variant: "home" | "full";
  headingLevel?: 2 | 3;
  /** A link to the business's page (not on that page itself). */
  linkToBusiness?: boolean;
}

export function OfferCard({ offer, variant, headingLevel = 3, linkToBusiness = variant === "full" }: Props) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const title = offerTitle(offer, variant === "full" ? "Special Offer" : "");
  return (
    <article aria-labelledby={`offer-${offer.id}`} className="card">
      <Heading id={`offer-${offer.id}`} className="text-lg font-semibold text-stone-900">
        <Link to={offer.href} className="hover:text-brand-700 hover:underline">
          {title}
        </Link>
      </Heading>
      {offer.endsText && <p className="mt-1 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900">{offer.endsText}</p>}
      <p className="mt-2 text-stone-700">{offer.description}</p>
      {offer.price && <p className="mt-2 font-semibold text-brand-800">Value: {offer.price}</p>}
      {variant === "full" && offer.terms && <p className="mt-2 text-sm text-stone-600">Terms: {offer.terms}</p>}
      {linkToBusiness && (
        <p className="mt-3 text-sm">
          <Link to={paths.business(offer.businessId)} className="text-brand-700 underline">
            About {offer.businessName?.trim() || "the business"}
          </Link>
        </p>
      )}
    </article>
  );
}
