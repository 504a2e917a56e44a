// @vitest-environment jsdom
// The Subscribers tab searched past the count's cap (decision 0063): its heading and pager say "more than", and Next
// stays a link; below the cap they say the exact count, as before.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminSubscriber } from "#shared/schemas/subscription.ts";
import { openListRoute, pagedList } from "#tests/setup/admin-lists.tsx";
import { accessibleName, waitFor } from "#tests/setup/dom.ts";
import AdminSubscribers, { clientLoader } from "./admin-subscribers.tsx";

const subscriber = (n: number): AdminSubscriber => ({
  id: `subscriber-${n}`,
  email: `reader-${n}@example.org`,
  state: "confirmed",
  topics: ["news"],
  createdAt: "2026-11-01T12:00:00.000Z",
  confirmedAt: "2026-11-01T12:00:00.000Z",
  unsubscribedAt: null,
  failures: 0,
  consents: [],
});

/** The API's answer for a search: a full page, with `total` (and `totalIsLowerBound`) as the server counts them. */
function fakeApi(total: number, lowerBound: boolean) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      const url = new URL(input, "http://localhost");
      if (url.pathname !== "/api/v1/subscribers") return Response.json([]);
      const page = Number(url.searchParams.get("page"));
      const pageSize = Number(url.searchParams.get("pageSize"));
      const items = Array.from({ length: Math.min(pageSize, total - (page - 1) * pageSize) }, (_, i) => subscriber((page - 1) * pageSize + i + 1));
      return Response.json({ items, total, page, pageSize, ...(lowerBound ? { totalIsLowerBound: true } : {}) });
    }),
  );
}

const { pager, pagerText, link } = pagedList("Subscribers pages");
const open = async (address: string) => {
  const page = await openListRoute("/admin/subscribers", AdminSubscribers, clientLoader, address);
  await waitFor(() => pager(page));
  return page;
};

afterEach(() => vi.unstubAllGlobals());

describe("the Subscribers tab searched past the count's cap", () => {
  it("says more than 1,000 in its heading and pager, and keeps Next", async () => {
    fakeApi(1001, true);
    const page = await open("/admin/subscribers?q=reader");
    expect(accessibleName(page.querySelector("h2")!)).toBe("Subscribers (more than 1,000)");
    expect(pagerText(page)).toBe("1–50 of more than 1,000 (page 1 of more than 20)");
    expect(link(page, "Next")?.getAttribute("href")).toBe("/admin/subscribers?q=reader&page=2");
  });

  it("says the exact count below the cap", async () => {
    fakeApi(120, false);
    const page = await open("/admin/subscribers?q=reader");
    expect(accessibleName(page.querySelector("h2")!)).toBe("Subscribers (120)");
    expect(pagerText(page)).toBe("1–50 of 120 (page 1 of 3)");
  });
});
