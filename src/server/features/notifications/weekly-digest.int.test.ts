// The weekly digest, through the job and a real SMTP server: at the day and time of the site settings each person who
// chose it gets one mail with what is new for their kinds (parsed: a plain-text part and HTML, why, and the link to
// change it), nothing when there is nothing, and never twice for a week, whether the job runs again or a second
// instance sends at the same moment.
import { Temporal } from "temporal-polyfill";
import { describe, expect, it } from "vitest";
import { createBusiness } from "#server/db/factories.ts";
import { AnnouncementRepository, announcementDigestSource } from "#server/features/announcement/index.ts";
import { OwnersRepository, RequestRepository, decidedRequestsDigestSource } from "#server/features/owners/index.ts";
import { DIGEST_WEEKDAYS } from "#shared/schemas/site-settings.ts";
import { mailerTo, setUpTestAppWithMail } from "#tests/setup/mail-app.ts";
import { setUp, setUpSignIn } from "#tests/setup/app.ts";
import { signInOwnerOf } from "#tests/setup/owners.ts";
import { WEEKLY_DIGEST_JOB, WeeklyDigest } from "./weekly-digest.ts";
import { WeeklyDigestRepository } from "./weekly-digest.repository.ts";

const SITE = "http://localhost:3000";
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const { t, mail } = setUpTestAppWithMail();
const admin = setUpSignIn(t, "admin");
const plainUser = setUpSignIn(t, "user");
const people = setUp(async () => {
  const a = await createBusiness(t.database.db, { name: "Digest A" });
  const b = await createBusiness(t.database.db, { name: "Digest B" });
  const claimed = await createBusiness(t.database.db, { name: "Digest Claimed" });
  return { memberA: await signInOwnerOf(t, admin.cookie, a.id), memberB: await signInOwnerOf(t, admin.cookie, b.id), claimant: await t.signIn("business"), claimedId: claimed.id };
});

const asAdmin = (path: string, init: { method?: string; json?: unknown } = {}) => t.request(path, { ...init, cookie: admin.cookie });
const prefer = async (cookie: string, json: Record<string, string>) => expect((await t.request("/api/v1/me/notifications", { method: "PUT", json, cookie })).status).toBe(200);
const digestsTo = (email: string) => mail.receiver.inbox.filter((m) => m.to.includes(email.toLowerCase()) && /weekly digest/.test(m.subject));
const announce = async (title: string, publishAt: Date, archived = false) =>
  expect((await asAdmin("/api/v1/announcements", { method: "POST", json: { title, body: `<p>${title}, in full.</p>`, publishAt: publishAt.toISOString(), archived } })).status).toBe(201);

/** Two hours from now on Toronto's clock, to the minute: the digest's day and time for these tests. */
function nextDigestMoment() {
  const at = Temporal.Now.zonedDateTimeISO("America/Toronto").add({ hours: 2 }).round({ smallestUnit: "minute", roundingMode: "floor" });
  return { moment: new Date(at.epochMilliseconds), weekday: DIGEST_WEEKDAYS[at.dayOfWeek - 1]!, at: at.toPlainTime().toString({ smallestUnit: "minute" }) };
}

