// The map page of a server that has not read every business yet (decision 0064): answered at once without its sketch,
// and not kept for the next visitor (the anonymous cache keeps no page marked so), who gets the sketch once it is read.
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ORIGIN, setUpTestApp } from "#tests/setup/app.ts";
import { createBusiness } from "#server/db/factories.ts";
import { appContext } from "#web/lib/app-context.ts";
import { loader as mapLoader } from "#web/routes/map.tsx";

const t = setUpTestApp();

/** The map page's data as its loader gives it, and how many times it told the page not to be kept. */
async function mapPage() {
  let notKept = 0;
  const context = new RouterContextProvider();
  context.set(appContext, { services: t.services, user: null, nonce: "", siteUrl: ORIGIN, reportError: () => {}, notKept: () => void notKept++, fetch: async (path, init) => t.app.request(`${ORIGIN}${path}`, init) });
  const url = new URL(`${ORIGIN}/map`);
  const data = (await mapLoader({ context, request: new Request(url), url, pattern: "/map", params: {} } as never)) as { sketch: { total: number } | null };
  return { sketch: data.sketch, notKept };
}

describe("the map page while a server reads every business for the first time", () => {
  it("is answered without its sketch and not kept, and has it once the businesses are read", async () => {
    for (const [name, lat, lng] of [["Bean", 43.108, -79.072], ["Brew", 43.101, -79.061], ["Books", 43.104, -79.066]] as const) {
      await createBusiness(t.database.db, { name, lat, lng });
    }
    expect(await mapPage()).toEqual({ sketch: null, notKept: 1 });
    await t.services.mapClusters.warm();
    const built = await mapPage();
    expect(built.sketch?.total).toBe(3);
    expect(built.notKept).toBe(0);
  });
});
