// Events from an iCalendar file: the same preview, apply and undo as businesses from CSV.
import { beforeAll, describe, expect, it } from "vitest";
import { createBusiness, createEvent } from "#server/db/factories.ts";
import { importMessages, type ImportPreview } from "#shared/schemas/data-import.ts";
import { setUpTestApp } from "#tests/setup/app.ts";

const t = setUpTestApp();
let admin: string;
beforeAll(async () => {
  admin = (await t.signIn("admin")).cookie;
  await createBusiness(t.database.db, { name: "Riverside Hall", address: "5 River Rd" });
  await createEvent(t.database.db, { name: "Winter Market", eventDate: "2026-12-05T15:00:00.000Z", description: "Crafts and cider.", location: "outdoor", outdoorLocationDescription: "City Square" });
});

const calendar = (events: string[]) => ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN", ...events, "END:VCALENDAR", ""].join("\r\n");
const event = (uid: string, lines: string[]) => ["BEGIN:VEVENT", `UID:${uid}`, "DTSTAMP:20261101T000000Z", ...lines, "END:VEVENT"].join("\r\n");

describe("importing events from a calendar", () => {
  it("previews each event as new, update or unchanged, applies them together and undoes them", async () => {
    const ics = calendar([
      event("a", ["DTSTART:20261205T150000Z", "SUMMARY:Winter Market", "LOCATION:City Square", "DESCRIPTION:Crafts\\, cider and carols."]),
      event("b", ["DTSTART;TZID=America/Toronto:20261210T190000", "SUMMARY:Jazz Night", "LOCATION:Riverside Hall", "URL:https://jazz.example/tickets"]),
      event("c", ["DTSTART:20261212T180000Z", "SUMMARY:Lantern Walk", "LOCATION:Queen Street"]),
      event("d", ["DTSTART:20261213T180000Z", "SUMMARY:Nowhere Party"]),
    ]);
    const response = await t.request("/api/v1/imports?fileName=events.ics", { method: "POST", body: ics, headers: { "Content-Type": "text/calendar" }, cookie: admin });
    expect(response.status).toBe(201);
    const preview = (await response.json()) as ImportPreview;
    expect(preview.kind).toBe("events");
    expect(preview.summary).toEqual({ created: 2, updated: 1, unchanged: 0, errors: 1 });
    expect(preview.rows[0]!.changes).toEqual([{ field: "description", from: "Crafts and cider.", to: "Crafts, cider and carols." }]);
    expect(preview.rows[1]!.cells.date).toBe("2026-12-11T00:00:00.000Z");
    expect(Object.keys(preview.rows[3]!.errors)).toEqual(["location"]);

    // The event without a place is given one, then everything is written at once.
    const fixed = await t.request(`/api/v1/imports/${preview.id}/rows/4`, { method: "PUT", json: { cells: { location: "City Square" } }, cookie: admin });
    expect(((await fixed.json()) as ImportPreview).summary).toEqual({ created: 3, updated: 1, unchanged: 0, errors: 0 });
    expect((await t.request(`/api/v1/imports/${preview.id}/apply`, { method: "POST", cookie: admin })).status).toBe(200);
    const events = await t.database.db.selectFrom("event").innerJoin("business", "business.id", "event.location").select(["event.name", "event.ticketsLink"]).execute();
    expect(events).toEqual([{ name: "Jazz Night", ticketsLink: "https://jazz.example/tickets" }]);
    expect((await t.database.db.selectFrom("event").select("id").execute()).length).toBe(4);

    expect((await t.request(`/api/v1/imports/${preview.id}/undo`, { method: "POST", cookie: admin })).status).toBe(200);
    const after = await t.database.db.selectFrom("event").select(["name", "description"]).execute();
    expect(after).toEqual([{ name: "Winter Market", description: "Crafts and cider." }]);
  });

  it("keeps a repeating event's rule, end and skipped dates, and an all-day event's days", async () => {
    const ics = calendar([
      event("first-friday", [
        "DTSTART;TZID=America/Toronto:20270101T180000",
        "DTEND;TZID=America/Toronto:20270101T210000",
        "RRULE:FREQ=MONTHLY;BYDAY=1FR",
        "EXDATE;TZID=America/Toronto:20270205T180000",
        "SUMMARY:First Friday Art Walk",
        "LOCATION:Queen Street",
      ]),
      event("fest", ["DTSTART;VALUE=DATE:20270612", "DTEND;VALUE=DATE:20270614", "SUMMARY:Street Festival", "LOCATION:Queen Street"]),
      event("bad", ["DTSTART:20270301T180000Z", "RRULE:FREQ=SOMETIMES", "SUMMARY:Odd Rule", "LOCATION:Queen Street"]),
    ]);
    const preview = (await (await t.request("/api/v1/imports?fileName=series.ics", { method: "POST", body: ics, headers: { "Content-Type": "text/calendar" }, cookie: admin })).json()) as ImportPreview;
    // The site's zone is America/Toronto: 18:00 there is 23:00 UTC in winter; the festival's days start at 04:00 UTC.
    expect(preview.rows.map((r) => [r.cells.date, r.cells.ends, r.cells.allDay, r.cells.repeats, r.cells.skips])).toEqual([
      ["2027-01-01T23:00:00.000Z", "2027-01-02T02:00:00.000Z", "", "FREQ=MONTHLY;BYDAY=1FR", "2027-02-05"],
      ["2027-06-12T04:00:00.000Z", "2027-06-13T04:00:00.000Z", "yes", "", ""],
      ["2027-03-01T18:00:00.000Z", "", "", "FREQ=SOMETIMES", ""],
    ]);
    expect(Object.keys(preview.rows[2]!.errors)).toEqual(["repeats"]);
    const fixed = (await (await t.request(`/api/v1/imports/${preview.id}/rows/3`, { method: "PUT", json: { cells: { repeats: "", skips: "2027-04-01" } }, cookie: admin })).json()) as ImportPreview;
    expect(fixed.rows[2]!.errors).toEqual({ skips: "Only a repeating event has dates to skip." });
    await t.request(`/api/v1/imports/${preview.id}/rows/3`, { method: "PUT", json: { cells: { skips: "" } }, cookie: admin });
    expect((await t.request(`/api/v1/imports/${preview.id}/apply`, { method: "POST", cookie: admin })).status).toBe(200);

    // The series is on the public list month by month at 18:00 in Toronto (22:00 UTC once summer time starts), without
    // the skipped February date.
    const listed = (await (await t.request("/api/v1/events")).json()) as Array<{ name: string; eventDate: string; cancelled: boolean }>;
    expect(listed.filter((e) => e.name === "First Friday Art Walk" && !e.cancelled).map((e) => e.eventDate).slice(0, 3)).toEqual(["2027-01-01T23:00:00.000Z", "2027-03-05T23:00:00.000Z", "2027-04-02T22:00:00.000Z"]);
    const festival = listed as unknown as Array<{ name: string; allDay: boolean; endDate: string | null }>;
    expect(festival.find((e) => e.name === "Street Festival")).toMatchObject({ allDay: true, endDate: "2027-06-13T04:00:00.000Z" });

    // The same file again changes nothing.
    const again = (await (await t.request("/api/v1/imports?fileName=series.ics", { method: "POST", body: ics, headers: { "Content-Type": "text/calendar" }, cookie: admin })).json()) as ImportPreview;
    expect(again.rows.slice(0, 2).map((r) => r.status)).toEqual(["unchanged", "unchanged"]);

    // The site's own calendar feed reads back as unchanged too.
    const feed = await (await t.request("/events.ics")).text();
    const roundTrip = (await (await t.request("/api/v1/imports?fileName=feed.ics", { method: "POST", body: feed, headers: { "Content-Type": "text/calendar" }, cookie: admin })).json()) as ImportPreview;
    const series = roundTrip.rows.filter((r) => r.cells.name === "First Friday Art Walk" || r.cells.name === "Street Festival").sort((a, b) => String(a.cells.name).localeCompare(String(b.cells.name)));
    expect(series.map((r) => [r.cells.name, r.status, r.changes])).toEqual([
      ["First Friday Art Walk", "unchanged", []],
      ["Street Festival", "unchanged", []],
    ]);

    // A later file that skips one more date: an update, undone with the import.
    const more = ics.replace("EXDATE;TZID=America/Toronto:20270205T180000", "EXDATE;TZID=America/Toronto:20270205T180000,20270305T180000");
    const skipping = (await (await t.request("/api/v1/imports?fileName=more.ics", { method: "POST", body: more, headers: { "Content-Type": "text/calendar" }, cookie: admin })).json()) as ImportPreview;
    expect(skipping.rows[0]!.changes).toEqual([{ field: "skips", from: "2027-02-05", to: "2027-02-05, 2027-03-05" }]);
    const cancelledDates = async () => (await t.database.db.selectFrom("event_occurrence_change").select("date").where("cancelled", "=", 1).orderBy("date").execute()).map((r) => r.date);
    expect((await t.request(`/api/v1/imports/${skipping.id}/rows/3`, { method: "PUT", json: { cells: { repeats: "" } }, cookie: admin })).status).toBe(200);
    expect((await t.request(`/api/v1/imports/${skipping.id}/apply`, { method: "POST", cookie: admin })).status).toBe(200);
    expect(await cancelledDates()).toEqual(["2027-02-05", "2027-03-05"]);
    expect((await t.request(`/api/v1/imports/${skipping.id}/undo`, { method: "POST", cookie: admin })).status).toBe(200);
    expect(await cancelledDates()).toEqual(["2027-02-05"]);
  });

  it("moves a date of a series where the file's RECURRENCE-ID puts it, and undoes the move with the import", async () => {
    // The second week's VEVENT: its RECURRENCE-ID in UTC (19:00 in Toronto on the 12th), then what the date became.
    const series = (twelfth: string[]) =>
      calendar([
        event("board", ["DTSTART;TZID=America/Toronto:20270105T190000", "DTEND;TZID=America/Toronto:20270105T210000", "RRULE:FREQ=WEEKLY;COUNT=6", "SUMMARY:Board Meeting", "LOCATION:Riverside Hall"]),
        event("board", ["RECURRENCE-ID:20270113T000000Z", ...twelfth, "SUMMARY:Board Meeting", "LOCATION:Riverside Hall"]),
        // Cancelled by its own VEVENT rather than an EXDATE.
        event("board", ["RECURRENCE-ID;TZID=America/Toronto:20270119T190000", "DTSTART;TZID=America/Toronto:20270119T190000", "STATUS:CANCELLED", "SUMMARY:Board Meeting"]),
        // Changed, but at its usual time and without an end of its own: not moved.
        event("board", ["RECURRENCE-ID;TZID=America/Toronto:20270126T190000", "DTSTART;TZID=America/Toronto:20270126T190000", "SUMMARY:Board Meeting", "DESCRIPTION:Budget night."]),
      ]);
    const upload = async (ics: string) => (await (await t.request("/api/v1/imports?fileName=board.ics", { method: "POST", body: ics, headers: { "Content-Type": "text/calendar" }, cookie: admin })).json()) as ImportPreview;
    const fix = async (id: string, cells: Record<string, string>) => {
      const response = await t.request(`/api/v1/imports/${id}/rows/1`, { method: "PUT", json: { cells }, cookie: admin });
      expect(response.status, await response.clone().text()).toBe(200);
      return (await response.json()) as ImportPreview;
    };
    const apply = async (id: string) => expect((await t.request(`/api/v1/imports/${id}/apply`, { method: "POST", cookie: admin })).status).toBe(200);
    const undo = async (id: string) => expect((await t.request(`/api/v1/imports/${id}/undo`, { method: "POST", cookie: admin })).status).toBe(200);
    const wednesday = ["DTSTART;TZID=America/Toronto:20270113T180000", "DTEND;TZID=America/Toronto:20270113T200000"];
    const moved = "2027-01-12 → 2027-01-13T23:00:00.000Z/2027-01-14T01:00:00.000Z";

    const preview = await upload(series(wednesday));
    expect(preview.rows).toHaveLength(1);
    expect(preview.rows[0]).toMatchObject({ status: "new", cells: { skips: "2027-01-19", moves: moved } });

    // A moved date written by hand is read, and what is wrong with it is said beside it.
    expect((await fix(preview.id, { moves: "2027-01-12 → next Wednesday" })).rows[0]!.errors).toEqual({ moves: importMessages.movesInvalid });
    expect((await fix(preview.id, { moves: "2027-01-12 -> 2027-01-13T23:00:00Z/2027-01-13T22:00:00Z" })).rows[0]!.errors).toEqual({ moves: importMessages.moveEndsBeforeStart });
    expect((await fix(preview.id, { moves: "2027-01-19 -> 2027-01-20T23:00:00Z" })).rows[0]!.errors).toEqual({ moves: importMessages.movedAndSkipped("2027-01-19") });
    expect((await fix(preview.id, { moves: "2027-01-13 -> 2027-01-14T23:00:00Z" })).rows[0]!.errors).toEqual({ moves: importMessages.moveNotInSeries("2027-01-13") });
    // Onto the time of the 26th's meeting (19:00–21:00 in Toronto), as the admin screen refuses; onto the 19th's, which
    // the file cancels, it may go.
    expect((await fix(preview.id, { moves: "2027-01-12 -> 2027-01-27T01:30:00Z/2027-01-27T03:00:00Z" })).rows[0]!.errors).toEqual({ moves: importMessages.movedOntoAnother("2027-01-12") });
    expect((await fix(preview.id, { moves: "2027-01-12 -> 2027-01-20T00:00:00Z/2027-01-20T02:00:00Z" })).rows[0]!.errors).toEqual({});
    const fixed = await fix(preview.id, { moves: "2027-01-12 -> 2027-01-13T23:00:00Z / 2027-01-14T01:00:00Z" });
    expect(fixed.rows[0]).toMatchObject({ status: "new", errors: {} });
    await apply(preview.id);

    // The public list has the Wednesday instead of the Tuesday, the 19th cancelled, the 26th as the rule has it.
    const meetings = async () => {
      const listed = (await (await t.request("/api/v1/events?limit=100")).json()) as Array<{ name: string; eventDate: string; cancelled: boolean }>;
      return listed.filter((e) => e.name === "Board Meeting").map((e) => `${e.eventDate}${e.cancelled ? " cancelled" : ""}`);
    };
    const weeks = (twelfth: string) => ["2027-01-06T00:00:00.000Z", twelfth, "2027-01-20T00:00:00.000Z cancelled", "2027-01-27T00:00:00.000Z", "2027-02-03T00:00:00.000Z", "2027-02-10T00:00:00.000Z"];
    expect(await meetings()).toEqual(weeks("2027-01-13T23:00:00.000Z"));

    // The same file again, and the site's own calendar feed, read back as unchanged.
    expect((await upload(series(wednesday))).rows[0]!.status).toBe("unchanged");
    const feed = await (await t.request("/events.ics")).text();
    const roundTrip = (await (await t.request("/api/v1/imports?fileName=feed.ics", { method: "POST", body: feed, headers: { "Content-Type": "text/calendar" }, cookie: admin })).json()) as ImportPreview;
    expect(roundTrip.rows.filter((r) => r.cells.name === "Board Meeting").map((r) => [r.status, r.cells.moves, r.changes])).toEqual([["unchanged", moved, []]]);

    // A later file moves the date to the Thursday: an update, a new version of the series for calendar apps, and its
    // undo puts the Wednesday back.
    const sequence = async () => (await t.database.db.selectFrom("event").select("sequence").where("name", "=", "Board Meeting").executeTakeFirstOrThrow()).sequence;
    const first = await sequence();
    const thursday = await upload(series(["DTSTART;TZID=America/Toronto:20270114T190000", "DTEND;TZID=America/Toronto:20270114T210000"]));
    expect(thursday.rows[0]!.changes).toEqual([{ field: "moves", from: moved, to: "2027-01-12 → 2027-01-15T00:00:00.000Z/2027-01-15T02:00:00.000Z" }]);
    await apply(thursday.id);
    expect(await meetings()).toEqual(weeks("2027-01-15T00:00:00.000Z"));
    expect(await sequence()).toBe(first + 1);
    await undo(thursday.id);
    expect(await meetings()).toEqual(weeks("2027-01-13T23:00:00.000Z"));
    expect(await sequence()).toBe(first + 2);

    // A later file cancels the moved date: it is cancelled, and its undo moves it again.
    const cancelling = await upload(series(["DTSTART:20270113T000000Z", "STATUS:CANCELLED"]));
    expect(cancelling.rows[0]!.changes).toEqual([
      { field: "skips", from: "2027-01-19", to: "2027-01-12, 2027-01-19" },
      { field: "moves", from: moved, to: null },
    ]);
    await apply(cancelling.id);
    expect(await meetings()).toEqual(weeks("2027-01-13T00:00:00.000Z cancelled"));
    expect((await upload(series(["DTSTART:20270113T000000Z", "STATUS:CANCELLED"]))).rows[0]!.status).toBe("unchanged");
    await undo(cancelling.id);
    expect(await meetings()).toEqual(weeks("2027-01-13T23:00:00.000Z"));

    // Undoing the first import takes the series away with its changed dates.
    await undo(preview.id);
    expect(await meetings()).toEqual([]);
  });

  it("reads one changed date of a series kept elsewhere as a single event at its own time", async () => {
    const invitation = calendar([event("elsewhere", ["RECURRENCE-ID;TZID=America/Toronto:20270302T190000", "DTSTART;TZID=America/Toronto:20270303T190000", "SUMMARY:Committee Call", "LOCATION:Riverside Hall"])]);
    const preview = (await (await t.request("/api/v1/imports?fileName=invite.ics", { method: "POST", body: invitation, headers: { "Content-Type": "text/calendar" }, cookie: admin })).json()) as ImportPreview;
    expect(preview.rows.map((r) => [r.status, r.cells.date, r.cells.moves, r.errors])).toEqual([["new", "2027-03-04T00:00:00.000Z", "", {}]]);
  });

  it("takes a series' rule from its own VEVENT, not from a changed date that repeats one, and its end date on the site's clocks", async () => {
    const ics = calendar([
      event("choir", ["DTSTART;TZID=America/Toronto:20270104T190000", "RRULE:FREQ=WEEKLY;UNTIL=20270126T045959Z", "SUMMARY:Choir Practice"]),
      event("choir", ["RECURRENCE-ID;TZID=America/Toronto:20270111T190000", "DTSTART;TZID=America/Toronto:20270111T200000", "DTEND;TZID=America/Toronto:20270111T210000", "RRULE:FREQ=DAILY;COUNT=2", "SUMMARY:Choir Practice"]),
    ]);
    const preview = (await (await t.request("/api/v1/imports?fileName=choir.ics", { method: "POST", body: ics, headers: { "Content-Type": "text/calendar" }, cookie: admin })).json()) as ImportPreview;
    // 04:59:59 UTC on the 26th is the 25th's last second in Toronto.
    expect(preview.rows.map((r) => r.cells.repeats)).toEqual(["FREQ=WEEKLY;UNTIL=20270125T235959Z"]);
  });

  it("leaves the column mapping remembered for CSV files alone", async () => {
    const response = await t.request("/api/v1/imports", { method: "POST", body: "name,category,latitude,longitude\nAfter Calendar,Food,43.1,-79.1\n", headers: { "Content-Type": "text/csv" }, cookie: admin });
    expect(response.status).toBe(201);
    expect(((await response.json()) as ImportPreview).mapping.name).toBe("name");
  });

  it("refuses a calendar that cannot be read or has no events", async () => {
    for (const body of [calendar([]), "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:garbage"]) {
      const response = await t.request("/api/v1/imports", { method: "POST", body, headers: { "Content-Type": "text/calendar" }, cookie: admin });
      expect(response.status).toBe(400);
    }
  });
});

