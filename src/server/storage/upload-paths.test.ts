import { describe, expect, it } from "vitest";
import type { CurrentUser } from "../auth/session.ts";
import { isSafeFileName, mayUpload, pathBelongsTo, storagePath } from "./upload-paths.ts";
import { assertSafeKey } from "./storage.ts";
import { s3OptionsFromEnv } from "./storage-config.ts";

const user: CurrentUser = { id: "u1234567890123456789", email: "a@b.c", displayName: "A", photoURL: null, role: "user", emailVerified: true };
const admin: CurrentUser = { ...user, id: "a1234567890123456789", role: "admin" };
const now = new Date(1_717_171_717_171);

describe("storage paths", () => {
  it("follows the spec's paths with a timestamp and slugs", () => {
    expect(storagePath({ kind: "logo", user: admin, fileName: "x.png", name: "Café Crème & Co.", now })).toBe("markers_logos/cafe-creme-co_1717171717171.webp");
    expect(storagePath({ kind: "eventImage", user: admin, fileName: "Poster FINAL.JPG", now })).toBe("event_images/poster-final_1717171717171.webp");
    expect(storagePath({ kind: "postImage", user: admin, fileName: "Street Fair.gif", postId: "p123", now })).toBe("posts_images/p123/post_1717171717171_street-fair.webp");
    expect(storagePath({ kind: "postImage", user: admin, fileName: "a.png", now })).toMatch(/^posts_images\/temp_[A-Za-z0-9]+\/post_1717171717171_a\.webp$/);
    expect(storagePath({ kind: "profilePicture", user, fileName: "Me!.png", now })).toBe(`profilePictures/${user.id}/me_1717171717171.webp`);
  });

  it("never lets a user-supplied part climb out of its folder", () => {
    for (const name of ["../../etc/passwd", "..", "a/../../b", "\u0000\u001f", "C:\\Windows\\win.ini"]) {
      const fullPath = storagePath({ kind: "logo", user: admin, fileName: "x.png", name, now });
      expect(() => assertSafeKey(fullPath), fullPath).not.toThrow();
      expect(fullPath.split("/")).toHaveLength(2);
    }
    expect(storagePath({ kind: "postImage", user: admin, fileName: "a.png", postId: "../x", now })).toMatch(/^posts_images\/temp_/);
  });

  it("refuses file names with separators or control characters", () => {
    expect(["photo.png", "My photo (1).JPG", "..png"].map(isSafeFileName)).toEqual([true, true, true]);
    expect(["../x.png", "a\\b.png", "a\u0000.png", "", "..", "x".repeat(256)].map(isSafeFileName)).toEqual([false, false, false, false, false, false]);
  });

  it("lets admins upload everything and users only their own profile picture", () => {
    expect(["logo", "eventImage", "postImage", "profilePicture"].map((k) => mayUpload(admin, k as never))).toEqual([true, true, true, true]);
    expect(["logo", "eventImage", "postImage", "profilePicture"].map((k) => mayUpload(user, k as never))).toEqual([false, false, false, true]);
    expect(pathBelongsTo(`profilePictures/${user.id}/a_1.webp`, "profilePicture", user)).toBe(true);
    expect(pathBelongsTo(`profilePictures/${admin.id}/a_1.webp`, "profilePicture", user)).toBe(false);
  });
});

describe("S3 configuration", () => {
  it("is off when nothing is set, and names what is missing when half set", () => {
    expect(s3OptionsFromEnv({})).toBeNull();
    expect(() => s3OptionsFromEnv({ S3_BUCKET: "niche", S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(
      /S3_REGION: required when S3 storage is configured[\s\S]*S3_SECRET_ACCESS_KEY/,
    );
    expect(
      s3OptionsFromEnv({ S3_BUCKET: "niche", S3_REGION: "us-east-1", S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s", S3_ENDPOINT: "http://127.0.0.1:9000" }),
    ).toEqual({ bucket: "niche", region: "us-east-1", accessKeyId: "k", secretAccessKey: "s", endpoint: "http://127.0.0.1:9000" });
  });
});
