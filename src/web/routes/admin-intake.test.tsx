// @vitest-environment jsdom
// The admin's Intake forms tab, through its real loader against a stand-in API: a page of forms at a time with the
// other admin lists' page size, pager and address parameters, and a page past the last taken to the last.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { IntakeSubmission } from "#shared/schemas/intake.ts";
import { openListRoute, pagedList } from "#tests/setup/admin-lists.tsx";
import { accessibleName, alerts, click, waitFor } from "#tests/setup/dom.ts";
import IntakeSubmissions, { clientLoader } from "./admin-intake.tsx";

const submission = (n: number): IntakeSubmission => ({
  id: `intake-${n}`,
  createdAt: new Date(Date.UTC(2026, 10, 1) - n * 60_000).toISOString(),
  userId: "u-pat",
  userEmail: "pat@example.org",
  businessId: null,
  linkedBusinessName: null,
  businessName: `Shop ${n}`,
  ownerName: "Pat Lee",
  email: "pat@example.org",
  phone: null,
  address: null,
  links: null,
  businessType: null,
  objectives: [],
  tools: null,
  challenges: null,
  services: null,
  discountPercent: null,
  bogo: false,
  freeGift: false,
  otherPromotion: null,
  ownerSignature: "Pat Lee",
  ownerSignedOn: "2026-11-01",
  representativeSignature: null,
  representativeSignedOn: null,
  feedback: null,
});

/** The API's list of `total` forms, newest first, paged as the server pages it; the queries it was asked. */
function fakeApi(total: number) {
  const asked: Array<Record<string, string>> = [];
  const all = Array.from({ length: total }, (_, i) => submission(i + 1));
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      const url = new URL(input, "http://localhost");
      if (url.pathname !== "/api/v1/intake") return new Response(null, { status: 404 });
      const query = Object.fromEntries(url.searchParams);
      asked.push(query);
      const page = Number(query.page ?? 1);
      const pageSize = Number(query.pageSize ?? 50);
      const ordered = query.sort === "asc" ? [...all].reverse() : all;
      const body = { items: ordered.slice((page - 1) * pageSize, page * pageSize), total, page, pageSize };
      return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
    }),
  );
  return asked;
}

const openTab = (address: string) => openListRoute("/admin/intake", IntakeSubmissions, clientLoader, address);

const heading = (page: HTMLElement) => accessibleName(page.querySelector("h2")!);
const { shown, pager, pagerText, link } = pagedList("Intake forms pages");

afterEach(() => vi.unstubAllGlobals());

describe("the Intake forms tab", () => {
  it("shows one page of 50 forms with the total, and the next page from the pager", async () => {
    const asked = fakeApi(120);
    const page = await openTab("/admin/intake");
    await waitFor(() => pager(page));

    expect(asked).toEqual([{ page: "1", pageSize: "50" }]);
    expect(heading(page)).toBe("Intake forms (120)");
    expect(shown(page)).toHaveLength(50);
    expect(shown(page)[0]).toBe("Shop 1");
    expect(pagerText(page)).toBe("1–50 of 120 (page 1 of 3)");
    expect(link(page, "Export CSV of all intake form submissions")?.getAttribute("href")).toBe("/api/v1/exports/intake.csv");

    await click(link(page, "Next")!);
    await waitFor(() => shown(page)[0] === "Shop 51");
    expect(asked.at(-1)).toEqual({ page: "2", pageSize: "50" });
    expect(pagerText(page)).toBe("51–100 of 120 (page 2 of 3)");
    expect(alerts(page)).toEqual([]);
  });

  it("asks for the order and page in the address", async () => {
    const asked = fakeApi(120);
    const page = await openTab("/admin/intake?sort=asc&page=2");
    await waitFor(() => pager(page));

    expect(asked).toEqual([{ page: "2", pageSize: "50", sort: "asc" }]);
    expect(shown(page)[0]).toBe("Shop 70");
    // The Order picker shows the order asked for.
    expect([...page.querySelectorAll("button")].map((button) => accessibleName(button))).toContain("Oldest first");
  });

  it("goes to the last page from a page past it", async () => {
    const asked = fakeApi(120);
    const page = await openTab("/admin/intake?page=9");
    await waitFor(() => pager(page));

    expect(asked.map((query) => query.page)).toEqual(["9", "3"]);
    expect(pagerText(page)).toBe("101–120 of 120 (page 3 of 3)");
    expect(shown(page)).toEqual(Array.from({ length: 20 }, (_, i) => `Shop ${101 + i}`));
  });

  it("says when no forms have been sent", async () => {
    fakeApi(0);
    const page = await openTab("/admin/intake");
    await waitFor(() => page.textContent?.includes("No intake forms have been sent yet."));
    expect(heading(page)).toBe("Intake forms (0)");
    expect(pager(page)).toBeNull();
  });
});
