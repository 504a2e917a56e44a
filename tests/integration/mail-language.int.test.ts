// Mail in the recipient's language, read from a real SMTP server: an account's language (PUT /api/v1/account/language),
// the language of the page a subscriber came from, and English, word for word as before, for everyone else.
import { describe, expect, it } from "vitest";
import { createAuth } from "#server/auth/auth.ts";
import { CLIENT_IP_HEADER } from "#server/auth/auth-http.ts";
import { createBusiness, createEvent, createOffer } from "#server/db/factories.ts";
import { CONSENT_TEXT, type AdminSubscriber } from "#shared/schemas/subscription.ts";
import { setUpSignIn, type SignedIn } from "#tests/setup/app.ts";
import { mailerTo, setUpTestAppWithMail } from "#tests/setup/mail-app.ts";
import { signInOwnerOf } from "#tests/setup/owners.ts";
import { signUpProof } from "#tests/setup/sign-up-challenge.ts";
import { ANNOUNCEMENT_MAIL_JOB } from "#server/features/announcement/index.ts";
import { NEWSLETTER_QUEUE_JOB, NEWSLETTER_SEND_JOB } from "#server/features/newsletter/index.ts";
import { SubscriberRepository } from "#server/features/subscribers/index.ts";

const SITE = "http://localhost:3000";
const { t, mail } = setUpTestAppWithMail();
const admin = setUpSignIn(t, "admin");

async function inFrench<Person extends { cookie: string }>(person: Person): Promise<Person> {
  expect((await t.request("/api/v1/account/language", { method: "PUT", json: { language: "fr" }, cookie: person.cookie })).status).toBe(200);
  return person;
}

const siteName = async () => (await t.services.siteSettings.get()).associationName;

async function claimRejected(person: SignedIn) {
  const business = await createBusiness(t.database.db, { name: `Boulangerie ${person.user.id.slice(0, 6)}` });
  const claim = (await (await t.request(`/api/v1/businesses/${business.id}/claims`, { method: "POST", json: { role: "Owner", phone: "905 555 0199" }, cookie: person.cookie })).json()) as { id: string };
  expect((await t.request(`/api/v1/requests/${claim.id}/reject`, { method: "POST", json: { reason: "No answer at this number." }, cookie: admin.cookie })).status).toBe(200);
  return business.name;
}

describe("the newsletter's confirmation", () => {
  it("is in the language of the page the person subscribed from, with the consent recorded in the words they saw", async () => {
    const email = `lectrice-${Date.now()}@example.test`;
    const altcha = await signUpProof((path) => t.request(path));
    const answer = await t.request("/api/v1/subscriptions", { method: "POST", json: { email, topics: ["events"], source: "footer", language: "fr", altcha } });
    expect(answer.status).toBe(202);
    const received = await mail.receiver.waitFor(email, /Confirmez votre abonnement/);
    const site = await siteName();
    expect(received.subject).toBe(`Confirmez votre abonnement à l’infolettre de ${site}`);
    expect(received.parts.text).toContain(`Quelqu’un, probablement vous, a demandé à recevoir l’infolettre de ${site} à cette adresse.`);
    expect(received.parts.text).toContain("sans confirmation, cette adresse sera oubliée dans 7 jours.");
    // The link opens the French confirmation page.
    expect(received.parts.text).toContain(`Confirmer mon abonnement: ${SITE}/fr/subscribe/confirm?token=`);
    expect(received.parts.html).toContain("Confirmer mon abonnement</a>");

    const listed = (await (await t.request(`/api/v1/subscribers?q=${encodeURIComponent(email)}`, { cookie: admin.cookie })).json()) as { items: AdminSubscriber[] };
    expect(listed.items[0]!.consents.map((c) => c.text)).toEqual([
      "J’accepte de recevoir l’infolettre de l’association par courriel. Je peux me désabonner en tout temps avec le lien présent dans chaque message.",
    ]);
  });

  it("keeps English, and the English consent's words, for a page in English", async () => {
    const email = `reader-${Date.now()}@example.test`;
    const altcha = await signUpProof((path) => t.request(path));
    expect((await t.request("/api/v1/subscriptions", { method: "POST", json: { email, topics: ["news"], source: "subscribe-page", language: "en", altcha } })).status).toBe(202);
    const received = await mail.receiver.waitFor(email, /Confirm your subscription/);
    expect(received.subject).toBe(`Confirm your subscription to the ${await siteName()} newsletter`);
    expect(received.parts.text).toContain(`Confirm my subscription: ${SITE}/subscribe/confirm?token=`);
    const listed = (await (await t.request(`/api/v1/subscribers?q=${encodeURIComponent(email)}`, { cookie: admin.cookie })).json()) as { items: AdminSubscriber[] };
    expect(listed.items[0]!.consents.map((c) => c.text)).toEqual([CONSENT_TEXT]);
  });
});

