// @vitest-environment jsdom
// The admin's Requests tab, through its real loader against a stand-in API: the waiting requests a page at a time,
// with the pager the other admin lists have, so requests past the first page can be reached.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RequestDetail } from "#shared/schemas/owners.ts";
import { openListRoute, pagedList } from "#tests/setup/admin-lists.tsx";
import { alerts, click, waitFor } from "#tests/setup/dom.ts";
import RequestsTab, { clientLoader } from "./admin-requests.tsx";

const claim = (n: number): RequestDetail => ({
  id: `request-${n}`,
  kind: "claim",
  businessId: null,
  businessName: `Shop ${n}`,
  targetId: null,
  status: "pending",
  reason: null,
  requesterEmail: "pat@example.org",
  requesterName: "Pat",
  createdAt: new Date(Date.UTC(2026, 10, 1) + n * 60_000).toISOString(),
  updatedAt: new Date(Date.UTC(2026, 10, 1) + n * 60_000).toISOString(),
  decidedAt: null,
  payload: { role: "Owner" },
  fields: [{ name: "role", label: "Your role at the business", widget: "text", live: null, requested: "Owner", base: null, changed: true, conflict: false }],
  domainMatch: false,
});

/** The API with `total` waiting claims, oldest first, paged as the server pages them; the list queries it was asked. */
function fakeApi(total: number) {
  const asked: Array<Record<string, string>> = [];
  const all = Array.from({ length: total }, (_, i) => claim(i + 1));
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      const url = new URL(input, "http://localhost");
      const query = Object.fromEntries(url.searchParams);
      if (url.pathname === "/api/v1/requests/pending-count") return json({ count: total });
      if (url.pathname === "/api/v1/requests") {
        asked.push(query);
        const page = Number(query.page ?? 1);
        const pageSize = Number(query.pageSize ?? 500);
        return json(all.slice((page - 1) * pageSize, page * pageSize));
      }
      const one = all.find((r) => url.pathname === `/api/v1/requests/${r.id}`);
      if (one) return json(one);
      if (url.pathname === "/api/v1/moderation-settings") return json({ autoApproveListings: false, autoApproveEvents: false, autoApproveOffers: false, notificationEmail: "" });
      return json([]);
    }),
  );
  return asked;
}

const openTab = (address: string) => openListRoute("/admin/requests", RequestsTab, clientLoader, address);

const { shown, pager, pagerText, link } = pagedList("Waiting requests pages");

afterEach(() => vi.unstubAllGlobals());

describe("the Requests tab", () => {
  it("shows 50 waiting requests at a time, and the others through Next and Previous", async () => {
    const asked = fakeApi(63);
    const page = await openTab("/admin/requests");
    await waitFor(() => pager(page));
    expect(asked).toEqual([{ status: "pending", page: "1", pageSize: "50" }]);
    expect(shown(page)).toHaveLength(50);
    expect(shown(page)[0]).toBe("Claim: Shop 1");
    expect(pagerText(page)).toBe("1–50 of 63 (page 1 of 2)");

    await click(link(page, "Next")!);
    await waitFor(() => shown(page)[0] === "Claim: Shop 51");
    expect(shown(page)).toHaveLength(13);
    expect(asked.at(-1)).toEqual({ status: "pending", page: "2", pageSize: "50" });
    expect(pagerText(page)).toBe("51–63 of 63 (page 2 of 2)");

    await click(link(page, "Previous")!);
    await waitFor(() => shown(page)[0] === "Claim: Shop 1");
    expect(alerts(page)).toEqual([]);
  });

  it("shows no pager while every waiting request fits on one page", async () => {
    fakeApi(3);
    const page = await openTab("/admin/requests");
    await waitFor(() => shown(page).length === 3);
    expect(pager(page)).toBeNull();
  });
});
