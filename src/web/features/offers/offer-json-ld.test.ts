import { describe, expect, it } from "vitest";
import { offerLd } from "./offer-json-ld.ts";

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
