// Every mail names the association in its reader's language (the site's translated name, decision 0044), read from a
// real SMTP server; the members' weekly digest and the subscribers' newsletter show announcements, posts and events translated,
// and a member's private meetings calendar speaks that member's language.
import { Temporal } from "temporal-polyfill";
import { describe, expect, it } from "vitest";
import { createAuth } from "#server/auth/auth.ts";
import { createBusiness, createEvent, createOffer, createUser } from "#server/db/factories.ts";
import { TranslationRepository } from "#server/features/translation/index.ts";
import { ANNOUNCEMENT_MAIL_JOB } from "#server/features/announcement/index.ts";
import { NEWSLETTER_QUEUE_JOB, NEWSLETTER_SEND_JOB } from "#server/features/newsletter/index.ts";
import { WEEKLY_DIGEST_JOB } from "#server/features/notifications/index.ts";
import { SubscriberRepository } from "#server/features/subscribers/index.ts";
import { DEFAULT_SITE_SETTINGS } from "#server/features/site-settings/index.ts";
import { DIGEST_WEEKDAYS } from "#shared/schemas/site-settings.ts";
import { setUp, setUpSignIn } from "#tests/setup/app.ts";
import { mailerTo, setUpTestAppWithMail } from "#tests/setup/mail-app.ts";
import { signInOwnerOf } from "#tests/setup/owners.ts";
import { signUpProof } from "#tests/setup/sign-up-challenge.ts";

const SITE = "http://localhost:3000";
const ENGLISH_NAME = "Downtown Merchants";
const FRENCH_NAME = "Marchands du centre-ville";
const { t, mail } = setUpTestAppWithMail();
const admin = setUpSignIn(t, "admin");

/** Two hours from now on Toronto's clock, to the minute: both digests' day and time. */
function nextDigestMoment() {
  const at = Temporal.Now.zonedDateTimeISO("America/Toronto").add({ hours: 2 }).round({ smallestUnit: "minute", roundingMode: "floor" });
  return { moment: new Date(at.epochMilliseconds), weekday: DIGEST_WEEKDAYS[at.dayOfWeek - 1]!, at: at.toPlainTime().toString({ smallestUnit: "minute" }) };
}
const digest = nextDigestMoment();

setUp(async () => {
  const saved = await t.request("/api/v1/site-settings", {
    method: "PUT",
    json: {
      ...DEFAULT_SITE_SETTINGS,
      associationName: ENGLISH_NAME,
      timeZone: "America/Toronto",
      digestWeekday: digest.weekday,
      digestAt: digest.at,
      translations: { fr: { associationName: FRENCH_NAME } },
    },
    cookie: admin.cookie,
  });
  expect(saved.status).toBe(200);
  return {};
});

async function member(name: string, language?: "fr") {
  const person = await signInOwnerOf(t, admin.cookie, (await createBusiness(t.database.db, { name })).id);
  if (language) expect((await t.request("/api/v1/account/language", { method: "PUT", json: { language }, cookie: person.cookie })).status).toBe(200);
  return person;
}

describe("the announcement mail", () => {
  it("names the association by its French name for a member in French, and by its original name in English", async () => {
    const french = await member("Fromagerie du Nom", "fr");
    const english = await member("Cheese by Name");
    const created = await t.request("/api/v1/announcements", { method: "POST", cookie: admin.cookie, json: { title: "Vente trottoir", body: "<p>Samedi.</p>", publishAt: new Date(Date.now() - 1_000).toISOString() } });
    expect(created.status).toBe(201);
    await t.services.jobs.runNow(ANNOUNCEMENT_MAIL_JOB);

    const inFrench = await mail.receiver.waitFor(french.user.email, /Vente trottoir/);
    expect(inFrench.subject).toBe(`${FRENCH_NAME} : Vente trottoir`);
    expect(inFrench.parts.text).toContain(`Vous recevez ce courriel parce que vous êtes membre de ${FRENCH_NAME}`);
    expect(inFrench.parts.text).not.toContain(ENGLISH_NAME);
    const inEnglish = await mail.receiver.waitFor(english.user.email, /Vente trottoir/);
    expect(inEnglish.subject).toBe(`${ENGLISH_NAME}: Vente trottoir`);
  });
});

describe("the password reset", () => {
  it("names the association by its French name for an account in French", async () => {
    const auth = createAuth({ database: t.database, secret: "test-secret-".padEnd(48, "x"), baseURL: SITE, trustedOrigins: [SITE], trustProxy: false, mailer: mailerTo(mail.receiver) });
    const person = await t.signIn("user");
    expect((await t.request("/api/v1/account/language", { method: "PUT", json: { language: "fr" }, cookie: person.cookie })).status).toBe(200);
    await auth.api.requestPasswordReset({ body: { email: person.user.email, redirectTo: "/reset-password" } });
    const received = await mail.receiver.waitFor(person.user.email, /Réinitialisez votre mot de passe/);
    expect(received.subject).toBe(`Réinitialisez votre mot de passe pour ${FRENCH_NAME}`);
  });
});

describe("the newsletter's confirmation", () => {
  it("names the association by its French name for someone who subscribed from a French page", async () => {
    const email = `abonne-nom-${Date.now()}@example.test`;
    const altcha = await signUpProof((path) => t.request(path));
    expect((await t.request("/api/v1/subscriptions", { method: "POST", json: { email, topics: ["events"], source: "footer", language: "fr", altcha } })).status).toBe(202);
    const received = await mail.receiver.waitFor(email, /Confirmez votre abonnement/);
    expect(received.subject).toBe(`Confirmez votre abonnement à l’infolettre de ${FRENCH_NAME}`);
  });
});

