// Announcements as administrators write them and members read them: per-field errors, sanitized bodies, the order,
// scheduling, and the publication mail through a real SMTP server (once per member, with a plain-text part).
import { pino } from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { createBusiness } from "#server/db/factories.ts";
import { createMailer } from "#server/mail/mailer.ts";
import { invalidOf, setUp, setUpSignIn, setUpTestApp } from "#tests/setup/app.ts";
import { signInOwnerOf } from "#tests/setup/owners.ts";
import { makeImage } from "#tests/fixtures/images.ts";
import { startSmtpReceiver, type SmtpReceiver } from "#tests/setup/smtp-receiver.ts";
import { ANNOUNCEMENT_MAIL_JOB } from "./announcement-mail.ts";
import { notificationMessages } from "#shared/schemas/notification-preferences.ts";

let receiver: SmtpReceiver;
const t = setUpTestApp(async () => {
  receiver = await startSmtpReceiver();
  return { mailer: createMailer({ smtpUrl: receiver.url, from: "site@example.com", outboxDir: "/nonexistent", logger: pino({ level: "silent" }) }) };
});
afterAll(() => receiver?.close());
const admin = setUpSignIn(t, "admin");
const members = setUp(async () => {
  const a = await createBusiness(t.database.db, { name: "Mail A" });
  const b = await createBusiness(t.database.db, { name: "Mail B" });
  const c = await createBusiness(t.database.db, { name: "Mail C" });
  return { a: await signInOwnerOf(t, admin.cookie, a.id), b: await signInOwnerOf(t, admin.cookie, b.id), c: await signInOwnerOf(t, admin.cookie, c.id) };
});
const plainUser = setUpSignIn(t, "user");

const asAdmin = (path: string, init: { method?: string; json?: unknown } = {}) => t.request(path, { ...init, cookie: admin.cookie });
const at = (ms: number) => new Date(Date.now() + ms).toISOString();
const mailsTo = (to: string, title: string) => receiver.inbox.filter((m) => m.to.includes(to.toLowerCase()) && m.subject.includes(title));

