// An approval applies the change and records the decision together: one that fails part way (here the audit entry
// cannot be written) leaves the request waiting and the listing as it was, and approving again applies it whole.
import { describe, expect, it } from "vitest";
import { createBusiness } from "#server/db/factories.ts";
import { recordingMailer } from "#tests/setup/app.ts";
import { setUpOwnersTest, signInOwnerOf } from "#tests/setup/owners.ts";

const mailer = recordingMailer();
const { t, admin, category } = setUpOwnersTest({ mailer });

const publicBusiness = async (id: string) => (await (await t.request(`/api/v1/businesses/${id}`)).json()) as Record<string, unknown>;
const auditOf = async (id: string) => t.database.db.selectFrom("audit_log").selectAll().where("entityId", "=", id).execute();

describe("an approval", () => {
  it("that fails part way leaves the request waiting and nothing applied; approved again, it applies whole", async () => {
    const business = await createBusiness(t.database.db, { categoryId: category.id, name: "Tidewater Bakery", description: "Before." });
    const owner = await signInOwnerOf(t, admin.cookie, business.id);
    const { requestId } = (await (
      await t.request(`/api/v1/businesses/${business.id}`, { method: "PUT", cookie: owner.cookie, json: { name: business.name, categoryId: category.id, lat: business.lat, lng: business.lng, tags: [], description: "After." } })
    ).json()) as { requestId: string };
    const before = await auditOf(business.id);

    const audit = t.services.audit;
    const record = audit.record.bind(audit);
    audit.record = async () => {
      throw new Error("the audit log cannot be written");
    };
    try {
      const failed = await t.request(`/api/v1/requests/${requestId}/approve`, { method: "POST", json: {}, cookie: admin.cookie });
      expect(failed.status).toBe(500);
    } finally {
      audit.record = record;
    }
    expect(((await (await t.request(`/api/v1/requests/${requestId}`, { cookie: admin.cookie })).json()) as { status: string }).status).toBe("pending");
    expect(await publicBusiness(business.id)).toMatchObject({ description: "Before." });
    expect(await auditOf(business.id)).toHaveLength(before.length);
    expect(mailer.sent.filter((m) => m.to === owner.user.email && m.subject.includes("approved"))).toEqual([]);

    expect((await t.request(`/api/v1/requests/${requestId}/approve`, { method: "POST", json: {}, cookie: admin.cookie })).status).toBe(200);
    expect(await publicBusiness(business.id)).toMatchObject({ description: "After." });
    expect(await auditOf(business.id)).toHaveLength(before.length + 1);
    expect(mailer.sent.filter((m) => m.to === owner.user.email && m.subject.includes("approved"))).toHaveLength(1);
  });
});
