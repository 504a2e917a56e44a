// Who asked for a shared request, as each reader sees it: the business's other owners read the display name only,
// the person who asked and administrators the e-mail address too.
import { describe, expect, it } from "vitest";
import { createBusiness } from "#server/db/factories.ts";
import { setUpOwnersTest, signInOwnerOf } from "#tests/setup/owners.ts";

const { t, admin, category } = setUpOwnersTest();

const owner = (businessId: string) => signInOwnerOf(t, admin.cookie, businessId);
/** A public business as the edit form sends it back. */
const asInput = ({ coordinates, id: _id, category: _c, categoryColor: _cc, logoUrl: _l, createdAt: _ca, lastUpdatedAt: _u, ...fields }: Record<string, unknown> & { coordinates: { lat: number; lng: number } }) => ({
  ...fields,
  lat: coordinates.lat,
  lng: coordinates.lng,
});
const publicBusiness = async (id: string) => (await (await t.request(`/api/v1/businesses/${id}`)).json()) as Record<string, unknown> & { coordinates: { lat: number; lng: number } };

describe("a listing change shared by a business's owners", () => {
  it("name the owner who asked to the other owners by display name, never by e-mail address; administrators see the address", async () => {
    const business = await createBusiness(t.database.db, { categoryId: category.id, description: "Before." });
    const ownerA = await owner(business.id);
    const ownerB = await owner(business.id);
    const live = asInput(await publicBusiness(business.id));
    const { requestId } = await (await t.request(`/api/v1/businesses/${business.id}`, { method: "PUT", json: { ...live, description: "A's words." }, cookie: ownerA.cookie })).json();

    const one = await (await t.request(`/api/v1/requests/${requestId}`, { cookie: ownerB.cookie })).text();
    const listed = await (await t.request("/api/v1/me/requests", { cookie: ownerB.cookie })).text();
    for (const body of [one, listed]) expect(body).not.toContain(ownerA.user.email);
    expect(JSON.parse(one)).toMatchObject({ requesterEmail: null, requesterName: ownerA.user.displayName });
    expect((JSON.parse(listed) as Array<{ id: string }>).find((r) => r.id === requestId)).toMatchObject({ requesterEmail: null, requesterName: ownerA.user.displayName });

    // The person who asked and the administrators see the address.
    expect(await (await t.request(`/api/v1/requests/${requestId}`, { cookie: ownerA.cookie })).json()).toMatchObject({ requesterEmail: ownerA.user.email, requesterName: ownerA.user.displayName });
    expect(await (await t.request(`/api/v1/requests/${requestId}`, { cookie: admin.cookie })).json()).toMatchObject({ requesterEmail: ownerA.user.email });
    const queue = (await (await t.request("/api/v1/requests?status=pending", { cookie: admin.cookie })).json()) as Array<{ id: string }>;
    expect(queue.find((r) => r.id === requestId)).toMatchObject({ requesterEmail: ownerA.user.email });
  });
});
