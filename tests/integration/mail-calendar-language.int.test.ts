// The calendar entries mails carry, read as a mail program hands them to a calendar (node-ical): their own words (the
// summary Niche writes, the description's lines) are in the recipient's language; the event's, shift's or meeting's
// own title is left as its organizers wrote it, unless they translated it (an event's name).
import ical, { type VEvent } from "node-ical";
import { describe, expect, it } from "vitest";
import { createBusiness, createEvent } from "#server/db/factories.ts";
import { setUpSignIn } from "#tests/setup/app.ts";
import { calendarIn } from "#tests/setup/mail-calendar.ts";
import { setUpTestAppWithMail } from "#tests/setup/mail-app.ts";
import type { ReceivedMail } from "#tests/setup/smtp-receiver.ts";
import { signInOwnerOf } from "#tests/setup/owners.ts";
import { signUpProof } from "#tests/setup/sign-up-challenge.ts";
import { MEETING_MAIL_JOB } from "#server/features/meeting/index.ts";
import { VOLUNTEER_MAIL_JOB } from "#server/features/volunteer/index.ts";
import { TranslationRepository } from "#server/features/translation/index.ts";

const { t, mail } = setUpTestAppWithMail();
const admin = setUpSignIn(t, "admin");
const lea = setUpSignIn(t, "user");
const sam = setUpSignIn(t, "user");

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(Math.floor((Date.now() + ms) / 60_000) * 60_000).toISOString();

async function inFrench(cookie: string) {
  expect((await t.request("/api/v1/account/language", { method: "PUT", json: { language: "fr" }, cookie })).status).toBe(200);
}

function entryOf(received: ReceivedMail): VEvent {
  const calendar = calendarIn(received);
  expect(calendar).not.toBeNull();
  return Object.values(ical.sync.parseICS(calendar!.content)).find((c): c is VEvent => c?.type === "VEVENT")!;
}