describe("a newsletter", () => {
  it("reaches a subscriber who subscribed in French with its frame in French, and links to the French preferences page", async () => {
    const subscribers = new SubscriberRepository(t.database.db);
    const lectrice = await subscribers.insert({ email: `abonnee-${Date.now()}@example.test`, state: "confirmed", topics: ["news"], language: "fr" });
    const reader = await subscribers.insert({ email: `subscriber-${Date.now()}@example.test`, state: "confirmed", topics: ["news"], language: "en" });
    const created = await t.request("/api/v1/newsletters", { method: "POST", cookie: admin.cookie, json: { subject: "Marché de Noël", body: "<p>Le marché revient.</p>", cards: [], topics: [] } });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await t.request(`/api/v1/newsletters/${id}/send`, { method: "POST", cookie: admin.cookie, json: {} })).status).toBe(202);
    await t.services.jobs.runNow(NEWSLETTER_QUEUE_JOB);
    await t.services.jobs.runNow(NEWSLETTER_SEND_JOB);
    const site = await siteName();

    const inFrench = await mail.receiver.waitFor(lectrice.email, /Marché de Noël/);
    expect(inFrench.parts.text).toContain(`Vous recevez ce courriel parce que vous êtes abonné à l’infolettre de ${site}.`);
    expect(inFrench.parts.html).toContain('lang="fr"');
    expect(inFrench.parts.html).toContain("Gérer votre abonnement");
    expect(inFrench.parts.html).toContain(`href="${SITE}/fr/subscribe/preferences?token=`);

    const inEnglish = await mail.receiver.waitFor(reader.email, /Marché de Noël/);
    expect(inEnglish.parts.text).toContain(`You get this mail because you subscribed to the newsletter of ${site}.`);
    expect(inEnglish.parts.html).toContain("Manage your subscription");
    expect(inEnglish.parts.html).toContain(`href="${SITE}/subscribe/preferences?token=`);
  });
});

describe("a newsletter's cards", () => {
  it("give an event's time and an offer's dates in the subscriber's language", async () => {
    const subscribers = new SubscriberRepository(t.database.db);
    const lectrice = await subscribers.insert({ email: `cartes-${Date.now()}@example.test`, state: "confirmed", topics: ["news"], language: "fr" });
    const reader = await subscribers.insert({ email: `cards-${Date.now()}@example.test`, state: "confirmed", topics: ["news"], language: "en" });
    const host = await createBusiness(t.database.db, { name: "Fromagerie du coin" });
    // 23:00 UTC on March 4, 2030 is 6 PM in the site's zone (America/Toronto, EST).
    const event = await createEvent(t.database.db, { name: "Soirée fromages", location: host.id, eventDate: "2030-03-04T23:00:00.000Z", endDate: null, recurrenceRule: null });
    const offer = await createOffer(t.database.db, { businessId: host.id, businessName: host.name, description: "Plateau", validFrom: "2030-03-01", validUntil: "2030-03-31" });
    const created = await t.request("/api/v1/newsletters", {
      method: "POST",
      cookie: admin.cookie,
      json: { subject: "Fromages de mars", body: "<p>Bonjour.</p>", cards: [{ kind: "event", id: event.id }, { kind: "offer", id: offer.id }], topics: [] },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await t.request(`/api/v1/newsletters/${id}/send`, { method: "POST", cookie: admin.cookie, json: {} })).status).toBe(202);
    await t.services.jobs.runNow(NEWSLETTER_QUEUE_JOB);
    await t.services.jobs.runNow(NEWSLETTER_SEND_JOB);

    const inFrench = await mail.receiver.waitFor(lectrice.email, /Fromages de mars/);
    expect(inFrench.parts.text).toContain("lundi 4 mars 2030, 18 h");
    expect(inFrench.parts.text).toContain("Du 1er mars 2030 au 31 mars 2030");
    expect(inFrench.parts.text).not.toMatch(/March|From /);
    const inEnglish = await mail.receiver.waitFor(reader.email, /Fromages de mars/);
    expect(inEnglish.parts.text).toContain("Monday, March 4, 2030 at 6:00 PM");
    expect(inEnglish.parts.text).toContain("From March 1, 2030 to March 31, 2030");
  });
});

