// @vitest-environment jsdom
// The Requests tab's name in the admin navigation reads as a sentence with how many requests wait, and as the plain
// name when none do; the count shows as a badge.
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { accessibleName, render, settle, waitFor } from "#tests/setup/dom.ts";
import { RequestsNavLabel, requestsTabName, useWaitingRequests } from "./requests-nav-label.tsx";

const pending = vi.hoisted(() => ({ count: 0 as number | null, answered: Promise.resolve<number | null>(null) }));
vi.mock("./requests-api.ts", () => ({
  fetchPendingCount: () => (pending.answered = Promise.resolve(pending.count)),
}));

async function tabName(count: number | null): Promise<string> {
  pending.count = count;
  const Tab = () => {
    const waiting = useWaitingRequests();
    return (
      <div role="tab" aria-label={requestsTabName("Requests", waiting)}>
        <RequestsNavLabel label="Requests" count={waiting} />
      </div>
    );
  };
  const Stub = createRoutesStub([{ path: "/", Component: Tab }]);
  const page = await render(<Stub />);
  const tab = await waitFor(() => page.querySelector('[role="tab"]'));
  // The count's answer, and the render it brings.
  await settle(async () => {
    await pending.answered;
  });
  return accessibleName(tab);
}

describe("the Requests tab's name", () => {
  it("tells how many requests wait, as a sentence", async () => {
    expect(await tabName(1)).toBe("Requests, 1 waiting");
    expect(document.querySelector('[role="tab"]')?.textContent).toBe("Requests 1");
  });

  it("is the plain name when none wait or the count is unknown", async () => {
    expect(await tabName(0)).toBe("Requests");
    expect(await tabName(null)).toBe("Requests");
  });
});
