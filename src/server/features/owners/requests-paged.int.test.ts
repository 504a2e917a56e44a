// The administrators' list of waiting requests a page at a time, with how many wait of each kind, so every request
// can be reached however many wait.
import { describe, expect, it } from "vitest";
import { newId } from "#server/db/ids.ts";
import { createBusiness, createCategory, createUser } from "#server/db/factories.ts";
import { setUpSignIn, setUpTestApp } from "#tests/setup/app.ts";
import { RequestRepository } from "./requests.repository.ts";

const t = setUpTestApp();
const admin = setUpSignIn(t, "admin");

describe("waiting requests, paged", () => {
  it("are listed a page at a time, oldest first, and counted by kind, past the first 50", async () => {
    const repository = new RequestRepository(t.database.db);
    const business = await createBusiness(t.database.db, { categoryId: (await createCategory(t.database.db)).id });
    const claims: string[] = [];
    for (let n = 0; n < 53; n++) {
      const user = await createUser(t.database.db);
      const id = newId();
      await repository.create({ id, kind: "claim", businessId: business.id, businessName: business.name, targetId: null, userId: user.id, payload: { role: "Owner" }, base: null });
      claims.push(id);
    }
    const list = async (query: string) => ((await (await t.request(`/api/v1/requests?${query}`, { cookie: admin.cookie })).json()) as Array<{ id: string }>).map((r) => r.id);
    const [first, second] = [await list("status=pending&kind=claim&page=1&pageSize=50"), await list("status=pending&kind=claim&page=2&pageSize=50")];
    expect(first).toHaveLength(50);
    expect([...first, ...second]).toEqual(await list("status=pending&kind=claim"));
    expect(new Set([...first, ...second])).toEqual(new Set(claims));
    expect(await (await t.request("/api/v1/requests/pending-count?kind=claim", { cookie: admin.cookie })).json()).toEqual({ count: 53 });
    expect(await (await t.request("/api/v1/requests/pending-count?kind=offer", { cookie: admin.cookie })).json()).toEqual({ count: 0 });
    expect((await t.request("/api/v1/requests?page=0", { cookie: admin.cookie })).status).toBe(400);
  });
});