describe("importing a calendar from its address", () => {
  it("refuses addresses on the server's own network and what is not http(s)", async () => {
    for (const url of ["http://127.0.0.1:9/cal.ics", "http://[::1]/cal.ics", "http://10.0.0.5/cal.ics", "file:///etc/passwd", "not a url"]) {
      const response = await t.request("/api/v1/imports/from-url", { method: "POST", json: { url }, cookie: admin });
      expect(response.status, url).toBe(400);
    }
    const user = (await t.signIn("user")).cookie;
    expect((await t.request("/api/v1/imports/from-url", { method: "POST", json: { url: "https://example.org/a.ics" }, cookie: user })).status).toBe(403);
  });

  it("reads the calendar the address answers and previews its events", async () => {
    const served: string[] = [];
    const { ImportService } = await import("./import.service.ts");
    const { ImportRepository } = await import("./import.repository.ts");
    const service = new ImportService(new ImportRepository(t.database.db), {
      fetchFile: async (url) => {
        served.push(url);
        return { name: "town.ics", bytes: new TextEncoder().encode(calendar([event("z", ["DTSTART:20270101T000000Z", "SUMMARY:New Year", "LOCATION:City Square"])])) };
      },
    });
    const account = await t.database.db.selectFrom("user").select(["id", "email"]).where("role", "=", "admin").executeTakeFirstOrThrow();
    const preview = await service.createFromUrl({ ...account, displayName: "A", photoURL: null, role: "admin", emailVerified: true }, "webcal://town.example/town.ics");
    expect(served).toEqual(["webcal://town.example/town.ics"]);
    expect(preview).toMatchObject({ kind: "events", fileName: "town.ics", summary: { created: 1, updated: 0, unchanged: 0, errors: 0 } });
  });
});

