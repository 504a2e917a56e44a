// A business's opening hours through the API: given as OpenStreetMap text or in the structured form, answered
// in both, open or closed now in the site's time zone, the openNow filter, and bad hours refused by field.
import { beforeAll, describe, expect, it } from "vitest";
import { createCategory } from "#server/db/factories.ts";
import { setUpTestApp } from "../setup/app.ts";

const t = setUpTestApp();
let admin: string;
let categoryId: string;
beforeAll(async () => {
  admin = (await t.signIn("admin")).cookie;
  categoryId = (await createCategory(t.database.db, { name: "Hours category" })).id;
});

interface Answer {
  id: string;
  openNow: boolean | null;
  openingHours: null | { osm: string; week: Record<string, Array<{ open: string; close: string }> | null>; closedOnPublicHolidays: boolean; exceptions: unknown[] };
  error?: { message: string; fields?: Record<string, string> };
}
const body = (name: string, openingHours: unknown) => ({ name, categoryId, lat: 43.1, lng: -79.1, tags: [], openingHours });
async function send(method: string, path: string, json: unknown) {
  const response = await t.request(path, { method, json, cookie: admin });
  return { status: response.status, answer: (await response.json()) as Answer };
}

describe("opening hours in the API", () => {
  it("takes opening_hours text and answers the structured form, the text and open now", async () => {
    const { status, answer } = await send("POST", "/api/v1/businesses", body("Always Open Diner", "Mo-Su 00:00-24:00"));
    expect(status).toBe(201);
    expect(answer.openNow).toBe(true);
    expect(answer.openingHours?.osm).toBe("24/7");
    expect(answer.openingHours?.week.mo).toEqual([{ open: "00:00", close: "24:00" }]);
    const read = (await (await t.request(`/api/v1/businesses/${answer.id}`)).json()) as Answer;
    expect(read.openNow).toBe(true);
    expect(read.openingHours?.osm).toBe("24/7");
  });

  it("takes the structured form, keeps hours left out of a change, and removes them when sent null", async () => {
    const week = { mo: [], tu: [], we: [], th: [], fr: [], sa: [], su: [] };
    const created = await send("POST", "/api/v1/businesses", body("Never Open Hall", { week, closedOnPublicHolidays: true }));
    expect(created.status).toBe(201);
    expect(created.answer.openNow).toBe(false);
    expect(created.answer.openingHours?.osm).toBe("off; PH off");

    const kept = await send("PUT", `/api/v1/businesses/${created.answer.id}`, { ...body("Never Open Hall", undefined) });
    expect(kept.answer.openingHours?.closedOnPublicHolidays).toBe(true);
    const removed = await send("PUT", `/api/v1/businesses/${created.answer.id}`, body("Never Open Hall", null));
    expect(removed.answer.openingHours).toBeNull();
    expect(removed.answer.openNow).toBeNull();
  });

  it("lists only the businesses open now with openNow=true", async () => {
    const open = await send("POST", "/api/v1/businesses", body("Open Filter Cafe", "Mo-Su 00:00-24:00"));
    const closed = await send("POST", "/api/v1/businesses", body("Closed Filter Cafe", "off"));
    const unknown = await send("POST", "/api/v1/businesses", body("Unknown Filter Cafe", null));
    const ids = async (query: string) => ((await (await t.request(`/api/v1/businesses${query}`)).json()) as Answer[]).map((b) => b.id);
    const openIds = await ids("?openNow=true");
    expect(openIds).toContain(open.answer.id);
    expect(openIds).not.toContain(closed.answer.id);
    expect(openIds).not.toContain(unknown.answer.id);
    expect(await ids("?openNow=false")).toContain(closed.answer.id);
    expect(await ids("")).toContain(unknown.answer.id);
    expect((await t.request("/api/v1/businesses?openNow=maybe")).status).toBe(400);
  });

  it("refuses bad hours beside the field and stores nothing", async () => {
    const before = (await t.services.businesses.list({})).length;
    const syntax = await send("POST", "/api/v1/businesses", body("Bad Syntax", "Mo 25:00-17:00"));
    expect(syntax.status).toBe(400);
    expect(syntax.answer.error?.fields?.openingHours).toMatch(/^Opening hours: .*Time range starts outside of the current day/);
    const overlap = await send("POST", "/api/v1/businesses", body("Overlap", { week: { tu: [{ open: "09:00", close: "13:00" }, { open: "12:00", close: "17:00" }] } }));
    expect(overlap.status).toBe(400);
    expect(overlap.answer.error?.fields?.openingHours).toBe("Tuesday has overlapping opening times.");
    const backwards = await send("POST", "/api/v1/businesses", body("Backwards", { week: {}, exceptions: [{ from: "2026-12-26", to: "2026-12-20" }] }));
    expect(backwards.answer.error?.fields?.openingHours).toBe("The exception from 2026-12-26 ends before it starts.");
    const wrongType = await send("POST", "/api/v1/businesses", body("Wrong", 42));
    expect(wrongType.status).toBe(400);
    expect((await t.services.businesses.list({})).length).toBe(before);
  });

  it("is described on the business in the OpenAPI document", async () => {
    const document = (await (await t.request("/api/v1/openapi.json")).json()) as { paths: Record<string, Record<string, { parameters?: Array<{ name: string }> }>> };
    expect(JSON.stringify(document)).toContain('"openNow"');
    expect(JSON.stringify(document)).toContain('"osm"');
    expect(document.paths["/businesses"]?.get?.parameters?.map((p) => p.name)).toContain("openNow");
  });
});
