// @vitest-environment jsdom
// A form on a French page tells its faults in French beside the field at fault, whether the form's own schema found
// them or the server answered in English: a public form (an event's registration) and a signed-in one (the display
// name on My Account). On an English page the same messages stay the spec's English, word for word.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createRoutesStub, Outlet } from "react-router";
import type { ReactNode } from "react";
import { messages } from "#shared/messages.ts";
import { registrationMessages, type RegistrationInfo } from "#shared/schemas/registration.ts";
import { DisplayNameForm } from "#web/features/account/display-name-form.tsx";
import { RegistrationForm } from "#web/features/registration/registration-form.tsx";
import { click, getButton, render, waitFor } from "#tests/setup/dom.ts";

// ALTCHA's widget needs a secure context jsdom does not have (the registration's journeys run the real one in
// Chromium), and once defined in a worker's shared registry it would stand in the way of proof-of-work.test.tsx's own.
vi.mock("#web/components/ui/proof-of-work.tsx", () => ({ useProofOfWork: () => ({ widget: null, take: async () => "solved" }) }));

afterEach(() => vi.unstubAllGlobals());

/** A page in `language`: the root route's data names it, as the root loader does. */
function page(language: "en" | "fr", content: ReactNode) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: () => <Outlet />,
      HydrateFallback: () => null,
      loader: () => ({ language, languages: ["en", "fr"], defaultLanguage: "en" }),
      children: [{ index: true, Component: () => content }],
    },
  ]);
  return render(<Stub initialEntries={["/"]} />);
}

/** The messages shown beside a field: the list its control names with aria-describedby. */
const besideField = (control: Element) => {
  const id = control.getAttribute("aria-describedby");
  return id ? (document.getElementById(id)?.textContent ?? "") : "";
};

const event: RegistrationInfo = {
  eventId: "event-1",
  date: null,
  ownSettings: false,
  enabled: true,
  capacity: 40,
  maxPartySize: 4,
  opensAt: null,
  closesAt: null,
  questions: [],
  waitlist: false,
  cancelled: false,
  confirmedPlaces: 0,
  remainingPlaces: 40,
  waitlisted: 0,
  availability: "open",
};

/** The API refusing the registration in English, as it does for a client that names no language. */
function refuseRegistration() {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify({ error: { code: "validation", message: registrationMessages.required, fields: { partySize: registrationMessages.partySizeInvalid(4) } } }), { status: 400, headers: { "Content-Type": "application/json" } })),
  );
}

/** An event's registration on a page in `language`, sent and refused by the API: its party size field. */
async function refusedRegistration(language: "en" | "fr"): Promise<HTMLInputElement> {
  refuseRegistration();
  const view = await page(language, <RegistrationForm info={event} person={{ name: "Ana", email: "ana@example.com" }} />);
  const form = await waitFor(() => view.querySelector("form"));
  await waitFor(() => !getButton(form, /.+/).disabled);
  await click(getButton(form, /.+/));
  return waitFor(() => view.querySelector<HTMLInputElement>('input[name="partySize"][aria-invalid="true"]'));
}

describe("a field's error on a French page", () => {
  it("is French beside the field of an event's registration (a public form), from the server's English", async () => {
    const partySize = await refusedRegistration("fr");
    expect(await waitFor(() => besideField(partySize).includes("Le nombre") && besideField(partySize))).toBe("Le nombre de personnes doit être de 1 à 4.");
  });

  it("is the spec's English on the English page", async () => {
    expect(besideField(await refusedRegistration("en"))).toBe(registrationMessages.partySizeInvalid(4));
  });

  it("is French beside the display name on My Account (a signed-in form), from the form's own check", async () => {
    const view = await page("fr", <DisplayNameForm initial="" />);
    const form = await waitFor(() => view.querySelector("form"));
    await click(getButton(form, /.+/));
    const name = await waitFor(() => view.querySelector<HTMLInputElement>('input[name="displayName"][aria-invalid="true"]'));
    expect(await waitFor(() => besideField(name) !== messages.account.displayNameEmpty && besideField(name))).toBe("Le nom d’affichage ne peut pas être vide.");
  });

  it("is French above the button of a signed-in form when the server's refusal is about the whole request", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ error: { code: "unauthorized", message: "You must be signed in to do that." } }), { status: 401, headers: { "Content-Type": "application/json" } })));
    const view = await page("fr", <DisplayNameForm initial="Ana" />);
    const form = await waitFor(() => view.querySelector("form"));
    await click(getButton(form, /.+/));
    const alert = await waitFor(() => view.querySelector('[role="alert"]')?.textContent?.startsWith("Impossible") && view.querySelector('[role="alert"]'));
    expect(alert.textContent).toBe("Impossible de mettre à jour le nom d’affichage : Vous devez être connecté pour faire cela.");
  });
});
