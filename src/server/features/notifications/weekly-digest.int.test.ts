// The weekly digest, through the job and a real SMTP server: at the day and time of the site settings each person who
// chose it gets one mail with what is new for their kinds (parsed: a plain-text part and HTML, why, and the link to
// change it), nothing when there is nothing, and never twice for a week, whether the job runs again or a second
// instance sends at the same moment.
import { Temporal } from "temporal-polyfill";
import { describe, expect, it } from "vitest";
import { createBusiness } from "#server/db/factories.ts";
import { AnnouncementRepository, announcementDigestSource } from "#server/features/announcement/index.ts";
import { MEETING_MAIL_JOB } from "#server/features/meeting/index.ts";
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
  const c = await createBusiness(t.database.db, { name: "Digest C" });
  const claimed = await createBusiness(t.database.db, { name: "Digest Claimed" });
  return {
    memberA: await signInOwnerOf(t, admin.cookie, a.id),
    memberB: await signInOwnerOf(t, admin.cookie, b.id),
    memberC: await signInOwnerOf(t, admin.cookie, c.id),
    claimant: await t.signIn("business"),
    claimedId: claimed.id,
  };
});

const asAdmin = (path: string, init: { method?: string; json?: unknown } = {}) => t.request(path, { ...init, cookie: admin.cookie });
const prefer = async (cookie: string, json: Record<string, string>) => expect((await t.request("/api/v1/me/notifications", { method: "PUT", json, cookie })).status).toBe(200);
const digestsTo = (email: string) => mail.receiver.inbox.filter((m) => m.to.includes(email.toLowerCase()) && /weekly digest/.test(m.subject));
/** A meeting as the Meetings tab saves it; answers its id. */
const meeting = (title: string, startsAt: string, extra: Record<string, unknown> = {}) => ({ title, startsAt, endsAt: new Date(Date.parse(startsAt) + 2 * 60 * MINUTE).toISOString(), place: "Town hall", agenda: "", ...extra });
async function arrange(title: string, startsAt: string, extra: Record<string, unknown> = {}) {
  const response = await asAdmin("/api/v1/meetings", { method: "POST", json: meeting(title, startsAt, extra) });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}
/** A meeting arranged a month ago, then saved again with `changes` now. */
async function change(title: string, startsAt: string, changes: Record<string, unknown>) {
  const id = await arrange(title, startsAt);
  await t.database.db.updateTable("meeting").set({ createdAt: new Date(Date.now() - 30 * DAY).toISOString(), lastUpdatedAt: new Date(Date.now() - 30 * DAY).toISOString() }).where("id", "=", id).execute();
  expect((await asAdmin(`/api/v1/meetings/${id}`, { method: "PUT", json: meeting(title, startsAt, changes) })).status).toBe(200);
}
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

  it("lists the meetings arranged, changed or cancelled and the minutes added for a member who chose the digest for them; one who hears at once gets mail instead", async () => {
    const { memberB, memberC } = people;
    await prefer(memberC.cookie, { meetings: "in a weekly digest", minutes: "in a weekly digest" });
    // Member B hears of meetings and minutes at once (the default).
    await arrange("Digest meeting arranged", "2030-03-04T23:00:00.000Z");
    await change("Digest meeting moved", "2030-03-08T23:00:00.000Z", { startsAt: "2030-03-09T23:00:00.000Z", endsAt: "2030-03-10T01:00:00.000Z", place: "Library" });
    await change("Digest meeting called off", "2030-03-12T22:00:00.000Z", { cancelled: true });
    const brief = await arrange("Digest meeting arranged and called off", "2030-03-14T22:00:00.000Z");
    expect((await asAdmin(`/api/v1/meetings/${brief}`, { method: "PUT", json: meeting("Digest meeting arranged and called off", "2030-03-14T22:00:00.000Z", { cancelled: true }) })).status).toBe(200);
    // Held two days ago at noon on Toronto's clock, so its two hours never run past midnight whenever the test runs.
    const held = Temporal.Now.zonedDateTimeISO("America/Toronto").subtract({ days: 2 }).with({ hour: 12, minute: 0, second: 0, millisecond: 0, microsecond: 0, nanosecond: 0 });
    await arrange("Digest meeting held", new Date(held.epochMilliseconds).toISOString(), { minutes: "<p>We agreed on the <strong>budget</strong>.</p>" });
    await t.services.jobs.runNow(MEETING_MAIL_JOB);

    const subjectsTo = (email: string) => mail.receiver.inbox.filter((m) => m.to.includes(email.toLowerCase())).map((m) => m.subject);
    expect(subjectsTo(memberB.user.email)).toEqual(expect.arrayContaining(["Meeting: Digest meeting arranged", "Minutes: Digest meeting held"]));
    expect(subjectsTo(memberC.user.email)).toEqual([]);

    await run(new Date(digest.moment.getTime() + 2 * MINUTE));
    const [toC, ...moreToC] = digestsTo(memberC.user.email);
    expect(moreToC).toHaveLength(0);
    expect(toC!.subject).toMatch(/your weekly digest \(4 new items\)/);
    const c = toC!.parts;
    // Each item: its title, when and where, and its address.
    const link = String.raw`  http://localhost:3000/myqsa/meetings/[\w-]+`;
    expect(c.text).toMatch(
      new RegExp(
        [
          "Meetings",
          "• New: Digest meeting arranged",
          "  Monday, March 4, 2030, 6:00 PM – 8:00 PM EST · Town hall",
          link,
          "• Changed: Digest meeting moved",
          "  Saturday, March 9, 2030, 6:00 PM – 8:00 PM EST · Library",
          link,
          "• Cancelled: Digest meeting called off",
          "  Tuesday, March 12, 2030, 6:00 PM – 8:00 PM EDT · Town hall",
          link,
        ].join("\n"),
      ),
    );
    expect(c.text).toMatch(/Minutes\n• Minutes: Digest meeting held\n {2}\w+day, [^\n]+ E[SD]T\. We agreed on the budget\.\n {2}http:\/\/localhost:3000\/myqsa\/meetings\//);
    // Arranged and cancelled within the week, or held already: no news for the meetings section.
    expect(c.text).not.toContain("arranged and called off");
    expect(c.text).not.toContain("• New: Digest meeting held");
    expect(c.text).toContain("send you meetings and minutes in a weekly digest");
    expect(c.html).toMatch(/<h2>Meetings<\/h2>\s*<ul>\s*<li><a href="http:\/\/localhost:3000\/myqsa\/meetings\/[^"]+">New: Digest meeting arranged<\/a>/);
    expect(digestsTo(memberB.user.email)).toHaveLength(0);
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