describe("undoing a calendar import after later changes", () => {
  const upload = async (fileName: string, ics: string) => {
    const response = await t.request(`/api/v1/imports?fileName=${fileName}`, { method: "POST", body: ics, headers: { "Content-Type": "text/calendar" }, cookie: admin });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as ImportPreview;
  };
  const act = async (id: string, action: "apply" | "undo") => {
    const response = await t.request(`/api/v1/imports/${id}/${action}`, { method: "POST", cookie: admin });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as ImportPreview;
  };
  const eventNamed = async (name: string) => {
    const { id } = await t.database.db.selectFrom("event").select("id").where("name", "=", name).executeTakeFirstOrThrow();
    return (await (await t.request(`/api/v1/events/${id}`)).json()) as Record<string, unknown> & { id: string };
  };
  /** Saves the event as the admin's event form does, with some fields changed. */
  const editEvent = async (event: Record<string, unknown> & { id: string }, changes: Record<string, unknown>) => {
    const { id, name, eventDate, endDate, allDay, recurrenceRule, location, outdoorLocationDescription, description, ticketsLink } = event;
    const json = { name, eventDate, endDate, allDay, recurrenceRule, location, outdoorLocationDescription, description, ticketsLink, ...changes };
    const response = await t.request(`/api/v1/events/${id}`, { method: "PUT", json, cookie: admin });
    expect(response.status, await response.clone().text()).toBe(200);
  };

  it("restores only the fields the import changed, keeping those changed since and saying so in its answer", async () => {
    const before = await createEvent(t.database.db, { name: "Harbour Concert", eventDate: "2027-05-01T23:00:00.000Z", description: "Strings by the water.", location: "outdoor", outdoorLocationDescription: "City Square" });
    const imported = await upload(
      "harbour.ics",
      calendar([event("harbour", ["DTSTART:20270501T230000Z", "DTEND:20270502T010000Z", "SUMMARY:Harbour Concert", "LOCATION:City Square", "DESCRIPTION:Brass on the pier.", "URL:https://harbour.example/tickets"])]),
    );
    expect(imported.rows[0]!.changes.map((c) => c.field)).toEqual(["ends", "description", "url"]);
    await act(imported.id, "apply");
    // Later, an administrator gives it a new description and end, and another place (which the import left alone).
    await editEvent(await eventNamed("Harbour Concert"), { description: "Moved indoors if it rains.", endDate: "2027-05-02T02:00:00.000Z", outdoorLocationDescription: "Harbour Square" });

    const undone = await act(imported.id, "undo");
    expect(await eventNamed("Harbour Concert")).toMatchObject({ description: "Moved indoors if it rains.", endDate: "2027-05-02T02:00:00.000Z", outdoorLocationDescription: "Harbour Square", ticketsLink: null });
    expect(undone.keptOnUndo).toEqual([{ businessId: before.id, name: "Harbour Concert", fields: ["ends", "description"], message: "Ends and Description changed after the import, so they keep their later value." }]);
    // The answer stays the same when the import is looked at again.
    expect(((await (await t.request(`/api/v1/imports/${imported.id}`, { cookie: admin })).json()) as ImportPreview).keptOnUndo).toEqual(undone.keptOnUndo);
  });

  it("keeps an event it added that was edited, had a date cancelled or has an owner's request waiting, and deletes the others", async () => {
    const hall = await t.database.db.selectFrom("business").select("id").where("name", "=", "Riverside Hall").executeTakeFirstOrThrow();
    const imported = await upload(
      "added.ics",
      calendar([
        event("gala", ["DTSTART:20270601T230000Z", "SUMMARY:Edited Gala", "LOCATION:City Square"]),
        event("tour", ["DTSTART;TZID=America/Toronto:20270602T190000", "RRULE:FREQ=WEEKLY;COUNT=4", "SUMMARY:Cancelled Tour", "LOCATION:City Square"]),
        event("talk", ["DTSTART:20270603T230000Z", "SUMMARY:Requested Talk", "LOCATION:Riverside Hall"]),
        event("fair", ["DTSTART:20270604T230000Z", "SUMMARY:Plain Fair", "LOCATION:City Square"]),
      ]),
    );
    expect(imported.summary.created).toBe(4);
    await act(imported.id, "apply");
    await editEvent(await eventNamed("Edited Gala"), { description: "Black tie." });
    const tour = await eventNamed("Cancelled Tour");
    expect((await t.request(`/api/v1/events/${tour.id}/occurrences/2027-06-09`, { method: "PUT", json: { cancelled: true }, cookie: admin })).status).toBe(200);
    // An owner of the hall asks for a change to its talk; an administrator has not decided yet.
    const owner = await t.signIn("business");
    const ownerEmail = ((await (await t.request("/api/v1/me", { cookie: owner.cookie })).json()) as { email: string }).email;
    expect((await t.request(`/api/v1/businesses/${hall.id}/owners`, { method: "POST", json: { email: ownerEmail }, cookie: admin })).ok).toBe(true);
    const talk = await eventNamed("Requested Talk");
    const asked = await t.request(`/api/v1/events/${talk.id}`, { method: "PUT", json: { name: "Requested Talk", eventDate: talk.eventDate, location: hall.id, description: "With questions after." }, cookie: owner.cookie });
    expect(asked.status).toBe(202);
    const { requestId } = (await asked.json()) as { requestId: string };

    const undone = await act(imported.id, "undo");
    const names = (await t.database.db.selectFrom("event").select("name").execute()).map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(["Edited Gala", "Cancelled Tour", "Requested Talk"]));
    expect(names).not.toContain("Plain Fair");
    expect(await eventNamed("Edited Gala")).toMatchObject({ description: "Black tie." });
    const kept = "Added by this import and kept: it was changed afterwards, its dates were moved or cancelled, or an owner's request about it is waiting. Delete it from the events list if it should go.";
    expect(undone.keptOnUndo.map(({ name, fields, message }) => ({ name, fields, message })).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: "Cancelled Tour", fields: [], message: kept },
      { name: "Edited Gala", fields: [], message: kept },
      { name: "Requested Talk", fields: [], message: kept },
    ]);
    expect(((await (await t.request(`/api/v1/requests/${requestId}`, { cookie: admin })).json()) as { status: string }).status).toBe("pending");
  });

  it("puts back a date of a series the import cancelled or moved only while nobody has changed it since", async () => {
    // Weekly at 19:00 in Toronto from Tuesday 2 February 2027 (midnight UTC), five times.
    const series = (changed: string[] = [], skips: string[] = []) =>
      calendar([
        event("book", ["DTSTART;TZID=America/Toronto:20270202T190000", "DTEND;TZID=America/Toronto:20270202T210000", "RRULE:FREQ=WEEKLY;COUNT=5", ...skips, "SUMMARY:Book Club", "LOCATION:Riverside Hall"]),
        ...changed,
      ]);
    const meetings = async () => {
      const listed = (await (await t.request("/api/v1/events?limit=100")).json()) as Array<{ name: string; eventDate: string; cancelled: boolean }>;
      return listed.filter((e) => e.name === "Book Club").map((e) => `${e.eventDate}${e.cancelled ? " cancelled" : ""}`);
    };
    await act((await upload("book.ics", series())).id, "apply");
    // A later file skips the 9th and the 16th and moves the 23rd to the Wednesday.
    const later = await upload(
      "book.ics",
      series(
        [event("book", ["RECURRENCE-ID;TZID=America/Toronto:20270223T190000", "DTSTART;TZID=America/Toronto:20270224T190000", "DTEND;TZID=America/Toronto:20270224T210000", "SUMMARY:Book Club"])],
        ["EXDATE;TZID=America/Toronto:20270209T190000,20270216T190000"],
      ),
    );
    expect(later.rows[0]!.changes.map((c) => c.field)).toEqual(["skips", "moves"]);
    await act(later.id, "apply");
    // Then an administrator holds the 9th on the Thursday after all, and moves the 23rd to the Thursday too.
    const { id } = await eventNamed("Book Club");
    const move = async (date: string, startDate: string, endDate: string) => {
      const response = await t.request(`/api/v1/events/${id}/occurrences/${date}`, { method: "PUT", json: { startDate, endDate }, cookie: admin });
      expect(response.status, await response.clone().text()).toBe(200);
    };
    await move("2027-02-09", "2027-02-12T00:00:00.000Z", "2027-02-12T02:00:00.000Z");
    await move("2027-02-23", "2027-02-26T00:00:00.000Z", "2027-02-26T02:00:00.000Z");

    const undone = await act(later.id, "undo");
    // The 16th, which nobody touched, is back; the administrator's dates stay.
    expect(await meetings()).toEqual(["2027-02-03T00:00:00.000Z", "2027-02-12T00:00:00.000Z", "2027-02-17T00:00:00.000Z", "2027-02-26T00:00:00.000Z", "2027-03-03T00:00:00.000Z"]);
    expect(undone.keptOnUndo).toEqual([{ businessId: id, name: "Book Club", fields: ["skips", "moves"], message: "Skipped dates and Moved dates changed after the import, so they keep their later value." }]);
  });
});
