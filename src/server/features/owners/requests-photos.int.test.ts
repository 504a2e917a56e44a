// An owner's listing change carrying gallery photos: a photo whose upload is gone is refused beside Photos, and
// neither the business nor a request is saved, whether the change waits for an administrator or is approved in advance.
import { describe, expect, it } from "vitest";
import { createBusiness } from "#server/db/factories.ts";
import type { CurrentUser } from "#server/auth/session.ts";
import { makeImage } from "#tests/fixtures/images.ts";
import { errorOf } from "#tests/setup/app.ts";
import { setModeration, setUpOwnersTest, signInOwnerOf } from "#tests/setup/owners.ts";
import { cleanUpLater as cleanUpLaterOn } from "#tests/setup/uploads.ts";

const { t, admin, category } = setUpOwnersTest();

const owner = (businessId: string) => signInOwnerOf(t, admin.cookie, businessId);

const photoUpload = async (user: CurrentUser, businessId: string) =>
  t.services.files.upload({ user, kind: "businessPhoto", fileName: "storefront.png", name: "Storefront", businessId, bytes: await makeImage("png", 400, 300) });

const cleanUpLater = () => cleanUpLaterOn(t);

const listing = (business: { name: string; lat: number; lng: number }, changes: Record<string, unknown>) => ({
  name: business.name,
  categoryId: category.id,
  lat: business.lat,
  lng: business.lng,
  tags: [],
  ...changes,
});

const setAutoApprove = (on: boolean) => setModeration(t, admin.cookie, { listings: on, events: false, offers: false });

const myRequests = async (cookie: string) => (await (await t.request("/api/v1/me/requests", { cookie })).json()) as Array<{ id: string; status: string }>;
const notYours = "This image is not one you uploaded for your business. Upload it again.";