describe("announcements (administrators write, members read)", () => {
  it("refuses bad input with a message beside each field at fault", async () => {
    const missing = await invalidOf(await asAdmin("/api/v1/announcements", { method: "POST", json: { title: " ", body: "" } }));
    expect(missing.fields).toMatchObject({ title: "Title is required.", body: "Body is required." });
    const badTime = await invalidOf(await asAdmin("/api/v1/announcements", { method: "POST", json: { title: "x", body: "<p>x</p>", publishAt: "next Tuesday" } }));
    expect(badTime.fields).toEqual({ publishAt: "Publish at must be a date and time." });
    // A body the sanitizer empties is no body.
    const emptied = await invalidOf(await asAdmin("/api/v1/announcements", { method: "POST", json: { title: "x", body: "<script>alert(1)</script>" } }));
    expect(emptied.fields).toEqual({ body: "Body is required." });
  });

  it("sanitizes the body before it is stored", async () => {
    const response = await asAdmin("/api/v1/announcements", { method: "POST", json: { title: "Clean", body: '<p onclick="x()">Hi<script>alert(1)</script> <strong>all</strong></p>' } });
    expect(response.status).toBe(201);
    const saved = await response.json();
    expect(saved).toMatchObject({ body: "<p>Hi <strong>all</strong></p>", status: "draft", publishAt: null, pinned: false, archived: false });
    const stored = await t.database.db.selectFrom("announcement").select("body").where("id", "=", saved.id).executeTakeFirstOrThrow();
    expect(stored.body).toBe("<p>Hi <strong>all</strong></p>");
  });

  it("lists pinned ones first, then newest first, and counts the unread", async () => {
    const make = (title: string, publishAt: string, pinned = false) => asAdmin("/api/v1/announcements", { method: "POST", json: { title, body: `<p>${title}</p>`, publishAt, pinned } });
    await make("Order old", at(-3 * 3_600_000));
    await make("Order pinned", at(-5 * 3_600_000), true);
    await make("Order new", at(-3_600_000));
    const list = await (await t.request("/api/v1/announcements", { cookie: members.a.cookie })).json();
    const titles = (list.items as Array<{ title: string }>).map((a) => a.title).filter((title) => title.startsWith("Order"));
    expect(titles).toEqual(["Order pinned", "Order new", "Order old"]);
    expect(list.unread).toBe(list.items.length);
  });

  it("keeps a scheduled one from members until its time, and mails it when the job finds it due", async () => {
    const response = await asAdmin("/api/v1/announcements", { method: "POST", json: { title: "Later news", body: "<p>Soon</p>", publishAt: at(2_000) } });
    const { id, status } = await response.json();
    expect(status).toBe("scheduled");
    expect((await t.request(`/api/v1/announcements/${id}`, { cookie: members.a.cookie })).status).toBe(404);
    expect(mailsTo(members.a.user.email, "Later news")).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await t.request(`/api/v1/announcements/${id}`, { cookie: members.a.cookie })).status).toBe(200);
    await t.services.jobs.runNow(ANNOUNCEMENT_MAIL_JOB);
    await receiver.waitFor(members.a.user.email, /Later news/);
  });

  it("mails one published at once to each member who wants it at once, once, saying why and linking to the preferences", async () => {
    // Member C wants announcements in the weekly digest; member B wants none.
    expect((await t.request("/api/v1/me/notifications", { method: "PUT", json: { announcements: "in a weekly digest" }, cookie: members.c.cookie })).status).toBe(200);
    expect((await t.request("/api/v1/me/notifications", { method: "PUT", json: { announcements: "off" }, cookie: members.b.cookie })).status).toBe(200);
    const response = await asAdmin("/api/v1/announcements", { method: "POST", json: { title: "Street fair", body: "<p>Join us <strong>Saturday</strong>.</p>", publishAt: at(-1_000) } });
    const { id } = await response.json();
    // Saving does not wait for the mail: it makes the mail job due, for whichever instance looks first.
    const job = (await t.services.jobs.stats()).find((j) => j.name === ANNOUNCEMENT_MAIL_JOB);
    expect(job?.state).toBe("due");
    expect(mailsTo(members.a.user.email, "Street fair")).toHaveLength(0);
    await t.services.jobs.runNow(ANNOUNCEMENT_MAIL_JOB);
    const mail = await receiver.waitFor(members.a.user.email, /Street fair/);
    await receiver.waitFor(admin.email, /Street fair/);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.text).toContain("Join us Saturday.");
    expect(mail.text).toContain("because you are a member");
    expect(receiver.linkIn(mail, "http://localhost:3000/myaccount")).toBe("http://localhost:3000/myaccount#notifications");
    expect(receiver.linkIn(mail, "http://localhost:3000/myqsa/")).toBe(`http://localhost:3000/myqsa/announcements/${id}`);
    // The job running again (another instance, the next minute) mails no one twice; saving it again neither.
    await t.services.jobs.runNow(ANNOUNCEMENT_MAIL_JOB);
    await asAdmin(`/api/v1/announcements/${id}`, { method: "PUT", json: { title: "Street fair", body: "<p>Join us.</p>", publishAt: at(-1_000) } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(members.a.user.email, "Street fair")).toHaveLength(0);
    expect(mailsTo(members.b.user.email, "Street fair")).toHaveLength(0);
    expect(mailsTo(members.c.user.email, "Street fair")).toHaveLength(0);
    // Not a member, not mailed.
    expect(mailsTo(plainUser.email, "Street fair")).toHaveLength(0);
  });

  it("shows its image on the member's page and in the mail, from this site's address", async () => {
    const upload = await t.services.files.upload({ user: admin.user, kind: "postImage", fileName: "fair.png", bytes: await makeImage("png") });
    const response = await asAdmin("/api/v1/announcements", { method: "POST", json: { title: "Pictured news", body: "<p>See the picture.</p>", publishAt: at(-1_000), imagePath: upload.fullPath } });
    expect(response.status).toBe(201);
    const { id, imageUrl } = await response.json();
    expect(imageUrl).toMatch(/^\/files\//);
    expect((await (await t.request(`/api/v1/announcements/${id}`, { cookie: members.a.cookie })).json()).imageUrl).toBe(imageUrl);
    expect((await t.request(imageUrl)).status).toBe(200);
    await t.services.jobs.runNow(ANNOUNCEMENT_MAIL_JOB);
    const mail = await receiver.waitFor(members.a.user.email, /Pictured news/);
    expect(mail.parts.html).toContain(`<img src="http://localhost:3000${imageUrl}" alt=""`);
  });

  it("reading marks it read for that member, and the unread count drops by one", async () => {
    const { id } = await (await asAdmin("/api/v1/announcements", { method: "POST", json: { title: "To read", body: "<p>x</p>", publishAt: at(-1_000) } })).json();
    const unread = async () => (await (await t.request("/api/v1/announcements", { cookie: members.b.cookie })).json()).unread as number;
    const before = await unread();
    expect((await t.request(`/api/v1/announcements/${id}/read`, { method: "POST", cookie: members.b.cookie })).status).toBe(204);
    expect(await unread()).toBe(before - 1);
    // Reading it again changes nothing.
    expect((await t.request(`/api/v1/announcements/${id}/read`, { method: "POST", cookie: members.b.cookie })).status).toBe(204);
    expect(await unread()).toBe(before - 1);
  });

  it("the header's count follows every write at once, and a scheduled one once its time comes with no write", async () => {
    const count = () => t.services.announcements.unreadCount(members.c.user);
    const before = await count();
    expect(before).toEqual(expect.any(Number));
    expect(await count()).toBe(before);
    const soon = await (await asAdmin("/api/v1/announcements", { method: "POST", json: { title: "Out soon", body: "<p>x</p>", publishAt: at(1_500) } })).json();
    expect(await count()).toBe(before);
    const { id } = await (await asAdmin("/api/v1/announcements", { method: "POST", json: { title: "Out now", body: "<p>x</p>", publishAt: at(-1_000) } })).json();
    expect(await count()).toBe(before! + 1);
    expect((await t.request(`/api/v1/announcements/${id}/read`, { method: "POST", cookie: members.c.cookie })).status).toBe(204);
    expect(await count()).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, Date.parse(soon.publishAt) - Date.now() + 50));
    expect(await count()).toBe(before! + 1);
    // Not a member once they own no business: no count at all.
    await t.database.db.deleteFrom("business_owner").where("userId", "=", members.c.user.id).execute();
    expect(await count()).toBeNull();
  });

  it("archiving takes it off the members' list; deleting removes it", async () => {
    const { id } = await (await asAdmin("/api/v1/announcements", { method: "POST", json: { title: "Old news", body: "<p>x</p>", publishAt: at(-1_000) } })).json();
    const archived = await asAdmin(`/api/v1/announcements/${id}`, { method: "PUT", json: { title: "Old news", body: "<p>x</p>", publishAt: at(-1_000), archived: true } });
    expect(await archived.json()).toMatchObject({ status: "archived", archived: true });
    const list = await (await t.request("/api/v1/announcements", { cookie: members.a.cookie })).json();
    expect((list.items as Array<{ id: string }>).some((a) => a.id === id)).toBe(false);
    expect((await asAdmin(`/api/v1/announcements/${id}`, { method: "DELETE" })).status).toBe(204);
    expect((await asAdmin(`/api/v1/announcements/${id}`)).status).toBe(404);
  });
});

