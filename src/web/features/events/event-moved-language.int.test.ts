// A moved date of a series says, to an administrator, where the rule had it: in French on the French page.
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { setUpTestApp, ORIGIN } from "#tests/setup/app.ts";
import { appContext } from "#web/lib/app-context.ts";
import { loader } from "#web/routes/event.tsx";

const t = setUpTestApp();
let admin: Awaited<ReturnType<typeof t.signIn>>;
beforeAll(async () => {
  admin = await t.signIn("admin");
});

async function movedFrom(path: string, eventId: string, date: string): Promise<string | null> {
  const context = new RouterContextProvider();
  context.set(appContext, { services: t.services, user: admin.user, nonce: "", siteUrl: ORIGIN, reportError: () => {}, fetch: async (p, init) => t.app.request(`${ORIGIN}${p}`, init) });
  const url = new URL(`${ORIGIN}${path}`);
  const data = await loader({ context, request: new Request(url), url, pattern: "/events/:eventId/:date", params: { eventId, date } });
  if (!("state" in data) || data.state !== "ok") throw new Error(`no page at ${path}`);
  return data.movedFrom;
}

describe("a moved date of a series, to an administrator", () => {
  it("says where the rule had it in the page's language", async () => {
    // Thursdays 19:00–21:00 in Toronto from 1 May 2031; the second one moved to the Friday.
    const created = await t.request("/api/v1/events", {
      method: "POST",
      json: { name: "Thursday Trivia", eventDate: "2031-05-01T23:00:00.000Z", endDate: "2031-05-02T01:00:00.000Z", location: "outdoor", outdoorLocationDescription: "Market Square", recurrenceRule: "FREQ=WEEKLY" },
      cookie: admin.cookie,
    });
    const { id } = (await created.json()) as { id: string };
    const moved = await t.request(`/api/v1/events/${id}/occurrences/2031-05-08`, { method: "PUT", json: { startDate: "2031-05-09T23:00:00.000Z", endDate: "2031-05-10T01:00:00.000Z" }, cookie: admin.cookie });
    expect(moved.status).toBe(200);

    expect(await movedFrom(`/fr/events/${id}/2031-05-08`, id, "2031-05-08")).toBe("jeudi 8 mai 2031, 19 h – 21 h HAE");
    expect(await movedFrom(`/events/${id}/2031-05-08`, id, "2031-05-08")).toBe("Thursday, May 8, 2031, 7:00 PM – 9:00 PM EDT");
  });
});
