// The library over the API: what files it takes (by their bytes), how they are downloaded, the form's messages per
// field, searching and attachments.
import { describe, expect, it } from "vitest";
import { makeImage } from "#tests/fixtures/images.ts";
import { CSV, DOCX, HTML_AS_PDF, PDF, PPTX, XLSX } from "#tests/fixtures/documents.ts";
import { setUpSignIn, setUpTestApp } from "#tests/setup/app.ts";
import { createDocument, uploadDocumentFile } from "#tests/setup/documents.ts";
import { createUpload, fileState, sendUpload } from "#tests/setup/uploads.ts";

const t = setUpTestApp();
const admin = setUpSignIn(t, "admin");

type Refusal = { error: { message: string; fields?: Record<string, string> } };
const REFUSED_TYPE = "This kind of file cannot be uploaded here, or its contents are not what its name says. Please choose a PDF, DOCX, XLSX, PPTX, CSV, PNG, JPEG, GIF or WEBP file.";

describe("document uploads", () => {
  it("takes PDF, DOCX, XLSX, PPTX, CSV and images, each as the type its bytes show, kept byte for byte", async () => {
    const files = [
      [PDF, "report.pdf", "application/pdf"],
      [DOCX, "letter.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
      [XLSX, "budget.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
      [PPTX, "slides.pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation"],
      [CSV, "budget.csv", "text/csv"],
      [await makeImage("png", 200, 100), "plan.png", "image/png"],
    ] as const;
    for (const [bytes, filename, type] of files) {
      const sent = await sendUpload(t, admin.cookie, bytes, { kind: "document", filename });
      expect(sent.status, filename).toBe(200);
      const stored = (await sent.json()) as { fullPath: string; contentType: string };
      expect(stored.contentType, filename).toBe(type);
      expect(stored.fullPath, filename).toMatch(/^documents\//);
      expect(Buffer.from((await t.services.files.read(stored.fullPath))!.body).equals(Buffer.from(bytes)), filename).toBe(true);
    }
  });

  it("refuses a disguised file (an HTML page named .pdf or .csv, a text file named .docx) beside the file field", async () => {
    for (const [bytes, filename] of [
      [HTML_AS_PDF, "minutes.pdf"],
      [HTML_AS_PDF, "minutes.csv"],
      [Buffer.from("plain words"), "letter.docx"],
      [Buffer.from("a,b\n1,\u0000\n"), "nul.csv"],
    ] as const) {
      const sent = await sendUpload(t, admin.cookie, bytes, { kind: "document", filename });
      expect(sent.status, filename).toBe(400);
      const body = (await sent.json()) as Refusal;
      expect(body.error.fields?.file, filename).toBe(REFUSED_TYPE);
    }
  });

  it("refuses a file over 25 MB before any byte is sent, and lets only administrators upload", async () => {
    const big = await createUpload(t, admin.cookie, 25 * 1024 * 1024 + 1, { kind: "document", filename: "huge.pdf" });
    // The largest kind's limit is the tus endpoint's own: it answers 413 Payload Too Large.
    expect(big.status).toBe(413);
    const user = await t.signIn("business");
    expect((await createUpload(t, user.cookie, 100, { kind: "document", filename: "a.pdf" })).status).toBe(403);
  });
});

describe("documents", () => {
  it("downloads as an attachment under its original name, with its type, nosniff and a sandboxing policy", async () => {
    const id = await createDocument(t, admin.cookie, { title: "Procès-verbal", visibility: "public" }, { bytes: DOCX, filename: "Procès-verbal (mars).docx" });
    const response = await t.request(`/api/v1/documents/${id}/file`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="Proc_s-verbal (mars).docx"; filename*=UTF-8''Proc%C3%A8s-verbal%20%28mars%29.docx`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(Buffer.from(await response.arrayBuffer()).equals(DOCX)).toBe(true);
    const item = (await (await t.request(`/api/v1/documents/${id}`)).json()) as { fileName: string; size: number; url: string };
    expect(item).toMatchObject({ fileName: "Procès-verbal (mars).docx", size: DOCX.byteLength, url: `/api/v1/documents/${id}/file` });
  });

  it("says beside each field what is wrong, and refuses a file that is no library upload", async () => {
    const bad = await t.request("/api/v1/documents", { method: "POST", cookie: admin.cookie, json: { title: " ", date: "1 March", visibility: "secret" } });
    expect(bad.status).toBe(400);
    const fields = ((await bad.json()) as Refusal).error.fields!;
    expect(fields).toMatchObject({ title: "Title is required.", date: "Date must be a date.", filePath: "File is required.", visibility: "Visibility must be Members or Public." });
    const image = await sendUpload(t, admin.cookie, await makeImage("png"), { kind: "postImage", filename: "x.png" });
    const notLibrary = ((await image.json()) as { fullPath: string }).fullPath;
    const refused = await t.request("/api/v1/documents", { method: "POST", cookie: admin.cookie, json: { title: "X", date: "2026-01-01", filePath: notLibrary } });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as Refusal).error.fields?.filePath).toBe("The file is not one of your uploads to the library. Please upload it again.");
  });

  it("refuses a file another document holds, and replaces and deletes a document's file with it", async () => {
    const id = await createDocument(t, admin.cookie, { title: "Holder", visibility: "members" });
    const held = ((await (await t.request(`/api/v1/documents/${id}`, { cookie: admin.cookie })).json()) as { filePath: string }).filePath;
    const other = await t.request("/api/v1/documents", { method: "POST", cookie: admin.cookie, json: { title: "Thief", date: "2026-01-01", filePath: held } });
    expect(((await other.json()) as Refusal).error.fields?.filePath).toBe("This file already belongs to another document. Please upload a copy of it for this one.");
    const fresh = await uploadDocumentFile(t, admin.cookie, CSV, "new.csv");
    const updated = await t.request(`/api/v1/documents/${id}`, { method: "PUT", cookie: admin.cookie, json: { title: "Holder", date: "2026-01-01", filePath: fresh } });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ fileName: "new.csv", contentType: "text/csv" });
    expect(await fileState(t, held)).toBe("gone");
    expect(await fileState(t, fresh)).toBe("attached");
    expect((await t.request(`/api/v1/documents/${id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(204);
    expect(await fileState(t, fresh)).toBe("gone");
  });

  it("finds documents by tag and by words of their title, summary and tags, newest first", async () => {
    await createDocument(t, admin.cookie, { title: "Annual report 2025", summary: "Membership and finances", tags: ["Reports"], date: "2025-12-31", visibility: "public" });
    await createDocument(t, admin.cookie, { title: "Streetscape study", summary: "Parking along Queen Street", tags: ["studies", "reports"], date: "2026-01-15", visibility: "public" });
    const titles = async (query: string) => ((await (await t.request(`/api/v1/documents?${query}`)).json()) as { items: Array<{ title: string }> }).items.map((d) => d.title);
    expect(await titles("tag=reports")).toEqual(["Streetscape study", "Annual report 2025"]);
    expect(await titles("q=queen+parking")).toEqual(["Streetscape study"]);
    expect(await titles("q=finances")).toEqual(["Annual report 2025"]);
    const { tags } = (await (await t.request("/api/v1/documents")).json()) as { tags: string[] };
    expect(tags).toEqual(expect.arrayContaining(["Reports", "studies"]));
  });

  it("lists a meeting's attachments, and deletes them with it", async () => {
    const owner = { kind: "meeting", id: "meeting-1" } as const;
    await createDocument(t, admin.cookie, { title: "Agenda", visibility: "members", attachedTo: owner });
    const listed = (await (await t.request("/api/v1/documents?attachedKind=meeting&attachedId=meeting-1", { cookie: admin.cookie })).json()) as { items: Array<{ title: string; attachedTo: unknown }> };
    expect(listed.items).toEqual([expect.objectContaining({ title: "Agenda", attachedTo: owner })]);
    expect((await t.services.documents.attachmentsOf(null, owner)).length).toBe(0);
    await t.services.documents.deleteAttachmentsOf(owner);
    expect((await t.services.documents.attachmentsOf(admin.user, owner)).length).toBe(0);
  });
});
