// The announcement mail in the member's language, read from a real SMTP server: a member whose account is French gets
// the French title and body where the announcement has them, else the originals; a member in English gets the originals.
import { describe, expect, it } from "vitest";
import { createBusiness } from "#server/db/factories.ts";
import { setUpSignIn } from "#tests/setup/app.ts";
import { setUpTestAppWithMail } from "#tests/setup/mail-app.ts";
import { signInOwnerOf } from "#tests/setup/owners.ts";
import { ANNOUNCEMENT_MAIL_JOB } from "./index.ts";

const { t, mail } = setUpTestAppWithMail();
const admin = setUpSignIn(t, "admin");

async function member(name: string, language?: "fr") {
  const person = await signInOwnerOf(t, admin.cookie, (await createBusiness(t.database.db, { name })).id);
  if (language) expect((await t.request("/api/v1/account/language", { method: "PUT", json: { language }, cookie: person.cookie })).status).toBe(200);
  return person;
}

const publish = async (json: Record<string, unknown>) =>
  expect((await t.request("/api/v1/announcements", { method: "POST", cookie: admin.cookie, json: { ...json, publishAt: new Date(Date.now() - 1_000).toISOString() } })).status).toBe(201);

describe("an announcement's mail", () => {
  it("is in French, title and body, for a member whose account is French; in English for the others", async () => {
    const french = await member("Fromagerie Traduite", "fr");
    const english = await member("Translated Cheese");
    await publish({ title: "Sidewalk sale", body: "<p>On Saturday, tables on the sidewalk.</p>", translations: { fr: { title: "Vente trottoir", body: "<p>Samedi, des tables sur le trottoir.</p>" } } });
    await t.services.jobs.runNow(ANNOUNCEMENT_MAIL_JOB);
    const site = (await t.services.siteSettings.get()).associationName;

    const inFrench = await mail.receiver.waitFor(french.user.email, /Vente trottoir/);
    expect(inFrench.subject).toBe(`${site} : Vente trottoir`);
    expect(inFrench.parts.text).toContain("Samedi, des tables sur le trottoir.");
    expect(inFrench.parts.text).not.toContain("Sidewalk");
    expect(inFrench.parts.html).toContain("<h1>Vente trottoir</h1>");
    expect(inFrench.parts.html).toContain("<p>Samedi, des tables sur le trottoir.</p>");

    const inEnglish = await mail.receiver.waitFor(english.user.email, /Sidewalk sale/);
    expect(inEnglish.subject).toBe(`${site}: Sidewalk sale`);
    expect(inEnglish.parts.text).toContain("On Saturday, tables on the sidewalk.");
  });

  it("keeps the originals for a member in French when the announcement has no translation", async () => {
    const french = await member("Boulangerie Sans Traduction", "fr");
    await publish({ title: "Road closure", body: "<p>Main Street is closed on Sunday.</p>" });
    await t.services.jobs.runNow(ANNOUNCEMENT_MAIL_JOB);
    const received = await mail.receiver.waitFor(french.user.email, /Road closure/);
    expect(received.parts.text).toContain("Main Street is closed on Sunday.");
    // The frame stays French.
    expect(received.parts.text).toContain("La lire sur le site : ");
  });
});
