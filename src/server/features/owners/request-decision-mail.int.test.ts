// The mail that tells a person their request was decided, read from a real SMTP server: it says why it came and links
// to the notification preferences, and it follows the person's choice for "requests decided".
import { describe, expect, it } from "vitest";
import { createBusiness } from "#server/db/factories.ts";
import { setUpSignIn } from "#tests/setup/app.ts";
import { setUpTestAppWithMail } from "#tests/setup/mail-app.ts";

const SITE = "http://localhost:3000";
const { t, mail } = setUpTestAppWithMail();
const admin = setUpSignIn(t, "admin");

async function claimAndDecide(cookie: string, decision: "approve" | "reject") {
  const business = await createBusiness(t.database.db, { name: `Decided ${decision} ${Date.now()}` });
  const claim = (await (await t.request(`/api/v1/businesses/${business.id}/claims`, { method: "POST", json: { role: "Owner", phone: "905 555 0199" }, cookie })).json()) as { id: string };
  const json = decision === "reject" ? { reason: "We could not reach you." } : {};
  expect((await t.request(`/api/v1/requests/${claim.id}/${decision}`, { method: "POST", json, cookie: admin.cookie })).status).toBe(200);
  return business.name;
}

describe("the mail of a request decided", () => {
  it("says why the person gets it and links to the preferences, in the plain text and the HTML", async () => {
    const claimant = await t.signIn("user");
    const name = await claimAndDecide(claimant.cookie, "reject");
    const received = await mail.receiver.waitFor(claimant.user.email, /was rejected/);
    expect(received.parts.text).toContain(`Your request (Claim for ${name}) was rejected.`);
    expect(received.parts.text).toContain("You get this mail because you made this request on");
    expect(received.parts.text).toContain("your notification preferences send you requests decided at once.");
    expect(received.parts.text).toContain(`Change your notification preferences: ${SITE}/myaccount#notifications`);
    expect(received.parts.html).toContain(`${SITE}/myaccount#notifications`);
  });

  it("is not sent to someone who chose the weekly digest or nothing for requests decided", async () => {
    for (const choice of ["in a weekly digest", "off"]) {
      const claimant = await t.signIn("user");
      expect((await t.request("/api/v1/me/notifications", { method: "PUT", json: { requestsDecided: choice }, cookie: claimant.cookie })).status).toBe(200);
      await claimAndDecide(claimant.cookie, "approve");
      // Someone who hears at once, decided after them, proves the mail of the decision before has had its time.
      const witness = await t.signIn("user");
      await claimAndDecide(witness.cookie, "approve");
      await mail.receiver.waitFor(witness.user.email, /was approved/);
      expect(mail.receiver.inbox.filter((m) => m.to.includes(claimant.user.email.toLowerCase())), choice).toHaveLength(0);
    }
  });
});