describe("an owner's listing change with photos", () => {
  it("waiting for an administrator: a photo whose upload is gone is refused beside Photos, and nothing waits", async () => {
    const business = await createBusiness(t.database.db, { categoryId: category.id, name: "Quay Street Books" });
    const someone = await owner(business.id);
    const send = (photos: Array<{ path: string; alt: string }>) =>
      t.request(`/api/v1/businesses/${business.id}`, { method: "PUT", cookie: someone.cookie, json: listing(business, { name: "Quay Street Books & Maps", photos }) });

    // Cleaned up while the form was open.
    const stale = await photoUpload(someone.user, business.id);
    await cleanUpLater();
    const response = await send([{ path: stale.fullPath, alt: "The shop" }]);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).fields).toEqual({ photos: notYours });
    expect(await myRequests(someone.cookie)).toEqual([]);

    // Cleaned up just after the owner's upload was checked.
    const late = await photoUpload(someone.user, business.id);
    const files = t.services.files;
    const check = files.isFreshUpload.bind(files);
    files.isFreshUpload = async (...args) => {
      const fresh = await check(...args);
      await cleanUpLater();
      return fresh;
    };
    try {
      const raced = await send([{ path: late.fullPath, alt: "The shop" }]);
      expect(raced.status).toBe(400);
      expect((await errorOf(raced)).fields).toEqual({ photos: notYours });
    } finally {
      files.isFreshUpload = check;
    }
    expect(await myRequests(someone.cookie)).toEqual([]);
    expect((await (await t.request(`/api/v1/businesses/${business.id}`)).json()) as object).toMatchObject({ name: "Quay Street Books", photos: [] });
  });

  it("approved in advance: a photo removed while the change is being saved is refused beside Photos, and neither the business nor a request is saved", async () => {
    const business = await createBusiness(t.database.db, { categoryId: category.id, name: "Lighthouse Tea Room" });
    const someone = await owner(business.id);
    await setAutoApprove(true);
    const files = t.services.files;
    const check = files.isFreshUpload.bind(files);
    try {
      // A photo is saved with the change.
      const kept = await photoUpload(someone.user, business.id);
      const saved = await t.request(`/api/v1/businesses/${business.id}`, { method: "PUT", cookie: someone.cookie, json: listing(business, { photos: [{ path: kept.fullPath, alt: "The tea counter" }] }) });
      expect(saved.status).toBe(202);
      expect(((await (await t.request(`/api/v1/businesses/${business.id}`)).json()) as { photos: unknown[] }).photos).toEqual([{ path: kept.fullPath, url: kept.url, alt: "The tea counter" }]);
      const before = await myRequests(someone.cookie);

      // The clean-up runs just after the owner's upload was checked.
      const late = await photoUpload(someone.user, business.id);
      files.isFreshUpload = async (...args) => {
        const fresh = await check(...args);
        await cleanUpLater();
        return fresh;
      };
      // Refused when the change holds its uploads, as a waiting request's are; sent again, the upload is already known to be gone.
      const answers = [{ photos: notYours }, { photos: notYours }];
      for (const [attempt, fields] of answers.entries()) {
        const response = await t.request(`/api/v1/businesses/${business.id}`, {
          method: "PUT",
          cookie: someone.cookie,
          json: listing(business, { name: "Lighthouse Tea House", photos: [{ path: kept.fullPath, alt: "The tea counter" }, { path: late.fullPath, alt: "The garden" }] }),
        });
        expect(response.status, `attempt ${attempt + 1}`).toBe(400);
        expect((await errorOf(response)).fields, `attempt ${attempt + 1}`).toEqual(fields);
      }
      const after = (await (await t.request(`/api/v1/businesses/${business.id}`)).json()) as { name: string; photos: unknown[] };
      expect(after.name).toBe("Lighthouse Tea Room");
      expect(after.photos).toEqual([{ path: kept.fullPath, url: kept.url, alt: "The tea counter" }]);
      expect(await myRequests(someone.cookie)).toEqual(before);
      const waiting = (await (await t.request("/api/v1/requests?status=pending", { cookie: admin.cookie })).json()) as Array<{ businessId: string }>;
      expect(waiting.filter((r) => r.businessId === business.id)).toEqual([]);
    } finally {
      files.isFreshUpload = check;
      await setAutoApprove(false);
    }
  });

  it("amended to name one upload as the logo, then as a photo, then as the logo again, holds what the last amendment asks for and is approved", async () => {
    const business = await createBusiness(t.database.db, { categoryId: category.id, name: "Harbour Lantern Gifts" });
    const someone = await owner(business.id);
    const logo = await t.services.files.upload({ user: someone.user, kind: "logo", fileName: "logo.png", name: "Logo", businessId: business.id, bytes: await makeImage("png", 200, 200) });
    const send = async (changes: Record<string, unknown>) => {
      const response = await t.request(`/api/v1/businesses/${business.id}`, { method: "PUT", cookie: someone.cookie, json: listing(business, changes) });
      return { status: response.status, body: (await response.json()) as { requestId?: string; error?: { fields?: Record<string, string> } } };
    };
    const first = await send({ logoPath: logo.fullPath, photos: [] });
    expect(first.status).toBe(202);
    // A logo is not a photo: naming it as one is refused as any upload of another kind is, and the request stays as it was.
    const asPhoto = await send({ logoPath: null, photos: [{ path: logo.fullPath, alt: "The sign" }] });
    expect(asPhoto.status).toBe(400);
    expect(asPhoto.body.error?.fields).toEqual({ photos: notYours });
    const again = await send({ logoPath: logo.fullPath, photos: [] });
    expect(again.body).toEqual({ requestId: first.body.requestId, status: "pending" });

    // The clean-up of unused uploads leaves what the request holds.
    await cleanUpLater();
    const approved = await t.request(`/api/v1/requests/${first.body.requestId}/approve`, { method: "POST", json: {}, cookie: admin.cookie });
    expect(approved.status).toBe(200);
    const shown = (await (await t.request(`/api/v1/businesses/${business.id}`)).json()) as { logoUrl: string | null; photos: unknown[] };
    expect(shown.logoUrl).toContain(logo.fullPath.split("/").pop());
    expect(shown.photos).toEqual([]);
  });
});
