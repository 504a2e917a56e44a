import { describe, expect, it } from "vitest";
import { blogPostingJsonLd } from "./blog-posting-json-ld.ts";
import { breadcrumbJsonLd, organizationJsonLd, plainPrice, postalAddressJsonLd } from "./structured-data.ts";

const ORIGIN = "https://niche.example";

describe("a price text as schema.org's price", () => {
  it("is a number when the text is a plain amount", () => {
    expect(plainPrice("$5")).toBe(5);
    expect(plainPrice(" 12.50 ")).toBe(12.5);
    expect(plainPrice("CA$ 1,200")).toBe(1200);
    expect(plainPrice("Free")).toBe(0);
  });

  it("is no price when the text says something else", () => {
    for (const text of ["20% off", "$4 value", "2 for 1", "from $5", "", null, undefined]) expect(plainPrice(text), String(text)).toBeNull();
  });
});

describe("an address as a PostalAddress", () => {
  it("gives the parts that are known, the street from its part", () => {
    expect(
      postalAddressJsonLd("4302 Queen Street, Niagara Falls, ON", {
        streetAddress: "4302 Queen Street",
        addressLocality: "Niagara Falls",
        addressRegion: "ON",
        postalCode: "L2E 2L7",
        addressCountry: "CA",
      }),
    ).toEqual({ "@type": "PostalAddress", streetAddress: "4302 Queen Street", addressLocality: "Niagara Falls", addressRegion: "ON", postalCode: "L2E 2L7", addressCountry: "CA" });
  });

  it("falls back on the one-line address as the street, and is null when nothing is known", () => {
    expect(postalAddressJsonLd("Queen Street, from Erie Avenue", { streetAddress: null, addressLocality: "", postalCode: null })).toEqual({ "@type": "PostalAddress", streetAddress: "Queen Street, from Erie Avenue" });
    expect(postalAddressJsonLd(null, { streetAddress: null })).toBeNull();
    expect(postalAddressJsonLd(null, { addressLocality: "Niagara Falls" })).toEqual({ "@type": "PostalAddress", addressLocality: "Niagara Falls" });
  });
});

describe("the association and the breadcrumb trail", () => {
  it("gives the association its home page and logo as an ImageObject", () => {
    expect(organizationJsonLd("Downtown Niagara", ORIGIN)).toEqual({
      "@type": "Organization",
      "@id": `${ORIGIN}/#organization`,
      name: "Downtown Niagara",
      url: `${ORIGIN}/`,
      logo: { "@type": "ImageObject", url: `${ORIGIN}/favicon.svg` },
    });
  });

  it("starts every trail at the home page and numbers the steps from 1 with absolute URLs", () => {
    expect(breadcrumbJsonLd(ORIGIN, [{ name: "Events", path: "/events" }, { name: "Trivia Night", path: "/events/e1" }])).toEqual({
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: `${ORIGIN}/` },
        { "@type": "ListItem", position: 2, name: "Events", item: `${ORIGIN}/events` },
        { "@type": "ListItem", position: 3, name: "Trivia Night", item: `${ORIGIN}/events/e1` },
      ],
    });
  });
});

describe("a news post's BlogPosting", () => {
  const post = { title: "Night market returns", href: "/news/p1", publishedLd: "2027-05-01T10:00:00-04:00", modifiedLd: "2027-05-02T09:00:00-04:00", authorDisplayName: "Ana Silva", imageUrl: "/uploads/p1.webp", summary: "Sixty vendors." };

  it("names its author, the association as publisher with its logo, and its image", () => {
    expect(blogPostingJsonLd(post, "Downtown Niagara", ORIGIN)).toMatchObject({
      headline: "Night market returns",
      datePublished: post.publishedLd,
      dateModified: post.modifiedLd,
      author: { "@type": "Person", name: "Ana Silva" },
      publisher: { "@type": "Organization", name: "Downtown Niagara", logo: { "@type": "ImageObject", url: `${ORIGIN}/favicon.svg` } },
      image: `${ORIGIN}/uploads/p1.webp`,
      url: `${ORIGIN}/news/p1`,
    });
  });

  it("is by the association when no author is named, and shows its logo when the post has no image", () => {
    const ld = blogPostingJsonLd({ ...post, authorDisplayName: " ", imageUrl: null, title: "x".repeat(200) }, "Downtown Niagara", ORIGIN);
    expect(ld.author).toMatchObject({ "@type": "Organization", name: "Downtown Niagara", url: `${ORIGIN}/` });
    expect(ld.image).toBe(`${ORIGIN}/favicon.svg`);
    expect(ld.headline.length).toBeLessThanOrEqual(110);
  });
});
