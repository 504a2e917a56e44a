// The Events tab's writes: the spec's rules and messages, the owner, images kept, replaced and deleted, and the audit trail.
import { describe, expect, it } from "vitest";
import { TIMESTAMP_ZONE_MISSING } from "#shared/schemas/content-input.ts";
import { createBusiness, createEvent } from "#server/db/factories.ts";
import { makeImage } from "#tests/fixtures/images.ts";
import { auditTrail, invalidOf, setUp, setUpSignIn, setUpTestApp } from "#tests/setup/app.ts";

const t = setUpTestApp();
const admin = setUpSignIn(t, "admin");
const venue = setUp(() => createBusiness(t.database.db, { name: "Riverside Hall" }));

const asAdmin = (path: string, init: { method?: string; json?: unknown } = {}) => t.request(path, { ...init, cookie: admin.cookie });
const valid = { name: "  Jazz Night  ", eventDate: "2031-07-04T23:30:00.000Z", location: "outdoor", outdoorLocationDescription: "Market Square" };

async function upload(name: string) {
  return t.services.files.upload({ user: admin.user, kind: "eventImage", fileName: "poster.png", name, bytes: await makeImage("webp") });
}

describe("events (admin)", () => {
  it("adds an event with a trimmed name, records the admin as owner, and lists it newest first with the location in words", async () => {
    const response = await asAdmin("/api/v1/events", { method: "POST", json: { ...valid, ticketsLink: "https://tickets.example/jazz", description: "x".repeat(150) } });
    expect(response.status).toBe(201);
    const event = await response.json();
    expect(event).toMatchObject({ name: "Jazz Night", location: "outdoor", outdoorLocationDescription: "Market Square", ownerUid: admin.user.id, ticketsLink: "https://tickets.example/jazz" });
    expect(event.eventDate).toBe("2031-07-04T23:30:00.000Z");

    await asAdmin("/api/v1/events", { method: "POST", json: { ...valid, name: "Older", eventDate: "2020-01-01T10:00:00.000Z", location: venue.id } });
    const { items } = await (await asAdmin("/api/v1/admin/events?pageSize=200")).json();
    const names = items.map((e: { name: string }) => e.name);
    expect(names.indexOf("Jazz Night")).toBeLessThan(names.indexOf("Older"));
    const listed = items.find((e: { id: string }) => e.id === event.id);
    expect(listed.descriptionPreview).toBe(`${"x".repeat(100)}...`);
    expect(listed.locationText).toBe("Market Square");
    expect(items.find((e: { name: string }) => e.name === "Older").locationText).toBe("Riverside Hall");
  });

  it('answers "Event Name, Event Date, and Location Type are required." for a blank name, date or location', async () => {
    for (const body of [{ ...valid, name: "   " }, { ...valid, eventDate: "" }, { ...valid, eventDate: "not a date" }, { ...valid, location: "" }, { name: "Only a name" }]) {
      const error = await invalidOf(await asAdmin("/api/v1/events", { method: "POST", json: body }));
      expect(error.message).toBe("Event Name, Event Date, and Location Type are required.");
    }
  });

  it("refuses a date and time without its zone beside its field, which any clock could read", async () => {
    for (const [field, value] of [["eventDate", "2031-07-04T19:30"], ["eventDate", "2031-07-04"], ["endDate", "2031-07-04T22:00:00"], ["eventDate", "+010000-01-01T12:00:00Z"]] as const) {
      const error = await invalidOf(await asAdmin("/api/v1/events", { method: "POST", json: { ...valid, [field]: value } }));
      expect(error.fields[field]).toBe(TIMESTAMP_ZONE_MISSING);
    }
    const offset = await asAdmin("/api/v1/events", { method: "POST", json: { ...valid, eventDate: "2031-07-04T19:30:00-04:00" } });
    expect(await offset.json()).toMatchObject({ eventDate: "2031-07-04T23:30:00.000Z" });
  });

  it("needs an outdoor description for outdoor events, and clears it for events at a business", async () => {
    const error = await invalidOf(await asAdmin("/api/v1/events", { method: "POST", json: { ...valid, outdoorLocationDescription: "  " } }));
    expect(error.message).toBe("Outdoor Location Description is required for 'Outdoor' events.");
    expect(error.fields.outdoorLocationDescription).toBe("Outdoor Location Description is required for 'Outdoor' events.");

    const created = await (await asAdmin("/api/v1/events", { method: "POST", json: valid })).json();
    const moved = await (await asAdmin(`/api/v1/events/${created.id}`, { method: "PUT", json: { ...valid, location: venue.id } })).json();
    expect(moved).toMatchObject({ location: venue.id, outdoorLocationDescription: null });
  });

  it("keeps an end time and the all-day flag, refuses an end before the start beside the field, and counts each change", async () => {
    const created = await (await asAdmin("/api/v1/events", { method: "POST", json: { ...valid, endDate: "2031-07-05T02:00:00.000Z" } })).json();
    expect(created).toMatchObject({ endDate: "2031-07-05T02:00:00.000Z", allDay: false, sequence: 0 });
    // A form sends "on" for a ticked box.
    const changed = await (await asAdmin(`/api/v1/events/${created.id}`, { method: "PUT", json: { ...valid, allDay: "on" } })).json();
    expect(changed).toMatchObject({ endDate: null, allDay: true, sequence: 1 });
    const again = await (await asAdmin(`/api/v1/events/${created.id}`, { method: "PUT", json: { ...valid, allDay: false } })).json();
    expect(again).toMatchObject({ allDay: false, sequence: 2 });
    expect(await (await t.request(`/api/v1/events/${created.id}`)).json()).toMatchObject({ allDay: false, sequence: 2 });

    const early = await invalidOf(await asAdmin("/api/v1/events", { method: "POST", json: { ...valid, endDate: "2031-07-04T20:00:00.000Z" } }));
    expect(early.fields.endDate).toBe("The end must be after the start.");
    const unreadable = await invalidOf(await asAdmin("/api/v1/events", { method: "POST", json: { ...valid, endDate: "soon" } }));
    expect(unreadable.fields.endDate).toBe("Enter the end as a date and time.");
  });

  it("refuses a tickets link that is not an http(s) address, and a business that does not exist", async () => {
    for (const ticketsLink of ["javascript:alert(1)", "tickets please", "ftp://x.example/t"]) {
      const error = await invalidOf(await asAdmin("/api/v1/events", { method: "POST", json: { ...valid, ticketsLink } }));
      expect(error.fields.ticketsLink).toBe("Tickets Link must be a web address starting with http:// or https://.");
    }
    const empty = await (await asAdmin("/api/v1/events", { method: "POST", json: { ...valid, ticketsLink: "" } })).json();
    expect(empty.ticketsLink).toBeNull();
    const error = await invalidOf(await asAdmin("/api/v1/events", { method: "POST", json: { ...valid, location: "no-such-business" } }));
    expect(error.message).toBe("The chosen business no longer exists. Please choose another location.");
  });

  it("attaches an uploaded image, deletes the old one when it is replaced or removed, and the last one with the event", async () => {
    const first = await upload("Jazz Night");
    expect(first.fullPath).toMatch(/^event_images\/jazz-night_\d+\.webp$/);
    const created = await (await asAdmin("/api/v1/events", { method: "POST", json: { ...valid, imagePath: first.fullPath } })).json();
    expect(created).toMatchObject({ imageStoragePath: first.fullPath, imageUrl: first.url });
    expect((await t.request(first.url)).status).toBe(200);

    // Saving with the same image keeps it.
    await asAdmin(`/api/v1/events/${created.id}`, { method: "PUT", json: { ...valid, name: "Jazz Night II", imagePath: first.fullPath } });
    expect((await t.request(first.url)).status).toBe(200);

    const second = await upload("Jazz Night II");
    const replaced = await (await asAdmin(`/api/v1/events/${created.id}`, { method: "PUT", json: { ...valid, imagePath: second.fullPath } })).json();
    expect(replaced.imageUrl).toBe(second.url);
    expect((await t.request(first.url)).status).toBe(404);
    expect((await t.request(second.url)).status).toBe(200);

    const removed = await (await asAdmin(`/api/v1/events/${created.id}`, { method: "PUT", json: { ...valid, imagePath: null } })).json();
    expect(removed.imageUrl).toBeNull();
    expect((await t.request(second.url)).status).toBe(404);

    const third = await upload("Jazz Night III");
    await asAdmin(`/api/v1/events/${created.id}`, { method: "PUT", json: { ...valid, imagePath: third.fullPath } });
    expect((await asAdmin(`/api/v1/events/${created.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await t.request(third.url)).status).toBe(404);
    expect((await t.request(`/api/v1/events/${created.id}`)).status).toBe(404);
  });

  it("refuses an image path that is not an event image", async () => {
    const response = await asAdmin("/api/v1/events", { method: "POST", json: { ...valid, imagePath: "profilePictures/x/y.webp" } });
    expect(response.status).toBe(403);
  });

  it("records each change in the audit trail, and answers 404 for an unknown event", async () => {
    const created = await (await asAdmin("/api/v1/events", { method: "POST", json: { ...valid, name: "Audited" } })).json();
    await asAdmin(`/api/v1/events/${created.id}`, { method: "PUT", json: { ...valid, name: "Audited Again" } });
    expect((await asAdmin(`/api/v1/events/${created.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await asAdmin(`/api/v1/events/${created.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await asAdmin(`/api/v1/events/${created.id}`, { method: "PUT", json: valid })).status).toBe(404);

    const trail = await auditTrail(t, admin.cookie, "event", created.id);
    expect(trail.map((e) => [e.action, e.summary])).toEqual([
      ["delete", "Audited Again"],
      ["update", "Audited Again"],
      ["create", "Audited"],
    ]);
  });

  it("keeps the public reads working beside the writes", async () => {
    const upcoming = await createEvent(t.database.db, { name: "Public one", location: venue.id });
    const list = await (await t.request("/api/v1/events?when=upcoming")).json();
    expect(list.map((e: { id: string }) => e.id)).toContain(upcoming.id);
    expect(list[0]).not.toHaveProperty("ownerUid");
  });
});
