// @vitest-environment jsdom
// The admin's Requests tab, through its real loader against a stand-in API: the waiting requests a page at a time,
// with the pager the other admin lists have, so requests past the first page can be reached.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RequestDetail } from "#shared/schemas/owners.ts";
import { openListRoute, pagedList } from "#tests/setup/admin-lists.tsx";
import { accessibleName, alerts, click, getButton, settle, waitFor } from "#tests/setup/dom.ts";
import RequestsTab, { clientAction, clientLoader } from "./admin-requests.tsx";

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

const BUSINESSES = [{ id: "Bk7qX2mP9sT4vW8yZ1aC", name: "Corner Bakery" }];

/** An event waiting, to be held at a business named by its id. */
const eventAt = (location: string): RequestDetail => ({
  ...claim(99),
  id: "request-event",
  kind: "event",
  businessName: "Corner Bakery",
  payload: { name: "Bread class", location },
  fields: [{ name: "location", label: "Location", widget: "select", live: null, requested: location, base: null, changed: true, conflict: false }],
});

/** The API with `total` waiting claims, oldest first, paged as the server pages them; the list queries it was asked. */
/** The rejections the stand-in API was sent, by request id, with their bodies. */
let rejected: Array<{ id: string; body: unknown }> = [];

function fakeApi(total: number, extra: RequestDetail[] = []) {
  const asked: Array<Record<string, string>> = [];
  rejected = [];
  const all = [...Array.from({ length: total }, (_, i) => claim(i + 1)), ...extra];
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, "http://localhost");
      const rejecting = url.pathname.match(/^\/api\/v1\/requests\/([^/]+)\/reject$/);
      if (rejecting && init?.method === "POST") {
        rejected.push({ id: decodeURIComponent(rejecting[1]!), body: JSON.parse(String(init.body)) });
        return json({ ...all.find((r) => r.id === rejecting[1]), status: "rejected" });
      }
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
      if (url.pathname === "/api/v1/businesses") throw new Error("every business read");
      if (url.pathname === "/api/v1/admin/business-names") {
        asked.push({ names: query.ids! });
        return json({ items: BUSINESSES.filter((b) => query.ids!.split(",").includes(b.id)) });
      }
      if (url.pathname === "/api/v1/moderation-settings") return json({ autoApproveListings: false, autoApproveEvents: false, autoApproveOffers: false, notificationEmail: "" });
      return json([]);
    }),
  );
  return asked;
}

const openTab = (address: string) => openListRoute("/admin/requests", RequestsTab, clientLoader, address, clientAction);

const { shown, pager, pagerText, link } = pagedList("Waiting requests pages");

afterEach(() => vi.unstubAllGlobals());

describe("the Requests tab", () => {
  it("shows 50 waiting requests at a time, and the others through Next and Previous", async () => {
    const asked = fakeApi(63);
    const page = await openTab("/admin/requests");
    await waitFor(() => pager(page));
    expect(asked.filter((query) => !query.names)).toEqual([{ status: "pending", page: "1", pageSize: "50" }]);
    expect(shown(page)).toHaveLength(50);
    expect(shown(page)[0]).toBe("Claim: Shop 1");
    expect(pagerText(page)).toBe("1–50 of 63 (page 1 of 2)");

    await click(link(page, "Next")!);
    await waitFor(() => shown(page)[0] === "Claim: Shop 51");
    expect(shown(page)).toHaveLength(13);
    expect(asked.filter((query) => !query.names).at(-1)).toEqual({ status: "pending", page: "2", pageSize: "50" });
    expect(pagerText(page)).toBe("51–63 of 63 (page 2 of 2)");

    await click(link(page, "Previous")!);
    await waitFor(() => shown(page)[0] === "Claim: Shop 1");
    expect(alerts(page)).toEqual([]);
  });

  it("names the businesses its requests hold by id, read by those ids alone", async () => {
    const asked = fakeApi(1, [eventAt(BUSINESSES[0]!.id)]);
    const page = await openTab("/admin/requests");
    await waitFor(() => shown(page).length === 2);
    expect(page.textContent).toContain("Corner Bakery");
    expect(page.textContent).not.toContain(BUSINESSES[0]!.id);
    const names = asked.flatMap((query) => (query.names ? query.names.split(",") : []));
    expect(names).toContain(BUSINESSES[0]!.id);
    expect(alerts(page)).toEqual([]);
  });

  it("shows no pager while every waiting request fits on one page", async () => {
    fakeApi(3);
    const page = await openTab("/admin/requests");
    await waitFor(() => shown(page).length === 3);
    expect(pager(page)).toBeNull();
  });

  it("tells a missing reason for rejecting beside its field, and rejects with the reason once given", async () => {
    fakeApi(1);
    const page = await openTab("/admin/requests");
    await waitFor(() => shown(page).length === 1);
    const reason = page.querySelector<HTMLInputElement>('input[name="reason"]')!;
    expect(accessibleName(page.querySelector(`label[for="${reason.id}"]`)!)).toBe("Reason for rejecting");

    await click(getButton(page, "Reject"));
    const described = reason.getAttribute("aria-describedby") ?? "";
    expect(reason.getAttribute("aria-invalid")).toBe("true");
    expect(accessibleName(page.ownerDocument.getElementById(described.split(" ")[0]!)!)).toBe("Say why the request is rejected.");
    expect(rejected).toEqual([]);

    await settle(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(reason, "  Not the owner's listing ");
      reason.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await click(getButton(page, "Reject"));
    await waitFor(() => rejected.length === 1);
    expect(rejected).toEqual([{ id: "request-1", body: { reason: "Not the owner's listing" } }]);
    await waitFor(() => page.textContent?.includes("Claim: Shop 1: rejected."));
  });
});