describe("the weekly digest", () => {
  const digest = nextDigestMoment();
  const run = (at: Date) => t.services.jobs.runNow(WEEKLY_DIGEST_JOB, at);

  it("goes at the day and time of the site settings, to each person who chose it, with what is new for their kinds", async () => {
    const settings = await (await asAdmin("/api/v1/site-settings")).json();
    expect((await asAdmin("/api/v1/site-settings", { method: "PUT", json: { ...settings, timeZone: "America/Toronto", digestWeekday: digest.weekday, digestAt: digest.at } })).status).toBe(200);
    const { memberA, memberB, claimant } = people;
    await prefer(memberA.cookie, { announcements: "in a weekly digest", requestsDecided: "in a weekly digest" });
    await prefer(claimant.cookie, { requestsDecided: "in a weekly digest" });
    // Not a member: announcements are not for them, so their digest would be empty.
    await prefer(plainUser.cookie, { announcements: "in a weekly digest" });
    // Member B hears of announcements at once (the default), so has no digest.

    await announce("Digest this week", new Date(Date.now() - 3_600_000));
    await announce("Digest archived", new Date(Date.now() - 3_600_000), true);
    await announce("Digest last month", new Date(digest.moment.getTime() - 30 * DAY));
    await announce("Digest next week", new Date(digest.moment.getTime() + DAY));
    const claim = await (await t.request(`/api/v1/businesses/${people.claimedId}/claims`, { method: "POST", json: { role: "Owner", phone: "905 555 0199" }, cookie: claimant.cookie })).json();
    expect((await asAdmin(`/api/v1/requests/${claim.requestId ?? claim.id}/reject`, { method: "POST", json: { reason: "We could not reach you." } })).status).toBe(200);
    // The claimant chose the digest for decisions: no mail at once.
    expect(mail.receiver.inbox.filter((m) => m.to.includes(claimant.user.email.toLowerCase()))).toHaveLength(0);

    // A minute before its time, the latest digest due is last week's, long past: nothing goes.
    await run(new Date(digest.moment.getTime() - MINUTE));
    expect(mail.receiver.inbox.filter((m) => /weekly digest/.test(m.subject))).toHaveLength(0);

    await run(new Date(digest.moment.getTime() + MINUTE));
    const [toA, ...moreToA] = digestsTo(memberA.user.email);
    expect(moreToA).toHaveLength(0);
    expect(toA!.subject).toMatch(/your weekly digest \(1 new item\)/);
    const a = toA!.parts;
    expect(a.text).toContain("Announcements\n• Digest this week\n  Digest this week, in full.");
    expect(a.text).not.toMatch(/Digest (archived|last month|next week)/);
    expect(a.text).not.toContain("Requests decided\n");
    expect(a.text).toContain(`send you announcements and requests decided in a weekly digest, on ${digest.weekday[0]!.toUpperCase()}${digest.weekday.slice(1)}s at ${digest.at}.`);
    expect(a.text).toContain(`${SITE}/myaccount#notifications`);
    expect(a.html).toMatch(/<h2>Announcements<\/h2>\s*<ul>\s*<li><a href="http:\/\/localhost:3000\/myqsa\/announcements\/[^"]+">Digest this week<\/a>/);
    expect(a.html).toContain(`<a href="${SITE}/myaccount#notifications">Change or stop it in your notification preferences</a>`);

    const [toClaimant, ...moreToClaimant] = digestsTo(claimant.user.email);
    expect(moreToClaimant).toHaveLength(0);
    const c = toClaimant!.parts;
    expect(c.text).toContain("Requests decided\n• Claim for Digest Claimed: rejected\n  Reason: We could not reach you.");
    expect(c.text).not.toContain("Announcements");

    expect(digestsTo(plainUser.email)).toHaveLength(0);
    expect(digestsTo(memberB.user.email)).toHaveLength(0);
    expect(digestsTo(admin.email)).toHaveLength(0);

    // The next minute's run, or any later one that week, sends nothing again.
    await run(new Date(digest.moment.getTime() + 2 * MINUTE));
    await run(new Date(digest.moment.getTime() + 3 * DAY));
    expect(digestsTo(memberA.user.email)).toHaveLength(1);
    expect(digestsTo(claimant.user.email)).toHaveLength(1);
    mail.receiver.inbox.splice(0);
  });

  it("the next week holds only what came since, goes once even when two instances send at the same moment, and nothing new sends nothing", async () => {
    const nextWeek = new Date(digest.moment.getTime() + 7 * DAY + MINUTE);
    // A second instance of the site: its own digest sender on the same database, with no job lease between the two.
    const mailer = mailerTo(mail.receiver);
    const owners = new OwnersRepository(t.database.db);
    const second = new WeeklyDigest({
      repository: new WeeklyDigestRepository(t.database.db),
      sources: [
        announcementDigestSource({ repository: new AnnouncementRepository(t.database.db), siteUrl: SITE, ownsSomeBusiness: async (id) => (await owners.ownedBusinessIds(id)).length > 0 }),
        decidedRequestsDigestSource({ repository: new RequestRepository(t.database.db), siteUrl: SITE }),
      ],
      mailer,
      siteUrl: SITE,
      schedule: () => t.services.siteSettings.get(),
    });
    const [, secondSent] = await Promise.all([t.services.jobs.runNow(WEEKLY_DIGEST_JOB, nextWeek), second.send(nextWeek)]);
    const toA = digestsTo(people.memberA.user.email);
    expect(toA).toHaveLength(1);
    expect(secondSent).toBeLessThanOrEqual(1);
    const a = toA[0]!.parts;
    expect(a.text).toContain("• Digest next week");
    expect(a.text).not.toContain("Digest this week");
    // Nothing decided for the claimant this week: no mail, and none later in the week.
    expect(digestsTo(people.claimant.user.email)).toHaveLength(0);
    await second.send(new Date(nextWeek.getTime() + MINUTE));
    expect(mail.receiver.inbox.filter((m) => /weekly digest/.test(m.subject))).toHaveLength(1);
    expect((await new WeeklyDigestRepository(t.database.db).history(people.claimant.user.id)).map((d) => d.status)).toEqual(["empty", "sent"]);
  });
});
