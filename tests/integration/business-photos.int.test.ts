// A business's photo gallery through the API: uploads attached in order with their alt text, reordered,
// removed (their files deleted with them), at most 12, and never without alt text.
import { beforeAll, describe, expect, it } from "vitest";
import { createCategory } from "#server/db/factories.ts";
import type { CurrentUser } from "#server/auth/session.ts";
import { makeImage } from "../fixtures/images.ts";
import { setUpTestApp } from "../setup/app.ts";

const t = setUpTestApp();
let cookie: string;
let admin: CurrentUser;
let categoryId: string;
beforeAll(async () => {
  cookie = (await t.signIn("admin")).cookie;
  admin = (await (await t.request("/api/v1/me", { cookie })).json()) as CurrentUser;
  categoryId = (await createCategory(t.database.db, { name: "Photo category" })).id;
});

interface Answer {
  id: string;
  photos: Array<{ path: string; url: string; alt: string }>;
  error?: { fields?: Record<string, string> };
}
const body = (photos: unknown) => ({ name: "Gallery Cafe", categoryId, lat: 43.1, lng: -79.1, tags: [], photos });
async function send(method: string, path: string, json: unknown) {
  const response = await t.request(path, { method, json, cookie });
  return { status: response.status, answer: (await response.json()) as Answer };
}
async function upload(name: string) {
  return (await t.services.files.upload({ user: admin, kind: "businessPhoto", fileName: `${name}.png`, name, bytes: await makeImage("png", 400, 300) })).fullPath;
}

describe("business photos", () => {
  it("attaches uploads in order with their alt text, reorders them, and deletes a removed photo's file", async () => {
    const [a, b] = [await upload("patio"), await upload("counter")];
    const created = await send("POST", "/api/v1/businesses", body([{ path: a, alt: "The patio in summer" }, { path: b, alt: "The espresso counter" }]));
    expect(created.status).toBe(201);
    expect(created.answer.photos.map((p) => p.alt)).toEqual(["The patio in summer", "The espresso counter"]);
    const file = await t.request(created.answer.photos[0]!.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/webp");

    const reordered = await send("PUT", `/api/v1/businesses/${created.answer.id}`, body([{ path: b, alt: "The espresso counter" }, { path: a, alt: "The patio in summer" }]));
    expect(reordered.answer.photos.map((p) => p.path)).toEqual([b, a]);
    const kept = await send("PUT", `/api/v1/businesses/${created.answer.id}`, body(undefined));
    expect(kept.answer.photos.map((p) => p.path)).toEqual([b, a]);

    const removed = await send("PUT", `/api/v1/businesses/${created.answer.id}`, body([{ path: a, alt: "The patio in summer" }]));
    expect(removed.answer.photos.map((p) => p.path)).toEqual([a]);
    expect((await t.request(created.answer.photos[1]!.url)).status).toBe(404);
    const read = (await (await t.request(`/api/v1/businesses/${created.answer.id}`)).json()) as Answer;
    expect(read.photos).toEqual(removed.answer.photos);
  });

  it("refuses a photo without alt text, a 13th photo, and a path that is no upload", async () => {
    const noAlt = await send("POST", "/api/v1/businesses", body([{ path: await upload("blank"), alt: "  " }]));
    expect(noAlt.status).toBe(400);
    expect(noAlt.answer.error?.fields?.photos).toBe("Photo 1 needs alt text: describe it for people who cannot see it.");
    const thirteen = await send("POST", "/api/v1/businesses", body(Array.from({ length: 13 }, (_, i) => ({ path: `markers_photos/p${i}.webp`, alt: "A photo" }))));
    expect(thirteen.status).toBe(400);
    expect(thirteen.answer.error?.fields?.photos).toBe("A business can have at most 12 photos.");
    const stranger = await send("POST", "/api/v1/businesses", body([{ path: "markers_logos/not-a-photo.webp", alt: "A logo" }]));
    expect(stranger.status).toBeGreaterThanOrEqual(400);
    expect(stranger.status).toBeLessThan(500);
  });
});