describe("a registration's calendar entry", () => {
  it("is described in French for someone who registered from a French page, and in English otherwise", async () => {
    const host = await createBusiness(t.database.db, { name: "Hôte du marché" });
    const event = await createEvent(t.database.db, { name: "Marché de Noël", location: host.id, eventDate: at(7 * DAY), endDate: at(7 * DAY + 2 * HOUR), recurrenceRule: null });
    expect((await t.request(`/api/v1/events/${event.id}/registration`, { method: "PUT", json: { enabled: true, capacity: 10, maxPartySize: 4 }, cookie: admin.cookie })).status).toBe(200);
    const register = async (email: string, language: string) => {
      const altcha = await signUpProof((path) => t.request(path));
      const created = await t.request(`/api/v1/events/${event.id}/registrations`, { method: "POST", json: { name: "Camille", email, partySize: 2, language, altcha } });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      const [stored] = await t.database.db.selectFrom("registration").select(["checkInCode"]).where("id", "=", id).execute();
      return stored!.checkInCode;
    };

    const code = await register("camille@example.test", "fr");
    const french = entryOf(await mail.receiver.waitFor("camille@example.test", /Vous êtes inscrit/));
    expect(french.summary).toBe("Marché de Noël");
    const description = String(french.description);
    expect(description).toContain("Inscription de Camille : 2 places.");
    expect(description).toContain(`Code d’enregistrement : ${code}`);
    expect(description).toMatch(/Annuler : http:\/\/localhost:3000\/registrations\//);
    expect(description).not.toMatch(/Check-in code|Cancel:/);

    const englishCode = await register("camille.en@example.test", "en");
    const english = String(entryOf(await mail.receiver.waitFor("camille.en@example.test", /You are registered/)).description);
    expect(english).toContain("Registration for Camille: 2 places.");
    expect(english).toContain(`Check-in code: ${englishCode}`);
    expect(english).toMatch(/Cancel: http:\/\/localhost:3000\/registrations\//);
  });
});

describe("a registration's mails for an event with a French name", () => {
  it("name the event in French for someone who registered from a French page, and by its original name otherwise", async () => {
    const host = await createBusiness(t.database.db, { name: "Market host" });
    const event = await createEvent(t.database.db, { name: "Winter Market", location: host.id, eventDate: at(9 * DAY), endDate: at(9 * DAY + 2 * HOUR), recurrenceRule: null });
    await new TranslationRepository(t.database.db).replace("event", event.id, { fr: { name: "Marché d'hiver", description: null } }, ["name", "description"]);
    expect((await t.request(`/api/v1/events/${event.id}/registration`, { method: "PUT", json: { enabled: true, capacity: 10, maxPartySize: 4 }, cookie: admin.cookie })).status).toBe(200);
    const register = async (email: string, language: string) => {
      const altcha = await signUpProof((path) => t.request(path));
      const created = await t.request(`/api/v1/events/${event.id}/registrations`, { method: "POST", json: { name: "Camille", email, partySize: 1, language, altcha } });
      expect(created.status).toBe(201);
    };

    await register("hiver@example.test", "fr");
    const french = await mail.receiver.waitFor("hiver@example.test", /Vous êtes inscrit/);
    expect(french.subject).toContain("Marché d'hiver");
    expect(french.parts.text).toContain("Marché d'hiver");
    expect(french.parts.text).not.toContain("Winter Market");
    expect(entryOf(french).summary).toBe("Marché d'hiver");

    await register("winter@example.test", "en");
    const english = await mail.receiver.waitFor("winter@example.test", /You are registered/);
    expect(english.subject).toContain("Winter Market");
    expect(entryOf(english).summary).toBe("Winter Market");
  });
});

describe("a volunteer shift's calendar entry", () => {
  it("is in the volunteer's account language", async () => {
    await inFrench(lea.cookie);
    const shift = { startsAt: at(3 * DAY), endsAt: at(3 * DAY + 2 * HOUR), place: "Place du marché", placesNeeded: 5, requirements: "Bottes de pluie" };
    const made = await t.request("/api/v1/volunteer/opportunities", { method: "POST", cookie: admin.cookie, json: { title: "Équipe du marché", description: "<p>Aider</p>", shifts: [shift] } });
    expect(made.status).toBe(201);
    const shiftId = ((await made.json()) as { shifts: Array<{ id: string }> }).shifts[0]!.id;
    for (const who of [lea, sam]) expect((await t.request(`/api/v1/volunteer/shifts/${shiftId}/signups`, { method: "POST", cookie: who.cookie })).status).toBeLessThan(300);
    await t.services.jobs.runNow(VOLUNTEER_MAIL_JOB);

    const french = entryOf(await mail.receiver.waitFor(lea.email, /Inscription : Équipe du marché/));
    expect(french.summary).toBe("Bénévolat : Équipe du marché");
    expect(String(french.description)).toContain("Exigences : Bottes de pluie");
    const english = entryOf(await mail.receiver.waitFor(sam.email, /Signed up: Équipe du marché/));
    expect(english.summary).toBe("Volunteer: Équipe du marché");
    expect(String(english.description)).toContain("Requirements: Bottes de pluie");
  });
});

describe("a meeting's invitation", () => {
  it("describes the video link and the agenda in the member's language", async () => {
    const [a, b] = [await createBusiness(t.database.db, { name: "Membre A" }), await createBusiness(t.database.db, { name: "Membre B" })];
    const french = await signInOwnerOf(t, admin.cookie, a.id);
    const english = await signInOwnerOf(t, admin.cookie, b.id);
    await inFrench(french.cookie);
    const created = await t.request("/api/v1/meetings", {
      method: "POST",
      cookie: admin.cookie,
      json: { title: "Assemblée générale", startsAt: at(3 * DAY), endsAt: at(3 * DAY + 2 * HOUR), place: "Hôtel de ville", videoLink: "https://meet.example.com/ag", agenda: "<p>Budget</p>" },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    for (const who of [french, english]) expect((await t.request(`/api/v1/meetings/${id}/rsvp`, { method: "POST", json: { response: "yes" }, cookie: who.cookie })).status).toBeLessThan(300);
    await t.services.jobs.runNow(MEETING_MAIL_JOB);

    const inFrenchEntry = entryOf(await mail.receiver.waitFor(french.user.email, /Vous avez répondu .*Assemblée générale/));
    expect(inFrenchEntry.summary).toBe("Assemblée générale");
    expect(String(inFrenchEntry.description)).toContain("Lien vidéo : https://meet.example.com/ag");
    expect(String(inFrenchEntry.description)).toContain("Ordre du jour :\nBudget");
    const inEnglishEntry = entryOf(await mail.receiver.waitFor(english.user.email, /You answered Yes: Assemblée générale/));
    expect(String(inEnglishEntry.description)).toContain("Video link: https://meet.example.com/ag");
    expect(String(inEnglishEntry.description)).toContain("Agenda:\nBudget");
  });
});