describe("a request's decision", () => {
  it("is in French for an account in French", async () => {
    const owner = await inFrench(await t.signIn("user"));
    const name = await claimRejected(owner);
    const site = await siteName();
    const received = await mail.receiver.waitFor(owner.user.email, /a été refusée/);
    expect(received.subject).toBe(`Votre demande sur ${site} a été refusée`);
    expect(received.parts.text).toContain(`Votre demande (Revendication pour ${name}) a été refusée.`);
    expect(received.parts.text).toContain("Motif : No answer at this number.");
    expect(received.parts.text).toContain(`Vous recevez ce courriel parce que vous avez fait cette demande sur ${site}`);
    expect(received.parts.text).toContain(`Modifier vos préférences de notification : ${SITE}/myaccount#notifications`);
    expect(received.parts.html).toContain("Ouvrir Mon commerce");
  });

  it("is the same English mail as ever for an account in English", async () => {
    const owner = await t.signIn("user");
    const name = await claimRejected(owner);
    const site = await siteName();
    const received = await mail.receiver.waitFor(owner.user.email, /was rejected/);
    expect(received.subject).toBe(`Your request on ${site} was rejected`);
    expect(received.parts.text?.trim()).toBe(
      [
        `Your request (Claim for ${name}) was rejected.`,
        "Reason: No answer at this number.",
        "",
        `Open My Business: ${SITE}/mybusiness`,
        "",
        `You get this mail because you made this request on ${site} and your notification preferences send you requests decided at once.`,
        `Change your notification preferences: ${SITE}/myaccount#notifications`,
      ].join("\n"),
    );
  });
});

describe("the association's digest of new requests", () => {
  it("says why it comes and where to send it elsewhere", async () => {
    await claimRejected(await t.signIn("user"));
    const received = await mail.receiver.waitFor(admin.user.email, /new requests? waiting on/);
    expect(received.parts.text).toContain(`You get this mail because you are an administrator of ${await siteName()} and no notification address is set`);
    expect(received.parts.text).toContain(`change the notification address in the Requests tab's settings: ${SITE}/admin/requests`);
  });
});

