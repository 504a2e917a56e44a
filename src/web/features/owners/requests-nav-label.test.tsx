// @vitest-environment jsdom
// The Requests tab's name in the admin navigation reads as a sentence with how many requests wait, and as the plain
// name when none do; the count shows as a badge. The count comes from a stand-in API.
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { accessibleName, render, waitFor } from "#tests/setup/dom.ts";
import { RequestsNavLabel, useRequestsTabName, useWaitingRequests } from "./requests-nav-label.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The tab as the admin navigation draws it, once the count `answer` has come (or failed, for null). */
async function tab(answer: number | null): Promise<HTMLElement> {
  const asked = vi.fn(async () => (answer === null ? new Response("", { status: 500 }) : Response.json({ count: answer })));
  vi.stubGlobal("fetch", asked);
  const Tab = () => {
    const waiting = useWaitingRequests();
    const requestsTabName = useRequestsTabName();
    return (
      <div role="tab" aria-label={requestsTabName("Requests", waiting)} data-count={String(waiting)}>
        <RequestsNavLabel label="Requests" count={waiting} />
      </div>
    );
  };
  const Stub = createRoutesStub([{ path: "/", Component: Tab }]);
  const page = await render(<Stub />);
  // Drawn, and the count asked for and answered.
  return waitFor(() => asked.mock.calls.length > 0 && page.querySelector<HTMLElement>(`[role="tab"][data-count="${String(answer)}"]`));
}

describe("the Requests tab's name", () => {
  it("tells how many requests wait, as a sentence, beside a badge with the number", async () => {
    const shown = await tab(1);
    expect(accessibleName(shown)).toBe("Requests, 1 waiting");
    expect(shown.textContent).toBe("Requests 1");
  });

  it("is the plain name when none wait or the count is unknown", async () => {
    expect(accessibleName(await tab(0))).toBe("Requests");
    expect(accessibleName(await tab(null))).toBe("Requests");
  });
});
