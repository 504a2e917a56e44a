// The member's dashboard and a business sign-up's onboarding through the API: the same number of SQL statements for an
// owner of one business as for seventy; who sees what (anonymous, a plain user, members A and B, an administrator);
// the onboarding's steps read from the person's data; and where signing in lands.
import { beforeAll, describe, expect, it } from "vitest";
import { createBusiness, createCategory } from "#server/db/factories.ts";
import { newId } from "#server/db/ids.ts";
import type { Dashboard, Onboarding } from "#shared/schemas/dashboard.ts";
import { createTestApp, type SignedIn, type TestApp } from "#tests/setup/app.ts";
import { createTestDatabase } from "#tests/setup/database.ts";
import { statementCounter } from "#tests/setup/statement-counter.ts";

const statements = statementCounter();

let t: TestApp;
let admin: SignedIn;
let categoryId: string;
beforeAll(async () => {
  const database = await createTestDatabase();
  t = await createTestApp({ database: { ...database, db: database.db.withPlugin(statements.plugin) } });
  admin = await t.signIn("admin");
  categoryId = (await createCategory(t.database.db)).id;
  return () => t.close();
});

const HOUR = 3_600_000;
const now = () => new Date().toISOString();

/** A change waiting for approval, as an owner's edit leaves it. */
async function waitingRequest(userId: string, business: { id: string; name: string }, kind = "listing-change") {
  await t.database.db
    .insertInto("change_request")
    .values({ id: newId(), kind, businessId: business.id, businessName: business.name, targetId: null, userId, payload: "{}", base: null, status: "pending", reason: null, createdAt: now(), updatedAt: now(), decidedAt: null, decidedBy: null, followUp: null })
    .execute();
}

/** A `business` account owning `count` businesses, each with a change waiting for approval. */
async function ownerOf(count: number, prefix: string, complete = false): Promise<SignedIn & { businesses: Array<{ id: string; name: string }> }> {
  const signedIn = await t.signIn("business");
  const businesses: Array<{ id: string; name: string }> = [];
  for (let i = 1; i <= count; i++) {
    const business = await createBusiness(t.database.db, {
      name: `${prefix} ${String(i).padStart(2, "0")}`,
      categoryId,
      description: complete ? "Books and coffee." : null,
    });
    await t.database.db.insertInto("business_owner").values({ businessId: business.id, userId: signedIn.user.id, createdAt: now() }).execute();
    await waitingRequest(signedIn.user.id, business);
    businesses.push(business);
  }
  return { ...signedIn, businesses };
}

async function dashboard(cookie: string): Promise<{ body: Dashboard; statements: number }> {
  const { result, statements: count } = await statements.count(async () => {
    const response = await t.request("/api/v1/me/dashboard", { cookie });
    expect(response.status).toBe(200);
    return (await response.json()) as Dashboard;
  });
  return { body: result, statements: count };
}

const onboarding = async (cookie: string) => (await (await t.request("/api/v1/me/onboarding", { cookie })).json()) as Onboarding;
const section = (d: Dashboard, id: string) => d.sections.find((s) => s.id === id);

