// One storage suite, run against the disk store and against a real S3-compatible server (s3rver) on loopback.
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "#tests/setup/database.ts";
import { makeImage } from "#tests/fixtures/images.ts";
import type { CurrentUser } from "../auth/session.ts";
import type { Database } from "../db/database.ts";
import { buildUser } from "../db/factories.ts";
import { AppError } from "../errors.ts";
import { FileService, fileUrl } from "./file.service.ts";
import { S3Store } from "./s3-store.ts";
import { DiskStore, type ObjectStore } from "./storage.ts";

interface StoreUnderTest {
  store: ObjectStore;
  stop(): Promise<void>;
}

async function diskStore(): Promise<StoreUnderTest> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "niche-disk-store-"));
  return { store: new DiskStore(dir), stop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

async function s3Store(): Promise<StoreUnderTest> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "niche-s3rver-"));
  const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: dir });
  const { port } = await server.run();
  const store = new S3Store({
    bucket: "niche-files",
    region: "us-east-1",
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    retryMs: 2_000,
  });
  await store.ensureBucket();
  return {
    store,
    stop: async () => {
      store.close();
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function expectAppError(promise: Promise<unknown>, status: number, message: string) {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  expect({ status: (error as AppError).status, message: (error as AppError).message }).toEqual({ status, message });
}

for (const [name, open] of [["disk", diskStore], ["S3 (s3rver)", s3Store]] as const) {
  describe(`file storage on ${name}`, () => {
    let database: Database;
    let target: StoreUnderTest;
    let files: FileService;
    let admin: CurrentUser;
    let member: CurrentUser;

    const userRow = async (role: "admin" | "user"): Promise<CurrentUser> => {
      const row = buildUser({ role });
      await database.db.insertInto("user").values(row).execute();
      return { id: row.id, email: row.email, displayName: row.displayName, photoURL: null, role, emailVerified: true };
    };

    beforeAll(async () => {
      database = await createTestDatabase();
      target = await open();
      files = new FileService(database.db, target.store, { quotaBytes: 200_000 });
      admin = await userRow("admin");
      member = await userRow("user");
    });
    afterAll(async () => {
      await target.stop();
      await database.close();
    });

    it("puts a file and gets the same bytes back, with the spec's metadata", async () => {
      const body = new TextEncoder().encode("hello storage");
      const saved = await files.save({ fullPath: "site_settings/hello_1.txt", body, contentType: "text/plain" });
      expect(saved.url).toBe("/files/site_settings/hello_1.txt");
      const read = await files.read("site_settings/hello_1.txt");
      expect(Buffer.from(read!.body).toString()).toBe("hello storage");
      expect(read!.contentType).toBe("text/plain");
      const meta = await files.getMetadata("site_settings/hello_1.txt");
      expect(meta).toMatchObject({
        bucket: target.store.bucket,
        fullPath: "site_settings/hello_1.txt",
        name: "hello_1.txt",
        size: 13,
        contentType: "text/plain",
        md5Hash: createHash("md5").update("hello storage").digest("base64"),
        customMetadata: {},
      });
      expect(Date.parse(meta.timeCreated)).not.toBeNaN();
      expect(Date.parse(meta.updated)).not.toBeNaN();
    });

    it("answers a missing object with the spec's message", async () => {
      expect(await files.read("markers_logos/nothing_1.webp")).toBeNull();
      await expectAppError(files.getMetadata("markers_logos/nothing_1.webp"), 404, "Object 'markers_logos/nothing_1.webp' does not exist.");
      await expectAppError(files.getDownloadUrl("markers_logos/nothing_1.webp"), 404, "Object 'markers_logos/nothing_1.webp' does not exist.");
    });

    it("stores an upload re-encoded with narrower copies, and replacing it deletes the old file and its copies", async () => {
      const first = await files.upload({ user: admin, kind: "logo", fileName: "logo.png", name: "Café Crème", bytes: await makeImage("png", 900, 300) });
      expect(first.fullPath).toMatch(/^markers_logos\/cafe-creme_\d{13}\.webp$/);
      expect(first.srcset).toContain(" 320w");
      const firstCopy = first.fullPath.replace(".webp", "_w320.webp");
      expect(await files.read(firstCopy)).not.toBeNull();

      const business = { logoStoragePath: (await files.attach({ user: admin, kind: "logo", fullPath: first.fullPath })).fullPath };
      const second = await files.upload({ user: admin, kind: "logo", fileName: "new.jpg", name: "Café Crème", bytes: await makeImage("jpeg") });
      const replaced = await files.replace({ user: admin, kind: "logo", fullPath: second.fullPath, previous: business.logoStoragePath });
      expect(replaced.url).toBe(fileUrl(second.fullPath));

      expect(await files.read(first.fullPath)).toBeNull();
      expect(await files.read(firstCopy)).toBeNull();
      expect(await target.store.get(first.fullPath)).toBeNull();
      const kept = await files.read(second.fullPath);
      expect(kept!.contentType).toBe("image/webp");
      expect((await sharp(kept!.body).metadata()).format).toBe("webp");
    });

    it("deletes an entity's files with it", async () => {
      const event = await files.upload({ user: admin, kind: "eventImage", fileName: "poster.webp", name: "Jazz Night", bytes: await makeImage("webp") });
      await files.attach({ user: admin, kind: "eventImage", fullPath: event.fullPath });
      await files.deleteForEntity(event.fullPath, null);
      expect(await files.read(event.fullPath)).toBeNull();
      expect(await target.store.get(event.fullPath)).toBeNull();
      await expectAppError(files.getMetadata(event.fullPath), 404, `Object '${event.fullPath}' does not exist.`);
    });

    it("refuses an upload beyond the user's quota with 402, storing nothing", async () => {
      const before = await files.usage(member.id);
      await expectAppError(
        files.prepareUpload({ user: member, kind: "profilePicture", fileName: "me.png", size: 250_000 }),
        402,
        `Quota for bucket '${target.store.bucket}' exceeded, please ask an administrator for more space.`,
      );
      expect(await files.usage(member.id)).toBe(before);
    });

    it("removes uploads never attached after a day, and keeps attached ones", async () => {
      const orphan = await files.upload({ user: member, kind: "profilePicture", fileName: "a.png", bytes: await makeImage("png", 200, 200) });
      const used = await files.upload({ user: member, kind: "profilePicture", fileName: "b.png", bytes: await makeImage("png", 200, 200) });
      await files.attach({ user: member, kind: "profilePicture", fullPath: used.fullPath });

      expect(await files.deleteOrphans(new Date())).toBe(0);
      const removed = await files.deleteOrphans(new Date(Date.now() + 25 * 60 * 60 * 1000));
      expect(removed).toBeGreaterThanOrEqual(1);
      expect(await files.read(orphan.fullPath)).toBeNull();
      expect(await target.store.get(orphan.fullPath)).toBeNull();
      expect(await files.read(used.fullPath)).not.toBeNull();
    });

    it("lets only the uploader or an admin attach an upload, and only for its own kind", async () => {
      const picture = await files.upload({ user: member, kind: "profilePicture", fileName: "c.png", bytes: await makeImage("png", 100, 100) });
      const other = await userRow("user");
      await expectAppError(
        files.attach({ user: other, kind: "profilePicture", fullPath: picture.fullPath }),
        403,
        `User does not have permission to access '${picture.fullPath}'.`,
      );
      await expectAppError(
        files.attach({ user: member, kind: "logo", fullPath: picture.fullPath }),
        403,
        `User does not have permission to access '${picture.fullPath}'.`,
      );
      await expectAppError(
        files.attach({ user: null, kind: "profilePicture", fullPath: picture.fullPath }),
        401,
        "User is not authenticated, please sign in and try again.",
      );
    });
  });
}
