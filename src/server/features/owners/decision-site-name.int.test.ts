// A request's decision names the association as its French pages do, for an owner whose account is in French; an
// English account's mail keeps the original name.
import { describe, expect, it } from "vitest";
import { createBusiness } from "#server/db/factories.ts";
import { DEFAULT_SITE_SETTINGS } from "#server/features/site-settings/index.ts";
import { setUpSignIn, type SignedIn } from "#tests/setup/app.ts";
import { setUpTestAppWithMail } from "#tests/setup/mail-app.ts";

const { t, mail } = setUpTestAppWithMail();
const admin = setUpSignIn(t, "admin");

async function claimRejected(person: SignedIn) {
  const business = await createBusiness(t.database.db, { name: `Boulangerie ${person.user.id.slice(0, 6)}` });
  const claim = (await (await t.request(`/api/v1/businesses/${business.id}/claims`, { method: "POST", json: { role: "Owner", phone: "905 555 0199" }, cookie: person.cookie })).json()) as { id: string };
  expect((await t.request(`/api/v1/requests/${claim.id}/reject`, { method: "POST", json: { reason: "No answer at this number." }, cookie: admin.cookie })).status).toBe(200);
}

describe("a request's decision", () => {
  it("names the association by its French name in French, and by its original name in English", async () => {
    const saved = await t.request("/api/v1/site-settings", {
      method: "PUT",
      json: { ...DEFAULT_SITE_SETTINGS, associationName: "Downtown Merchants", translations: { fr: { associationName: "Marchands du centre-ville" } } },
      cookie: admin.cookie,
    });
    expect(saved.status).toBe(200);

    const french = await t.signIn("user");
    expect((await t.request("/api/v1/account/language", { method: "PUT", json: { language: "fr" }, cookie: french.cookie })).status).toBe(200);
    await claimRejected(french);
    expect((await mail.receiver.waitFor(french.user.email, /a été refusée/)).subject).toBe("Votre demande sur Marchands du centre-ville a été refusée");

    const english = await t.signIn("user");
    await claimRejected(english);
    expect((await mail.receiver.waitFor(english.user.email, /was rejected/)).subject).toBe("Your request on Downtown Merchants was rejected");
  });
});
