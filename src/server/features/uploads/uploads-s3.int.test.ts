// The whole upload path with S3 configured (S3_* set): stored files go to a bucket on s3rver on loopback.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase } from "#tests/setup/database.ts";
import { makeNoisePng } from "#tests/fixtures/images.ts";
import type { CurrentUser } from "#server/auth/session.ts";
import type { Database } from "#server/db/database.ts";
import { buildUser } from "#server/db/factories.ts";
import { parseEnv } from "#server/env.ts";
import { FileService } from "#server/storage/file.service.ts";
import { storageFromEnv, type StorageSetup } from "#server/storage/storage-config.ts";
import { UploadService } from "./uploads.service.ts";

let server: S3rver;
let dir: string;
let database: Database;
let storage: StorageSetup;
let uploads: UploadService;
let files: FileService;
let user: CurrentUser;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "niche-s3rver-tus-"));
  server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: dir });
  const { port } = await server.run();
  const env = parseEnv({
    S3_BUCKET: "niche-uploads",
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
  });
  storage = await storageFromEnv(env, dir);
  await storage.prepare();
  database = await createTestDatabase();
  files = new FileService(database.db, storage.store, { quotaBytes: storage.quotaBytes });
  uploads = new UploadService({ files, datastore: storage.datastore });
  const row = buildUser();
  await database.db.insertInto("user").values(row).execute();
  user = { id: row.id, email: row.email, displayName: row.displayName, photoURL: null, role: "user", emailVerified: true };
});

afterAll(async () => {
  storage.close();
  await database.close();
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const TUS = { "Tus-Resumable": "1.0.0" };
const url = (p: string) => new URL(p, "http://localhost:3000").href;

it("resumes an upload and stores the re-encoded picture in the bucket", async () => {
  const bytes = await makeNoisePng(400, 400);
  const meta = `kind ${Buffer.from("profilePicture").toString("base64")},filename ${Buffer.from("me.png").toString("base64")}`;
  const created = await uploads.handle(
    new Request(url("/api/v1/uploads"), { method: "POST", headers: { ...TUS, "Upload-Length": String(bytes.byteLength), "Upload-Metadata": meta } }),
    user,
  );
  expect(created.status, await created.clone().text()).toBe(201);
  const location = url(created.headers.get("Location")!);
  const send = (offset: number, part: Uint8Array) =>
    uploads.handle(
      new Request(location, {
        method: "PATCH",
        headers: { ...TUS, "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" },
        body: part as Uint8Array<ArrayBuffer>,
      }),
      user,
    );
  expect((await send(0, bytes.subarray(0, 262144))).status).toBe(204);
  const head = await uploads.handle(new Request(location, { method: "HEAD", headers: TUS }), user);
  expect(head.headers.get("Upload-Offset")).toBe("262144");
  const done = await send(262144, bytes.subarray(262144));
  expect(done.status).toBe(200);
  const stored = (await done.json()) as { fullPath: string };
  const read = await files.read(stored.fullPath);
  expect(read?.contentType).toBe("image/webp");
  expect(await storage.store.get(stored.fullPath)).not.toBeNull();
});
