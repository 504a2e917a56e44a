// @vitest-environment jsdom
// A member's answer refused by the server (the meeting ended or was cancelled while the page was open): the server's
// message is told beside the choices, which are marked invalid and keep what the member chose; an accepted answer says
// it is saved.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createRoutesStub } from "react-router";
import { meetingMessages } from "#shared/schemas/meeting.ts";
import { alerts, click, getButton, render, waitFor } from "#tests/setup/dom.ts";
import { RsvpForm } from "./rsvp-form.tsx";

afterEach(() => vi.unstubAllGlobals());

/** The API's answer to POST /api/v1/meetings/m-1/rsvp: refused with `refusal` (409) until it is null. */
function fakeApi(refusal: string | null) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = new URL(input, "http://localhost").pathname;
      if (path !== "/api/v1/meetings/m-1/rsvp" || init.method !== "POST") return new Response(null, { status: 404 });
      sent.push(JSON.parse(String(init.body)));
      const body = refusal ? { error: { code: "CONFLICT", message: refusal, fields: { response: refusal } } } : { myResponse: "yes" };
      return new Response(JSON.stringify(body), { status: refusal ? 409 : 200, headers: { "Content-Type": "application/json" } });
    }),
  );
  return sent;
}

async function renderForm() {
  const Stub = createRoutesStub([{ path: "/myqsa/meetings/m-1", Component: () => <RsvpForm meetingId="m-1" current={null} />, HydrateFallback: () => null }]);
  const page = await render(<Stub initialEntries={["/myqsa/meetings/m-1"]} />);
  return waitFor(() => page.querySelector("form") && page);
}

const radio = (page: HTMLElement, label: string) => [...page.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find((input) => input.labels?.[0]?.textContent?.trim() === label)!;

describe("the answer to a meeting", () => {
  for (const refusal of [meetingMessages.rsvpPast, meetingMessages.rsvpCancelled]) {
    it(`tells "${refusal}" beside the choices, keeping the one chosen`, async () => {
      const sent = fakeApi(refusal);
      const page = await renderForm();
      await click(radio(page, "Maybe"));
      await click(getButton(page, "Save my answer"));
      await waitFor(() => alerts(page).length > 0);
      expect(sent).toEqual([{ response: "maybe" }]);
      expect(alerts(page)).toEqual([refusal]);
      const choices = page.querySelector("fieldset")!;
      expect(choices.getAttribute("aria-invalid")).toBe("true");
      expect(document.getElementById(choices.getAttribute("aria-describedby")!)!.textContent).toBe(refusal);
      expect(radio(page, "Maybe").checked).toBe(true);
      expect(page.querySelector('[role="status"]')!.textContent).toBe("");
    });
  }

  it("says the answer is saved when the server takes it", async () => {
    const sent = fakeApi(null);
    const page = await renderForm();
    await click(radio(page, "Yes"));
    await click(getButton(page, "Save my answer"));
    await waitFor(() => page.querySelector('[role="status"]')!.textContent);
    expect(sent).toEqual([{ response: "yes" }]);
    expect(page.querySelector('[role="status"]')!.textContent).toBe(meetingMessages.answered);
    expect(alerts(page)).toEqual([]);
  });
});