describe("the sign-up mails", () => {
  // The test app's own auth mails nothing; this one mails through the receiver, as the server's does.
  const auth = () => createAuth({ database: t.database, secret: "test-secret-".padEnd(48, "x"), baseURL: SITE, trustedOrigins: [SITE], trustProxy: false, mailer: mailerTo(mail.receiver) });
  let client = 0;
  /** A sign-up as the form sends it from a page in `language`, each from a client address of its own. */
  async function signUp(email: string, language: unknown) {
    const altcha = await signUpProof((path) => t.request(path));
    const headers = new Headers({ Origin: SITE, "Content-Type": "application/json", [CLIENT_IP_HEADER]: `192.0.2.${++client}` });
    return auth().handler(
      new Request(`${SITE}/api/auth/sign-up/email`, { method: "POST", headers, body: JSON.stringify({ email, password: "lantern-river-42", name: "", accountType: "visitor", language, altcha }) }),
    );
  }

  it("verify an address in the language of the page it signed up from, which becomes the account's language", async () => {
    const email = `inscription-${Date.now()}@example.test`;
    expect((await signUp(email, "fr")).status).toBe(200);
    const received = await mail.receiver.waitFor(email, /Confirmez votre adresse courriel/);
    expect(received.subject).toBe(`Confirmez votre adresse courriel pour ${await siteName()}`);
    expect(received.parts.text).toContain("Confirmer mon adresse courriel");
    const row = await t.database.db.selectFrom("user").select("language").where("email", "=", email).executeTakeFirstOrThrow();
    expect(row.language).toBe("fr");

    const english = `signup-${Date.now()}@example.test`;
    expect((await signUp(english, "en")).status).toBe(200);
    expect((await mail.receiver.waitFor(english, /Verify your email address/)).subject).toBe(`Verify your email address for ${await siteName()}`);
  });

  it("tell the owner of a taken address in the page's language when the account has none of its own", async () => {
    const owner = await t.signIn("user");
    expect((await signUp(owner.user.email, "fr")).status).toBe(422);
    const received = await mail.receiver.waitFor(owner.user.email, /a tenté de créer un compte/);
    expect(received.subject).toBe(`Quelqu’un a tenté de créer un compte sur ${await siteName()} avec votre adresse courriel`);
  });

  it("refuses a language the site does not offer, beside its field", async () => {
    const refused = await signUp(`langue-${Date.now()}@example.test`, "xx");
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ field: "language", message: "Choose a language the site offers: en or fr." });
  });
});

describe("the password reset", () => {
  it("is in French for an account in French", async () => {
    const auth = createAuth({ database: t.database, secret: "test-secret-".padEnd(48, "x"), baseURL: SITE, trustedOrigins: [SITE], trustProxy: false, mailer: mailerTo(mail.receiver) });
    const person = await inFrench(await t.signIn("user"));
    await auth.api.requestPasswordReset({ body: { email: person.user.email, redirectTo: "/reset-password" } });
    const received = await mail.receiver.waitFor(person.user.email, /Réinitialisez votre mot de passe/);
    expect(received.subject).toBe(`Réinitialisez votre mot de passe pour ${await siteName()}`);
    expect(received.parts.text).toContain("Le lien ci-dessous fonctionne une seule fois, pendant 60 minutes.");
    expect(received.parts.text).toContain(`Choisir un nouveau mot de passe: ${SITE}/api/auth/reset-password/`);
  });
});

describe("an announcement", () => {
  it("reaches a member in French in French, and one in English in English", async () => {
    const french = await inFrench(await signInOwnerOf(t, admin.cookie, (await createBusiness(t.database.db, { name: "Fromagerie Langue" })).id));
    const english = await signInOwnerOf(t, admin.cookie, (await createBusiness(t.database.db, { name: "Cheese Language" })).id);
    const created = await t.request("/api/v1/announcements", { method: "POST", cookie: admin.cookie, json: { title: "Vente trottoir", body: "<p>Samedi.</p>", publishAt: new Date(Date.now() - 1_000).toISOString() } });
    expect(created.status).toBe(201);
    await t.services.jobs.runNow(ANNOUNCEMENT_MAIL_JOB);
    const site = await siteName();
    const inFrenchMail = await mail.receiver.waitFor(french.user.email, /Vente trottoir/);
    expect(inFrenchMail.subject).toBe(`${site} : Vente trottoir`);
    expect(inFrenchMail.parts.text).toContain("La lire sur le site : http://localhost:3000/myqsa/announcements/");
    expect(inFrenchMail.parts.text).toContain(`Vous recevez ce courriel parce que vous êtes membre de ${site}`);
    const inEnglishMail = await mail.receiver.waitFor(english.user.email, /Vente trottoir/);
    expect(inEnglishMail.subject).toBe(`${site}: Vente trottoir`);
    expect(inEnglishMail.parts.text).toContain(`You get this mail because you are a member of ${site} and your notification preferences send you announcements at once.`);
  });
});