async function publish(title: string) {
  const response = await t.request("/api/v1/announcements", { method: "POST", json: { title, body: `<p>${title}</p>`, publishAt: new Date(Date.now() - HOUR).toISOString() }, cookie: admin.cookie });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

describe("GET /api/v1/me/dashboard", () => {
  it("reads as many SQL statements for an owner of 70 businesses as for an owner of one, and lists all 70 with their waiting changes", async () => {
    const solo = await ownerOf(1, "Solo Shop");
    const chain = await ownerOf(70, "Chain Shop");
    // The first request after a content change reads what the app then keeps (the site settings).
    await dashboard(solo.cookie);
    const one = await dashboard(solo.cookie);
    const seventy = await dashboard(chain.cookie);

    expect(one.statements).toBeGreaterThan(3);
    expect(seventy.statements).toBe(one.statements);
    const listed = section(seventy.body, "businesses")!.items;
    expect(listed.map((b) => b.title)).toEqual(Array.from({ length: 70 }, (_, i) => `Chain Shop ${String(i + 1).padStart(2, "0")}`));
    expect(listed.every((b) => b.href === "/mybusiness" && b.notes.join() === "Listing changes waiting for approval")).toBe(true);
    // Each listing lacks hours, photos and a description: one task each.
    expect(seventy.body.tasks.filter((task) => task.id.startsWith("listing-"))).toHaveLength(70);
  });

  it("marks the unread announcements among the latest five and links to all of them", async () => {
    const member = await ownerOf(1, "Reader Shop", true);
    const ids: string[] = [];
    for (let i = 1; i <= 6; i++) ids.push(await publish(`Notice ${i}`));
    expect((await t.request(`/api/v1/announcements/${ids[5]}/read`, { method: "POST", cookie: member.cookie })).status).toBe(204);

    const announcements = section((await dashboard(member.cookie)).body, "announcements")!;
    expect(announcements.items).toHaveLength(5);
    const read = announcements.items.find((a) => a.id === ids[5])!;
    expect(read.marks).toEqual([]);
    expect(announcements.items.filter((a) => a.id !== ids[5]).every((a) => a.marks.includes("Unread"))).toBe(true);
    expect(announcements.link).toEqual({ href: "/myqsa/announcements", label: expect.stringMatching(/^All announcements \(\d+ unread\)$/) });
  });
});

/** A meeting of two hours from `startsAt`; answers its id. */
async function arrange(title: string, startsAt: string, extra: Record<string, unknown> = {}) {
  const endsAt = new Date(Date.parse(startsAt) + 2 * HOUR).toISOString();
  const response = await t.request("/api/v1/meetings", { method: "POST", json: { title, startsAt, endsAt, place: "Town hall", agenda: "", ...extra }, cookie: admin.cookie });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}
const answer = async (id: string, cookie: string, response: string) => expect((await t.request(`/api/v1/meetings/${id}/rsvp`, { method: "POST", json: { response }, cookie })).status).toBe(200);

describe("meetings on the dashboard", () => {
  it("lists the next three with the member's answer, makes each one to come not answered a task, and reads as much with thirty-one meetings as with six", async () => {
    const member = await ownerOf(1, "Meeting Shop", true);
    const other = await ownerOf(1, "Other Meeting Shop", true);
    const later = await arrange("Dashboard later", "2030-03-20T22:00:00.000Z", { place: null, videoLink: "https://meet.example.com/later" });
    const third = await arrange("Dashboard third", "2030-03-12T22:00:00.000Z");
    const first = await arrange("Dashboard first", "2030-03-04T23:00:00.000Z");
    const second = await arrange("Dashboard second", "2030-03-08T23:00:00.000Z");
    await arrange("Dashboard cancelled", "2030-03-02T23:00:00.000Z", { cancelled: true });
    await arrange("Dashboard held", new Date(Date.now() - 3 * HOUR).toISOString());
    await answer(second, member.cookie, "maybe");
    await answer(later, member.cookie, "no");
    await answer(first, other.cookie, "yes");

    await dashboard(member.cookie);
    const few = await dashboard(member.cookie);
    const meetings = section(few.body, "meetings")!;
    expect(meetings).toMatchObject({ title: "Next meetings", link: { href: "/myqsa/meetings", label: "All meetings" } });
    expect(meetings.items).toEqual([
      { id: first, title: "Dashboard first", href: `/myqsa/meetings/${first}`, detail: "Monday, March 4, 2030, 6:00 PM – 8:00 PM EST · Town hall", date: null, marks: ["Not answered"], notes: [] },
      { id: second, title: "Dashboard second", href: `/myqsa/meetings/${second}`, detail: "Friday, March 8, 2030, 6:00 PM – 8:00 PM EST · Town hall", date: null, marks: [], notes: ["Your answer: Maybe"] },
      { id: third, title: "Dashboard third", href: `/myqsa/meetings/${third}`, detail: "Tuesday, March 12, 2030, 6:00 PM – 8:00 PM EDT · Town hall", date: null, marks: ["Not answered"], notes: [] },
    ]);
    const meetingTasks = (d: Dashboard) => d.tasks.filter((task) => task.id.startsWith("meeting-"));
    expect(meetingTasks(few.body)).toEqual([
      { id: `meeting-${first}`, title: "Answer: Dashboard first", detail: "Monday, March 4, 2030, 6:00 PM – 8:00 PM EST · Town hall", href: `/myqsa/meetings/${first}`, action: "See the meeting" },
      { id: `meeting-${third}`, title: "Answer: Dashboard third", detail: "Tuesday, March 12, 2030, 6:00 PM – 8:00 PM EDT · Town hall", href: `/myqsa/meetings/${third}`, action: "See the meeting" },
    ]);
    // Each member sees their own answers only.
    const theirs = (await dashboard(other.cookie)).body;
    expect(section(theirs, "meetings")!.items.map((i) => [i.title, i.notes, i.marks])).toEqual([
      ["Dashboard first", ["Your answer: Yes"], []],
      ["Dashboard second", [], ["Not answered"]],
      ["Dashboard third", [], ["Not answered"]],
    ]);
    expect(meetingTasks(theirs).map((task) => task.title)).toEqual(["Answer: Dashboard second", "Answer: Dashboard third", "Answer: Dashboard later"]);

    // Twenty-five more in April, ten of them answered: the same reads, the same three next, a task per one not answered.
    for (let day = 1; day <= 25; day++) {
      const id = await arrange(`Dashboard April ${day}`, `2030-04-${String(day).padStart(2, "0")}T14:00:00.000Z`);
      if (day <= 10) await answer(id, member.cookie, "yes");
    }
    const many = await dashboard(member.cookie);
    expect(many.statements).toBe(few.statements);
    expect(section(many.body, "meetings")!.items.map((i) => i.id)).toEqual([first, second, third]);
    expect(meetingTasks(many.body)).toHaveLength(2 + 15);
    expect(meetingTasks(many.body).at(-1)!.title).toBe("Answer: Dashboard April 25");
  });
});

describe("listings to confirm", () => {
  it("asks an owner about each listing no owner checked within the interval, with the reminder's one-click link while it works, until confirmed", async () => {
    const owner = await ownerOf(1, "Unchecked Books", true);
    const [business] = owner.businesses;
    const task = async () => (await dashboard(owner.cookie)).body.tasks.find((tk) => tk.id === `listing-checked-${business!.id}`);
    // Owned from today: nothing to ask yet.
    expect(await task()).toBeUndefined();

    // Owned for 200 days, never confirmed (the interval is 90 days unless changed).
    await t.database.db.updateTable("business_owner").set({ createdAt: new Date(Date.now() - 200 * 24 * HOUR).toISOString() }).where("businessId", "=", business!.id).execute();
    expect(await task()).toEqual({
      id: `listing-checked-${business!.id}`,
      title: `Is the listing of ${business!.name} still right?`,
      detail: "No owner has confirmed or changed it in the last 90 days.",
      href: "/mybusiness",
      action: "Check it on My Business",
    });

    // A reminder whose link is over (30 days) changes nothing; one that works is the task's link.
    const remind = async (period: string, daysAgo: number) => {
      const token = `${period}-${newId()}`;
      await t.database.db.insertInto("listing_reminder").values({ businessId: business!.id, period, token, sentAt: new Date(Date.now() - daysAgo * 24 * HOUR).toISOString(), confirmedAt: null }).execute();
      return token;
    };
    await remind("old", 45);
    expect((await task())!.href).toBe("/mybusiness");
    const token = await remind("recent", 2);
    expect(await task()).toMatchObject({ href: `/listings/confirm/${token}`, action: "Confirm it or update it" });

    // Another owner's dashboard does not ask about it.
    expect(JSON.stringify((await dashboard((await ownerOf(1, "Other Books", true)).cookie)).body.tasks)).not.toContain(business!.name);

    expect((await t.request("/api/v1/listings/confirm", { method: "POST", json: { token } })).status).toBe(200);
    expect(await task()).toBeUndefined();
  });
});

describe("who sees what", () => {
  it("refuses anonymous requests, and shows each person only their own businesses and what members may read", async () => {
    const a = await ownerOf(1, "Matrix A");
    const b = await ownerOf(1, "Matrix B");
    const user = await t.signIn("user");
    await publish("For members");

    for (const path of ["/api/v1/me/dashboard", "/api/v1/me/onboarding"]) expect((await t.request(path)).status).toBe(401);

    const plain = (await dashboard(user.cookie)).body;
    expect(plain.member).toBe(false);
    expect(plain.sections).toEqual([]);

    for (const [member, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const seen = (await dashboard(member.cookie)).body;
      expect(seen.member).toBe(true);
      expect(section(seen, "businesses")!.items.map((i) => i.title)).toEqual([member.businesses[0]!.name]);
      expect(JSON.stringify(seen)).not.toContain(other.businesses[0]!.name);
      expect(section(seen, "announcements")!.items.map((i) => i.title)).toContain("For members");
    }

    const administrator = (await dashboard(admin.cookie)).body;
    expect(administrator.member).toBe(true);
    expect(section(administrator, "announcements")).toBeDefined();
    expect(section(administrator, "businesses")).toBeUndefined();
    expect(JSON.stringify(administrator)).not.toContain("Matrix");
    expect((await onboarding(admin.cookie)).applies).toBe(false);
    expect((await onboarding(user.cookie)).applies).toBe(false);
  });
});

describe("onboarding", () => {
  it("reads each step from the person's data, so they come back to where they stopped, and lands them on it until done", async () => {
    const signUp = await t.signIn("user");
    await t.database.db.updateTable("user").set({ accountType: "business" }).where("id", "=", signUp.user.id).execute();
    const steps = async () => {
      const o = await onboarding(signUp.cookie);
      return { applies: o.applies, current: o.current, done: o.steps.filter((s) => s.done).map((s) => s.id) };
    };

    expect(await steps()).toEqual({ applies: true, current: "business", done: ["verify-email"] });
    expect(await t.services.dashboard.landing(signUp.user)).toBe("/myqsa/profile-setup");
    const open = (await dashboard(signUp.cookie)).body.tasks.map((task) => task.href);
    expect(open).toEqual(["/myqsa/profile-setup?step=business", "/myqsa/profile-setup?step=listing", "/myqsa/profile-setup?step=notifications"]);

    // A claim waiting for approval does the step; the listing waits for the business to be theirs.
    const business = await createBusiness(t.database.db, { name: "Claimed Books", categoryId });
    await waitingRequest(signUp.user.id, business, "claim");
    expect(await steps()).toEqual({ applies: true, current: "notifications", done: ["verify-email", "business"] });
    expect(section((await dashboard(signUp.cookie)).body, "businesses")!.items).toMatchObject([{ title: "Claimed Books", detail: "Your claim is waiting for approval." }]);

    expect((await t.request("/api/v1/me/notifications", { method: "PUT", json: { announcements: "at once" }, cookie: signUp.cookie })).status).toBe(200);
    expect(await steps()).toEqual({ applies: true, current: "listing", done: ["verify-email", "business", "notifications"] });
  });

  it("lands an owner with a waiting change on /mybusiness, any other owner on the dashboard, a visitor on /myaccount", async () => {
    const waiting = await ownerOf(1, "Landing Waits", true);
    const settled = await t.signIn("business");
    const business = await createBusiness(t.database.db, { name: "Landing Settled", categoryId });
    await t.database.db.insertInto("business_owner").values({ businessId: business.id, userId: settled.user.id, createdAt: now() }).execute();

    expect(await t.services.dashboard.landing(waiting.user)).toBe("/mybusiness");
    expect(await t.services.dashboard.landing(settled.user)).toBe("/myqsa/dashboard");
    expect(await t.services.dashboard.landing((await t.signIn("business")).user)).toBe("/mybusiness");
    expect(await t.services.dashboard.landing((await t.signIn("user")).user)).toBe("/myaccount");
    expect(await t.services.dashboard.landing(admin.user)).toBe("/admin");
  });
});

describe("the dashboard in the person's language", () => {
  it("speaks French to an account in French (or a browser that chose it), its dates in Québec's way, and English to others", async () => {
    const member = await ownerOf(1, "Boutique Fr");
    await publish("Annonce en français");
    await arrange("Réunion d'automne", "2030-10-04T22:00:00.000Z");
    expect((await t.request("/api/v1/account/language", { method: "PUT", json: { language: "fr" }, cookie: member.cookie })).status).toBe(200);

    const french = (await dashboard(member.cookie)).body;
    expect(french.sections.map((s) => s.title)).toEqual(expect.arrayContaining(["Dernières annonces", "Prochaines réunions", "Vos entreprises"]));
    const meetings = section(french, "meetings")!;
    expect(meetings.link).toEqual({ href: "/myqsa/meetings", label: "Toutes les réunions" });
    expect(meetings.items.flatMap((m) => m.marks)).toContain("Sans réponse");
    expect(french.tasks).toContainEqual(expect.objectContaining({ title: "Répondre : Réunion d'automne", detail: "vendredi 4 octobre 2030, 18 h – 20 h HAE · Town hall", action: "Voir la réunion" }));
    expect(section(french, "businesses")!.items[0]).toMatchObject({ title: "Boutique Fr 01", marks: ["1 en attente"], notes: ["Modifications de la fiche en attente d'approbation"] });
    expect(section(french, "announcements")!.items.find((a) => a.title === "Annonce en français")?.marks).toEqual(["Non lue"]);

    // Back to the site's default: the person's browser's choice (its cookie) speaks, else English.
    expect((await t.request("/api/v1/account/language", { method: "PUT", json: { language: null }, cookie: member.cookie })).status).toBe(200);
    expect(section((await dashboard(`${member.cookie}; niche_lang=fr`)).body, "meetings")!.title).toBe("Prochaines réunions");
    const english = (await dashboard(member.cookie)).body;
    expect(section(english, "meetings")).toMatchObject({ title: "Next meetings", link: { href: "/myqsa/meetings", label: "All meetings" } });
    expect(section(english, "businesses")!.items[0]).toMatchObject({ marks: ["1 waiting"], notes: ["Listing changes waiting for approval"] });
  });

  it("gives an announcement's French title to an account in French, and marks one without a translation as English", async () => {
    const member = await ownerOf(1, "Boutique Traduite");
    const translated = await t.request("/api/v1/announcements", {
      method: "POST",
      json: { title: "Street fair", body: "<p>Saturday.</p>", publishAt: new Date(Date.now() - HOUR).toISOString(), translations: { fr: { title: "Fête de rue" } } },
      cookie: admin.cookie,
    });
    expect(translated.status).toBe(201);
    await publish("Parking notice");
    expect((await t.request("/api/v1/account/language", { method: "PUT", json: { language: "fr" }, cookie: member.cookie })).status).toBe(200);
    const items = section((await dashboard(member.cookie)).body, "announcements")!.items;
    expect(items.find((a) => a.title === "Fête de rue")?.lang).toBeUndefined();
    expect(items.find((a) => a.title === "Parking notice")?.lang).toBe("en");
    expect(items.some((a) => a.title === "Street fair")).toBe(false);
  });
});