describe("notification preferences", () => {
  it("are the signed-in person's own, default to at once, and refuse an unknown choice beside its kind", async () => {
    expect((await t.request("/api/v1/me/notifications")).status).toBe(401);
    const mine = await (await t.request("/api/v1/me/notifications", { cookie: plainUser.cookie })).json();
    expect(mine).toEqual({ announcements: "at once", meetings: "at once", minutes: "at once", requestsDecided: "at once", insights: "at once", freshness: "at once", volunteering: "at once", surveys: "at once" });
    const bad = await invalidOf(await t.request("/api/v1/me/notifications", { method: "PUT", json: { meetings: "hourly" }, cookie: plainUser.cookie }));
    expect(bad.fields).toEqual({ meetings: "Choose at once, in a weekly digest or off." });
    const changed = await (await t.request("/api/v1/me/notifications", { method: "PUT", json: { minutes: "off" }, cookie: plainUser.cookie })).json();
    expect(changed).toEqual({ announcements: "at once", meetings: "at once", minutes: "off", requestsDecided: "at once", insights: "at once", freshness: "at once", volunteering: "at once", surveys: "at once" });
    // A change names one kind at least, and nothing else.
    const none = await t.request("/api/v1/me/notifications", { method: "PUT", json: {}, cookie: plainUser.cookie });
    expect(none.status).toBe(400);
    expect(JSON.stringify(await none.json())).toContain(notificationMessages.nothingChosen);
    expect((await t.request("/api/v1/me/notifications", { method: "PUT", json: { minutes: "at once", digestDay: "Monday" }, cookie: plainUser.cookie })).status).toBe(400);
    expect((await (await t.request("/api/v1/me/notifications", { cookie: plainUser.cookie })).json()).minutes).toBe("off");
    // Someone else's are untouched.
    expect((await (await t.request("/api/v1/me/notifications", { cookie: members.a.cookie })).json()).minutes).toBe("at once");
  });
});
