// One file, one owner: a post's image cannot be an upload already attached to another post, an event, a business or
// the site settings (replacing or deleting it for one would break the other). Refused beside the image field, with
// nothing saved; the post's own image and a fresh upload are taken.
import { beforeAll, describe, expect } from "vitest";
import { createUser } from "#server/db/factories.ts";
import type { UploadKind } from "#shared/upload-kinds.ts";
import { makeImage } from "#tests/fixtures/images.ts";
import { setUpSignIn, setUpTestApp } from "#tests/setup/app.ts";
import { itKeepsEachImageToOneItem } from "#tests/setup/image-in-use.ts";

const t = setUpTestApp();
const admin = setUpSignIn(t, "admin");
let authorUid: string;
beforeAll(async () => {
  authorUid = (await createUser(t.database.db, { displayName: "Pat Writer" })).id;
});

const IN_USE = "This image is already used elsewhere on the site (by a business, an event, another post or the site settings). Please upload a copy of it for this post.";
const REFUSED = { code: "validation", message: IN_USE, fields: { imagePath: IN_USE } };

const send = (method: string, path: string, json?: unknown) => t.request(path, { method, json, cookie: admin.cookie });

function post(title: string, imagePath: string | null) {
  return { title, authorUid, content: "<p>Saturday on Queen Street.</p>", datetime: "2031-03-01T15:00:00.000Z", imagePath };
}

async function uploaded(kind: UploadKind) {
  return (await t.services.files.upload({ user: admin.user, kind, fileName: "photo.png", name: "Photo", bytes: await makeImage("png", 400, 300) })).fullPath;
}

async function addPost(title: string, imagePath: string | null) {
  const response = await send("POST", "/api/v1/posts", post(title, imagePath));
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** The post as visitors see it in the news list: its title and image address. */
async function seen(id: string) {
  const posts = (await (await t.request("/api/v1/posts")).json()) as Array<{ id: string; title: string; imageUrl: string | null }>;
  const found = posts.find((p) => p.id === id);
  return found && { title: found.title, imageUrl: found.imageUrl };
}

/** How many posts have this title, as stored. */
async function stored(title: string) {
  return (await t.database.db.selectFrom("post").select("id").where("title", "=", title).execute()).length;
}

describe("a post's image", () => {
  itKeepsEachImageToOneItem(t, {
    noun: "post",
    otherImage: "an event's image",
    path: "/api/v1/posts",
    kind: "postImage",
    nameField: "title",
    names: {
      alpha: "Alpha news",
      alphaAgain: "Alpha news II",
      beta: "Beta news",
      betaRenamed: "Beta news renamed",
      gamma: "Gamma news",
      delta: "Delta news",
      deltaAgain: "Delta news II",
      echo: "Echo news",
    },
    refused: REFUSED,
    body: post,
    send,
    uploaded,
    add: addPost,
    async addOther() {
      const eventImage = await uploaded("eventImage");
      const event = { name: "Poster Night", eventDate: "2031-07-04T23:30:00.000Z", location: "outdoor", outdoorLocationDescription: "Market Square", imagePath: eventImage };
      expect((await send("POST", "/api/v1/events", event)).status).toBe(201);
      return eventImage;
    },
    seen,
    stored,
  });
});