describe("the members' weekly digest", () => {
  it("is named and lists announcements in French for a member in French, and in English for one in English", async () => {
    const french = await member("Digest Fromagerie", "fr");
    const english = await member("Digest Cheese");
    for (const person of [french, english]) expect((await t.request("/api/v1/me/notifications", { method: "PUT", json: { announcements: "in a weekly digest" }, cookie: person.cookie })).status).toBe(200);
    const created = await t.request("/api/v1/announcements", {
      method: "POST",
      cookie: admin.cookie,
      json: { title: "Sidewalk sale", body: "<p>Tables on the sidewalk.</p>", publishAt: new Date(Date.now() - 3_600_000).toISOString(), translations: { fr: { title: "Vente trottoir", body: "<p>Des tables sur le trottoir.</p>" } } },
    });
    expect(created.status).toBe(201);
    await t.services.jobs.runNow(WEEKLY_DIGEST_JOB, new Date(digest.moment.getTime() + 60_000));

    const inFrench = await mail.receiver.waitFor(french.user.email, /résumé hebdomadaire/);
    expect(inFrench.subject).toContain(FRENCH_NAME);
    expect(inFrench.parts.text).toContain("• Vente trottoir\n  Des tables sur le trottoir.");
    expect(inFrench.parts.text).not.toMatch(/Sidewalk|Downtown Merchants/);
    const inEnglish = await mail.receiver.waitFor(english.user.email, /weekly digest/);
    expect(inEnglish.subject).toContain(ENGLISH_NAME);
    expect(inEnglish.parts.text).toContain("• Sidewalk sale\n  Tables on the sidewalk.");
  });
});

describe("the subscribers' newsletter digest", () => {
  it("shows a post's French title and text, and the association's French name, to a subscriber in French", async () => {
    const author = await createUser(t.database.db, { displayName: "Nadia Writer" });
    const posted = await t.request("/api/v1/posts", {
      method: "POST",
      cookie: admin.cookie,
      json: { title: "Spring cleanup", authorUid: author.id, content: "<p>Bring gloves.</p>", datetime: new Date(digest.moment.getTime() - 86_400_000).toISOString(), translations: { fr: { title: "Grand ménage", content: "<p>Apportez des gants.</p>" } } },
    });
    expect(posted.status).toBe(201);
    const market = await createEvent(t.database.db, { name: "Winter Market", eventDate: new Date(digest.moment.getTime() + 2 * 86_400_000).toISOString(), endDate: null, recurrenceRule: null, location: "outdoor" });
    await new TranslationRepository(t.database.db).replace("event", market.id, { fr: { name: "Marché d'hiver", description: null } }, ["name", "description"]);
    const cafe = await createBusiness(t.database.db, { name: "Café Lumière" });
    await createOffer(t.database.db, { businessId: cafe.id, businessName: cafe.name, type: "", validFrom: null, validUntil: null });
    const subscribers = new SubscriberRepository(t.database.db);
    const topics = ["news", "events", "offers"] as const;
    const lectrice = await subscribers.insert({ email: `lectrice-nom-${Date.now()}@example.test`, state: "confirmed", topics, language: "fr" });
    const reader = await subscribers.insert({ email: `reader-name-${Date.now()}@example.test`, state: "confirmed", topics, language: "en" });
    await t.services.jobs.runNow(NEWSLETTER_QUEUE_JOB, digest.moment);
    await t.services.jobs.runNow(NEWSLETTER_SEND_JOB, digest.moment);

    const inFrench = await mail.receiver.waitFor(lectrice.email, /cette semaine/);
    expect(inFrench.subject).toContain(FRENCH_NAME);
    expect(inFrench.parts.text).toContain("Grand ménage");
    expect(inFrench.parts.text).toContain("Apportez des gants.");
    expect(inFrench.parts.text).not.toContain("Spring cleanup");
    // An event's French name, and an offer named in French.
    expect(inFrench.parts.text).toContain("Marché d'hiver");
    expect(inFrench.parts.text).not.toContain("Winter Market");
    expect(inFrench.parts.text).toContain("Offre spéciale chez Café Lumière");
    const inEnglish = await mail.receiver.waitFor(reader.email, /this week/);
    expect(inEnglish.parts.text).toContain("Spring cleanup");
    expect(inEnglish.parts.text).toContain("Winter Market");
    expect(inEnglish.parts.text).toContain("Special Offer at Café Lumière");
  });
});

describe("the private meetings calendar", () => {
  it("is named and described in the language of the member whose address it is", async () => {
    const french = await member("Calendrier Fromagerie", "fr");
    const english = await member("Calendar Cheese");
    const startsAt = "2031-03-04T23:00:00.000Z";
    const arranged = await t.request("/api/v1/meetings", { method: "POST", cookie: admin.cookie, json: { title: "Budget", startsAt, endsAt: "2031-03-05T01:00:00.000Z", place: "Town hall", agenda: "<p>The budget.</p>" } });
    expect(arranged.status).toBe(201);
    const feedOf = async (cookie: string) => {
      const { url } = (await (await t.request("/api/v1/me/meeting-calendar", { cookie })).json()) as { url: string };
      const feed = await t.request(new URL(url).pathname);
      expect(feed.status).toBe(200);
      return (await feed.text()).replace(/\r?\n[ \t]/g, "");
    };
    const inFrench = await feedOf(french.cookie);
    expect(inFrench).toContain(`X-WR-CALNAME:Réunions de ${FRENCH_NAME}`);
    expect(inFrench).toContain("Ordre du jour");
    const inEnglish = await feedOf(english.cookie);
    expect(inEnglish).toContain(`X-WR-CALNAME:${ENGLISH_NAME} meetings`);
    expect(inEnglish).toContain("Agenda:");
  });
});
