// The Offers tab's writes: rules and messages, the business's name stored with the offer, the owner and the audit trail.
import { describe, expect, it } from "vitest";
import { createBusiness } from "#server/db/factories.ts";
import { OFFER_TYPES } from "#shared/constants.ts";
import { auditTrail, setUp, setUpSignIn, setUpTestApp } from "#tests/setup/app.ts";

const t = setUpTestApp();
const admin = setUpSignIn(t, "admin");
const shop = setUp(() => createBusiness(t.database.db, { name: "Corner Books" }));

const asAdmin = (path: string, init: { method?: string; json?: unknown } = {}) => t.request(path, { ...init, cookie: admin.cookie });
const valid = () => ({ businessId: shop.id, description: "Any paperback", type: "BOGO", price: "$10 Off", terms: "While stocks last" });

describe("offers (admin)", () => {
  it("adds an offer with the business's name and the admin as owner, and lists it newest first", async () => {
    const response = await asAdmin("/api/v1/offers", { method: "POST", json: { ...valid(), businessName: "Forged name" } });
    expect(response.status).toBe(201);
    const offer = await response.json();
    expect(offer).toMatchObject({ businessId: shop.id, businessName: "Corner Books", type: "BOGO", price: "$10 Off", terms: "While stocks last", ownerUid: admin.user.id });
    const later = await (await asAdmin("/api/v1/offers", { method: "POST", json: { ...valid(), description: "Later", price: "", terms: " " } })).json();
    expect(later).toMatchObject({ price: null, terms: null });
    const { items } = await (await asAdmin("/api/v1/admin/offers")).json();
    expect(items.slice(0, 2).map((o: { id: string }) => o.id)).toEqual([later.id, offer.id]);
    const publicList = await (await t.request("/api/v1/offers")).json();
    expect(publicList.map((o: { id: string }) => o.id)).toContain(offer.id);
  });

  it('answers "Business, Description, and Type are required." for a missing business, description or type, or a type off the list', async () => {
    for (const body of [{ ...valid(), businessId: "" }, { ...valid(), description: "  " }, { ...valid(), type: "" }, { ...valid(), type: "Half Price" }, {}]) {
      const response = await asAdmin("/api/v1/offers", { method: "POST", json: body });
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toBe("Business, Description, and Type are required.");
    }
  });

  it("accepts every type of the fixed list and refuses a business that does not exist", async () => {
    for (const type of OFFER_TYPES) expect((await asAdmin("/api/v1/offers", { method: "POST", json: { ...valid(), type } })).status).toBe(201);
    const response = await asAdmin("/api/v1/offers", { method: "POST", json: { ...valid(), businessId: "gone" } });
    expect((await response.json()).error.message).toBe("The chosen business no longer exists. Please choose another business.");
  });

  it("updates and deletes an offer, recording each change", async () => {
    const other = await createBusiness(t.database.db, { name: "Bakery Bros" });
    const created = await (await asAdmin("/api/v1/offers", { method: "POST", json: valid() })).json();
    const updated = await (await asAdmin(`/api/v1/offers/${created.id}`, { method: "PUT", json: { ...valid(), businessId: other.id, type: "Free Item" } })).json();
    expect(updated).toMatchObject({ businessId: other.id, businessName: "Bakery Bros", type: "Free Item" });
    expect((await asAdmin(`/api/v1/offers/${created.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await asAdmin(`/api/v1/offers/${created.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await asAdmin(`/api/v1/offers/${created.id}`, { method: "PUT", json: valid() })).status).toBe(404);

    const trail = await auditTrail(t, admin.cookie, "offer", created.id);
    expect(trail.map((e) => [e.action, e.summary])).toEqual([
      ["delete", "Free Item at Bakery Bros"],
      ["update", "Free Item at Bakery Bros"],
      ["create", "BOGO at Corner Books"],
    ]);
  });
});
