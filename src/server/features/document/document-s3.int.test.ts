// The library with S3 configured: a members-only file lives in a private bucket and reaches a member only through the
// API, which reads it with the server's own credentials (proxied); nobody is handed the object's address.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, expect, it } from "vitest";
import { createBusiness } from "#server/db/factories.ts";
import { parseEnv } from "#server/env.ts";
import { storageFromEnv, type StorageSetup } from "#server/storage/storage-config.ts";
import { DOCX } from "#tests/fixtures/documents.ts";
import { setUp, setUpSignIn, setUpTestApp } from "#tests/setup/app.ts";
import { createDocument } from "#tests/setup/documents.ts";
import { signInOwnerOf } from "#tests/setup/owners.ts";

let server: S3rver;
let dir: string;
let storage: StorageSetup;

const t = setUpTestApp(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "niche-s3rver-documents-"));
  server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: dir });
  const { port } = await server.run();
  const env = parseEnv({ S3_BUCKET: "niche-library", S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_REGION: "us-east-1", S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" });
  storage = await storageFromEnv(env, dir);
  await storage.prepare();
  return { store: storage.store };
});
const admin = setUpSignIn(t, "admin");
const plainUser = setUpSignIn(t, "user");
const member = setUp(async () => signInOwnerOf(t, admin.cookie, (await createBusiness(t.database.db, { name: "S3 member" })).id));

afterAll(async () => {
  storage?.close();
  await server?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

it("keeps a members-only file in the bucket and sends it to members only, through the API", async () => {
  const id = await createDocument(t, admin.cookie, { title: "Minutes in the bucket", visibility: "members" }, { bytes: DOCX, filename: "minutes.docx" });
  const { filePath } = (await (await t.request(`/api/v1/documents/${id}`, { cookie: admin.cookie })).json()) as { filePath: string };
  expect(Buffer.from((await storage.store.get(filePath))!).equals(DOCX)).toBe(true);

  const download = await t.request(`/api/v1/documents/${id}/file`, { cookie: member.cookie });
  expect(download.status).toBe(200);
  expect(download.headers.get("content-disposition")).toBe('attachment; filename="minutes.docx"');
  expect(download.headers.get("cache-control")).toBe("private, no-store");
  expect(Buffer.from(await download.arrayBuffer()).equals(DOCX)).toBe(true);

  for (const cookie of [undefined, plainUser.cookie]) {
    expect((await t.request(`/api/v1/documents/${id}/file`, { cookie })).status).toBe(404);
    expect((await t.request(`/files/${filePath}`, { cookie })).status).toBe(404);
  }
  // Nothing the API answers names the bucket or the object's address.
  const listed = await (await t.request("/api/v1/documents", { cookie: member.cookie })).text();
  expect(listed).not.toContain("niche-library");
  expect(listed).not.toContain(filePath);
});
