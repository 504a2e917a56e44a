import { describe, expect, it } from "vitest";
import { offerJsonLd, offerLd } from "./offer-json-ld.ts";

const TORONTO = "America/Toronto";

describe("an offer's schema.org data", () => {
  it("runs from its first day's start to its last day's end in the site's zone, the day the clocks go back too", () => {
    // 7 November 2027 has 25 hours in Toronto: it ends at 23:59:59 EST, 04:59:59 UTC the next day.
    expect(offerLd({ validFrom: "2027-03-14", validUntil: "2027-11-07" }, "2027-06-01", TORONTO)).toEqual({
      validFrom: "2027-03-14T05:00:00.000Z",
      validThrough: "2027-11-08T04:59:59.000Z",
      availability: "https://schema.org/InStock",
    });
  });

  it("is discontinued once its last day has passed, not before it starts", () => {
    const offer = { validFrom: "2027-03-14", validUntil: "2027-03-20" };
    expect(offerLd(offer, "2027-01-10", TORONTO).availability).toBe("https://schema.org/InStock");
    expect(offerLd(offer, "2027-03-20", TORONTO).availability).toBe("https://schema.org/InStock");
    expect(offerLd(offer, "2027-03-21", TORONTO).availability).toBe("https://schema.org/Discontinued");
    expect(offerLd({ validFrom: null, validUntil: null }, "2027-03-21", TORONTO)).toEqual({ validFrom: null, validThrough: null, availability: "https://schema.org/InStock" });
  });
});

describe("an offer's JSON-LD", () => {
  const ORIGIN = "https://niche.example";
  const business = {
    id: "b1",
    name: "Rise & Shine Bakery",
    address: "4312 Queen Street, Niagara Falls, ON",
    addressParts: { streetAddress: "4312 Queen Street", addressLocality: "Niagara Falls", addressRegion: "ON", postalCode: "L2E 2A2", addressCountry: "CA" },
    logoUrl: "/uploads/logo.webp",
    photoUrls: ["/uploads/photo.webp"],
  };
  const offer = {
    name: "Dozen donuts",
    description: "A dozen for the price of ten.",
    url: `${ORIGIN}/offers/o1`,
    category: "Discount",
    price: "$5",
    dates: { validFrom: "2027-03-14T04:00:00.000Z", validThrough: "2027-03-21T03:59:59.000Z", availability: "https://schema.org/InStock" },
    listedAt: "2027-03-01T12:00:00.000Z",
    currency: "CAD",
    business,
    businessName: business.name,
  };

  it("gives a plain amount as its price in the site's currency, its dates, image and the business as seller", () => {
    const ld = offerJsonLd(offer, ORIGIN);
    expect(ld).toMatchObject({
      "@type": "Offer",
      price: 5,
      priceCurrency: "CAD",
      validFrom: offer.dates.validFrom,
      validThrough: offer.dates.validThrough,
      availability: "https://schema.org/InStock",
      image: `${ORIGIN}/uploads/logo.webp`,
      url: `${ORIGIN}/offers/o1`,
      seller: { "@type": "LocalBusiness", name: "Rise & Shine Bakery", url: `${ORIGIN}/business/b1`, address: { "@type": "PostalAddress", postalCode: "L2E 2A2" } },
    });
    expect(ld.offeredBy).toEqual(ld.seller);
  });

  it("has no price when its value is not a plain amount, and falls back on the first photo, then the site's logo", () => {
    const discount = offerJsonLd({ ...offer, price: "20% off", business: { ...business, logoUrl: null } }, ORIGIN);
    expect(discount).not.toHaveProperty("price");
    expect(discount).not.toHaveProperty("priceCurrency");
    expect(discount.image).toBe(`${ORIGIN}/uploads/photo.webp`);
    const orphan = offerJsonLd({ ...offer, business: null, businessName: "A Business" }, ORIGIN);
    expect(orphan.image).toBe(`${ORIGIN}/favicon.svg`);
    expect(orphan.seller).toEqual({ "@type": "LocalBusiness", name: "A Business" });
  });

  it("is valid from when it was listed when it names no first day", () => {
    expect(offerJsonLd({ ...offer, dates: { ...offer.dates, validFrom: null } }, ORIGIN).validFrom).toBe("2027-03-01T12:00:00.000Z");
  });
});
