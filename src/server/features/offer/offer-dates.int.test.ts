// Offers run between optional first and last days in the site's time zone: they leave every public list by themselves
// at the site's local midnight (decided when read), while administrators still see them, marked expired.
import { beforeAll, describe, expect, it } from "vitest";
import { createBusiness, createOffer } from "#server/db/factories.ts";
import { setUpTestApp } from "#tests/setup/app.ts";

const t = setUpTestApp();
let cookie: string;
let shop: { id: string; name: string };
beforeAll(async () => {
  cookie = (await t.signIn("admin")).cookie;
  shop = await createBusiness(t.database.db, { name: "Dated Deals" });
});

const valid = () => ({ businessId: shop.id, description: "Half off scarves", type: "Discount" });

describe("offer dates", () => {
  it("keeps the dates and the coupon code, and refuses a last day before the first beside the field", async () => {
    const response = await t.request("/api/v1/offers", { method: "POST", cookie, json: { ...valid(), validFrom: "2031-01-01", validUntil: "2031-01-31", couponCode: "  SCARF50 " } });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ validFrom: "2031-01-01", validUntil: "2031-01-31", couponCode: "SCARF50" });

    const refused = await t.request("/api/v1/offers", { method: "POST", cookie, json: { ...valid(), validFrom: "2031-02-01", validUntil: "2031-01-31" } });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.fields).toEqual({ validUntil: "Valid until must be on or after Valid from." });
    const unreadable = await t.request("/api/v1/offers", { method: "POST", cookie, json: { ...valid(), validUntil: "2031-02-30" } });
    expect((await unreadable.json()).error.fields).toEqual({ validUntil: "Enter a date such as 2026-12-31." });
  });

  it("an offer leaves the public lists at the site's local midnight after its last day, and the admin sees it as expired", async () => {
    const last = await createOffer(t.database.db, { businessId: shop.id, businessName: shop.name, description: "Last day 4 December", validUntil: "2026-12-04" });
    const future = await createOffer(t.database.db, { businessId: shop.id, businessName: shop.name, description: "From 5 December", validFrom: "2026-12-05" });
    const ids = async (now: Date) => ({
      all: (await t.services.offers.list({ now })).map((o) => o.id),
      business: (await t.services.offers.atBusiness(shop.id, { now })).map((o) => o.id),
    });
    // 23:59 on 4 December in Toronto is 04:59 UTC on the 5th: still running there.
    const lateOnTheDay = await ids(new Date("2026-12-05T04:59:00Z"));
    expect(lateOnTheDay.all).toContain(last.id);
    expect(lateOnTheDay.business).toContain(last.id);
    expect(lateOnTheDay.all).not.toContain(future.id);
    const midnight = await ids(new Date("2026-12-05T05:00:00Z"));
    expect(midnight.all).not.toContain(last.id);
    expect(midnight.business).not.toContain(last.id);
    expect(midnight.all).toContain(future.id);

    // Today (2026 or later) is past 4 December 2026 or not; the API answers for the real today.
    const today = await t.services.offers.today();
    const publicIds = ((await (await t.request("/api/v1/offers")).json()) as Array<{ id: string }>).map((o) => o.id);
    expect(publicIds.includes(last.id)).toBe(today <= "2026-12-04");
    const { items } = await (await t.request("/api/v1/admin/offers?pageSize=200", { cookie })).json();
    expect(items.find((o: { id: string }) => o.id === last.id)).toMatchObject({ expired: today > "2026-12-04" });
  });

  it("a long-gone offer is off the public API but still in the admin's list, marked expired", async () => {
    const gone = await createOffer(t.database.db, { businessId: shop.id, businessName: shop.name, description: "Gone", validUntil: "2020-01-31" });
    const publicIds = ((await (await t.request("/api/v1/offers")).json()) as Array<{ id: string }>).map((o) => o.id);
    expect(publicIds).not.toContain(gone.id);
    const { items } = await (await t.request("/api/v1/admin/offers?pageSize=200", { cookie })).json();
    expect(items.find((o: { id: string }) => o.id === gone.id)).toMatchObject({ expired: true, validUntil: "2020-01-31" });
  });
});
