// One file, one owner: an event's image cannot be an upload already attached to another event, a business, a post or
// the site settings (replacing or deleting it for one would break the other). Refused beside the image field, with
// nothing saved; the event's own image, a fresh upload, and an owner's upload that their waiting request holds are taken.
import { describe, expect, it } from "vitest";
import { createBusiness, createUser } from "#server/db/factories.ts";
import type { CurrentUser } from "#server/auth/session.ts";
import type { UploadKind } from "#shared/upload-kinds.ts";
import { makeImage } from "#tests/fixtures/images.ts";
import { errorOf, setUpSignIn, setUpTestApp } from "#tests/setup/app.ts";
import { itKeepsEachImageToOneItem } from "#tests/setup/image-in-use.ts";
import { served as servedAt } from "#tests/setup/uploads.ts";

const t = setUpTestApp();
const admin = setUpSignIn(t, "admin");

const IN_USE = "This image is already used elsewhere on the site (by a business, another event, a post or the site settings). Please upload a copy of it for this event.";
const REFUSED = { code: "validation", message: IN_USE, fields: { imagePath: IN_USE } };

const send = (method: string, path: string, json?: unknown, as = admin.cookie) => t.request(path, { method, json, cookie: as });

function event(name: string, imagePath: string | null, overrides: Record<string, unknown> = {}) {
  return { name, eventDate: "2031-07-04T23:30:00.000Z", location: "outdoor", outdoorLocationDescription: "Market Square", imagePath, ...overrides };
}

async function uploaded(kind: UploadKind, user: CurrentUser = admin.user, businessId?: string) {
  return (await t.services.files.upload({ user, kind, fileName: "poster.png", name: "Poster", businessId, bytes: await makeImage("png", 400, 300) })).fullPath;
}

async function addEvent(name: string, imagePath: string | null) {
  const response = await send("POST", "/api/v1/events", event(name, imagePath));
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** The event as visitors see it: its name and image address. */
async function seen(id: string) {
  const found = (await (await t.request(`/api/v1/events/${id}`)).json()) as { name: string; imageUrl: string | null };
  return { name: found.name, imageUrl: found.imageUrl };
}

/** How many events have this name, as stored. */
async function stored(name: string) {
  return (await t.database.db.selectFrom("event").select("id").where("name", "=", name).execute()).length;
}

const served = (path: string) => servedAt(t, path);

describe("an event's image", () => {
  itKeepsEachImageToOneItem(t, {
    noun: "event",
    otherImage: "a post's image",
    path: "/api/v1/events",
    kind: "eventImage",
    nameField: "name",
    names: {
      alpha: "Alpha Night",
      alphaAgain: "Alpha Night II",
      beta: "Beta Night",
      betaRenamed: "Beta Night Renamed",
      gamma: "Gamma Night",
      delta: "Delta Tasting",
      deltaAgain: "Delta Tasting II",
      echo: "Echo Night",
    },
    refused: REFUSED,
    body: event,
    send,
    uploaded,
    add: addEvent,
    async addOther() {
      const author = await createUser(t.database.db, { displayName: "Pat Writer" });
      const postImage = await uploaded("postImage");
      expect((await send("POST", "/api/v1/posts", { title: "Street fair", authorUid: author.id, content: "<p>Saturday.</p>", datetime: "2031-03-01T15:00:00.000Z", imagePath: postImage })).status).toBe(201);
      return postImage;
    },
    seen,
    stored,
  });

  it("may be an owner's upload that their waiting request holds, once approved, and for no other event", async () => {
    const owner = await t.signIn("business");
    const venue = await createBusiness(t.database.db, { name: "Foxtrot Hall" });
    await t.services.owners.addOwner(admin.user, venue.id, owner.user.email);
    const poster = await uploaded("eventImage", owner.user, venue.id);
    const asked = await send("POST", "/api/v1/events", event("Foxtrot Quiz", poster, { location: venue.id, outdoorLocationDescription: undefined }), owner.cookie);
    expect(asked.status).toBe(202);
    const { requestId } = (await asked.json()) as { requestId: string };

    const borrowed = await send("POST", "/api/v1/events", event("Golf Night", poster));
    expect(borrowed.status).toBe(400);
    expect(await errorOf(borrowed)).toEqual(REFUSED);
    expect(await stored("Golf Night")).toBe(0);

    expect((await send("POST", `/api/v1/requests/${requestId}/approve`, {})).status).toBe(200);
    const [created] = await t.database.db.selectFrom("event").select(["id", "imageStoragePath"]).where("name", "=", "Foxtrot Quiz").execute();
    expect(created?.imageStoragePath).toBe(poster);
    expect(await served(poster)).toBe(200);
    expect(await t.services.files.isInUse(poster)).toBe(true);
  });
});
