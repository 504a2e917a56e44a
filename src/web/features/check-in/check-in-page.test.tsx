// @vitest-environment jsdom
// The door's page in the organizer's language: its counts, the list's lines and the announcement of a check-in in
// French on a French page, and in today's English otherwise.
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createI18n, type Language } from "#shared/i18n/index.ts";
import type { Attendee } from "#shared/schemas/registration.ts";
import { accessibleName, click, getButton, render, waitFor } from "#tests/setup/dom.ts";
import { CheckInPage } from "./check-in-page.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const person = (id: string, name: string, change: Partial<Attendee> = {}): Attendee => ({
  id,
  date: null,
  name,
  email: `${id}@example.com`,
  partySize: 1,
  status: "confirmed",
  answers: {},
  checkedInAt: null,
  createdAt: "2026-11-01T10:00:00.000Z",
  ...change,
});

async function door(language: Language) {
  // The server takes every check-in at once.
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify({ id: "pat", eventId: "e1", date: null, name: "Pat Lee", partySize: 2, checkedInAt: "2026-12-04T23:05:00.000Z", alreadyCheckedIn: false }), { status: 200, headers: { "Content-Type": "application/json" } })),
  );
  const items = [person("pat", "Pat Lee", { partySize: 2 }), person("sam", "Sam Roy", { checkedInAt: "2026-12-04T23:30:00.000Z" }), person("lou", "Lou Chen", { status: "waitlisted" })];
  const i18n = await createI18n(language, ["common", "manage"]);
  return render(
    <I18nextProvider i18n={i18n}>
      <CheckInPage data={{ eventId: "e1", date: null, title: "Heritage walk", when: "", timeZone: "America/Toronto", items }} />
    </I18nextProvider>,
  );
}

const lines = (page: HTMLElement) => [...page.querySelectorAll("li p.text-sm")].map((line) => accessibleName(line));
const said = (page: HTMLElement) => page.querySelector('[role="status"]')!.textContent;

describe("the door's page", () => {
  it("is in French on a French page", async () => {
    const page = await door("fr");
    expect(page.querySelector('[data-testid="check-in-counts"]')!.textContent).toBe("1 arrivées sur 3");
    expect(lines(page)).toEqual(["1 personne · Sur la liste d'attente", "Groupe de 2", "1 personne · Arrivée à 18 h 30"]);
    expect(getButton(page, "Lire un code")).toBeTruthy();
    await click(getButton(page, "Accueillir Pat Lee"));
    expect(await waitFor(() => /enregistrée/.test(said(page) ?? "") && said(page))).toBe("Arrivée de Pat Lee (groupe de 2) enregistrée.");
  });

  it("is today's English on an English page", async () => {
    const page = await door("en");
    expect(page.querySelector('[data-testid="check-in-counts"]')!.textContent).toBe("1 of 3 checked in");
    expect(lines(page)).toEqual(["1 person · On the waiting list", "Party of 2", "1 person · Checked in at 6:30 PM"]);
    expect(getButton(page, "Scan a code")).toBeTruthy();
    await click(getButton(page, "Check in Pat Lee"));
    expect(await waitFor(() => /checked in\.$/.test(said(page) ?? "") && said(page))).toBe("Pat Lee (party of 2) checked in.");
  });
});
