// Files attached to an announcement are library documents: listed with it for the member reading it, downloaded by
// those who may read them (a members-only one stays members-only, even with its address), named in the publication
// mail, and deleted with it.
import { describe, expect, it } from "vitest";
import { createBusiness } from "#server/db/factories.ts";
import { invalidOf, setUp, setUpSignIn } from "#tests/setup/app.ts";
import { createDocument, uploadDocumentFile } from "#tests/setup/documents.ts";
import { setUpTestAppWithMail } from "#tests/setup/mail-app.ts";
import { signInOwnerOf } from "#tests/setup/owners.ts";
import { ANNOUNCEMENT_MAIL_JOB } from "./announcement-mail.ts";

const { t, mail } = setUpTestAppWithMail();
const admin = setUpSignIn(t, "admin");
const plainUser = setUpSignIn(t, "user");
const member = setUp(async () => signInOwnerOf(t, admin.cookie, (await createBusiness(t.database.db, { name: "Attach A" })).id));

describe("an announcement's attachments", () => {
  it("are listed with it and downloaded by members; a members-only one is refused to anyone else; the mail names them", async () => {
    const created = await t.request("/api/v1/announcements", { method: "POST", cookie: admin.cookie, json: { title: "Budget vote", body: "<p>Read the budget first.</p>", publishAt: new Date(Date.now() + 60_000).toISOString() } });
    const { id } = await created.json();
    const budget = await createDocument(t, admin.cookie, { title: "Budget 2026", visibility: "members", attachedTo: { kind: "announcement", id } }, { filename: "budget.pdf" });
    const flyer = await createDocument(t, admin.cookie, { title: "Street fair flyer", visibility: "public", attachedTo: { kind: "announcement", id } }, { filename: "flyer.pdf" });
    // Published now: the mail goes with its attachments named.
    await t.request(`/api/v1/announcements/${id}`, { method: "PUT", cookie: admin.cookie, json: { title: "Budget vote", body: "<p>Read the budget first.</p>", publishAt: new Date(Date.now() - 1_000).toISOString() } });

    const seen = await (await t.request(`/api/v1/announcements/${id}`, { cookie: member.cookie })).json();
    expect((seen.attachments as Array<{ title: string; fileName: string; url: string }>).map((a) => [a.title, a.fileName, a.url]).sort()).toEqual([
      ["Budget 2026", "budget.pdf", `/api/v1/documents/${budget}/file`],
      ["Street fair flyer", "flyer.pdf", `/api/v1/documents/${flyer}/file`],
    ]);
    // Lists do not carry them.
    expect((await (await t.request("/api/v1/announcements", { cookie: member.cookie })).json()).items[0].attachments).toBeUndefined();

    const download = await t.request(`/api/v1/documents/${budget}/file`, { cookie: member.cookie });
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Disposition")).toMatch(/^attachment;.*budget\.pdf/);
    expect(Buffer.from(await download.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");
    // Not a member, or not signed in: the members-only file is not there, even with its address; the public one is.
    expect((await t.request(`/api/v1/documents/${budget}/file`, { cookie: plainUser.cookie })).status).toBe(404);
    expect((await t.request(`/api/v1/documents/${budget}/file`)).status).toBe(404);
    expect((await t.request(`/api/v1/documents/${flyer}/file`, { cookie: plainUser.cookie })).status).toBe(200);
    expect((await t.request(`/api/v1/announcements/${id}`, { cookie: plainUser.cookie })).status).toBe(403);

    await t.services.jobs.runNow(ANNOUNCEMENT_MAIL_JOB);
    const sent = (await mail.receiver.waitFor(member.user.email, /Budget vote/)).parts;
    expect(sent.text).toContain(`• Budget 2026 (budget.pdf): http://localhost:3000/api/v1/documents/${budget}/file`);
    expect(sent.html).toContain(`<a href="http://localhost:3000/api/v1/documents/${flyer}/file">Street fair flyer</a> (flyer.pdf)`);

    // Deleted with the announcement.
    expect((await t.request(`/api/v1/announcements/${id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(204);
    expect((await t.request(`/api/v1/documents/${budget}`, { cookie: admin.cookie })).status).toBe(404);
    expect((await t.request(`/api/v1/documents/${flyer}/file`)).status).toBe(404);
  });

  it("are uploaded in the announcement's form: each file becomes a members-only document of it; a file not uploaded is refused beside the field", async () => {
    const path = await uploadDocumentFile(t, admin.cookie, undefined, "minutes.pdf");
    const json = { title: "With minutes", body: "<p>Attached.</p>", publishAt: new Date(Date.now() - 1_000).toISOString() };
    const refused = await t.request("/api/v1/announcements", { method: "POST", cookie: admin.cookie, json: { ...json, attachments: JSON.stringify([{ path: "documents/someone-else.pdf", title: "Not mine" }]) } });
    expect(refused.status).toBe(400);
    expect((await invalidOf(refused)).fields).toEqual({ attachments: "The file is not one of your uploads to the library. Please upload it again." });
    // Refused before anything is saved: no announcement half made.
    const titles = (await (await t.request("/api/v1/admin/announcements", { cookie: admin.cookie })).json()).items.map((a: { title: string }) => a.title);
    expect(titles).not.toContain("With minutes");
    const tooMany = await t.request("/api/v1/announcements", { method: "POST", cookie: admin.cookie, json: { ...json, attachments: Array.from({ length: 11 }, (_, i) => ({ path: `x${i}`, title: "x" })) } });
    expect((await invalidOf(tooMany)).fields).toEqual({ attachments: "Attach at most 10 files at a time, each uploaded in this form." });

    const created = await t.request("/api/v1/announcements", { method: "POST", cookie: admin.cookie, json: { ...json, attachments: JSON.stringify([{ path, title: "March minutes" }]) } });
    expect(created.status).toBe(201);
    const { id } = await created.json();
    const [attachment, ...others] = (await (await t.request(`/api/v1/announcements/${id}`, { cookie: member.cookie })).json()).attachments;
    expect(others).toHaveLength(0);
    expect(attachment).toMatchObject({ title: "March minutes", fileName: "minutes.pdf", visibility: "members" });
    expect((await t.request(attachment.url, { cookie: member.cookie })).status).toBe(200);
    expect((await t.request(attachment.url, { cookie: plainUser.cookie })).status).toBe(404);
  });
});
