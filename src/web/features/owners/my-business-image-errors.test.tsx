// @vitest-environment jsdom
// An owner's logo the server refuses ("not one you uploaded"), through /mybusiness's real loader and action against a
// stand-in API and upload endpoint: the message is told beside the logo, tied to its file picker, which takes the
// focus; the logo picked and everything typed stay.
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Business } from "../../../shared/schemas/business.ts";
import { requestMessages } from "../../../shared/schemas/request.ts";
import { alerts, chooseFiles, click, getButton, render, settle, waitFor } from "../../../../tests/setup/dom.ts";
import { ownerPageAnswers, readyUploads, stubApi } from "../../../../tests/setup/upload-fakes.ts";
import MyBusiness, { clientAction, clientLoader } from "../../routes/my-business.tsx";

vi.mock("tus-js-client", () => import("../../../../tests/setup/upload-fakes.ts"));

const NOT_YOURS = requestMessages.notYourImage;

const bakery: Business = {
  id: "business-1",
  name: "Queen Street Bakery",
  categoryId: "category-1",
  category: "Food",
  categoryColor: "#aa3300",
  description: "Bread since 1952.",
  address: "12 Queen Street",
  website: null,
  phone: null,
  email: null,
  coordinates: { lat: 43.1, lng: -79.07 },
  tags: [],
  logoUrl: "/files/logos/bakery_1_old.webp",
  openingHours: null,
  openNow: null,
  socialLinks: [],
  photos: [],
  createdAt: "2026-03-01T12:00:00.000Z",
  lastUpdatedAt: "2026-03-01T12:00:00.000Z",
};

/** The API as /mybusiness uses it, the listing's change refused with the logo's message. */
const fakeApi = () => stubApi({ answers: ownerPageAnswers(bakery), save: "/businesses/business-1", refusal: { logoPath: NOT_YOURS } });

/** The control a label names within `scope`. */
function field(scope: ParentNode, label: string): HTMLInputElement {
  const found = [...scope.querySelectorAll("label")].filter((l) => l.textContent?.trim() === label);
  if (found.length !== 1) throw new Error(`Expected one field labelled ${label}, found ${found.length}`);
  return document.getElementById(found[0]!.htmlFor) as HTMLInputElement;
}

async function type(input: HTMLInputElement, value: string) {
  await settle(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

const description = (control: Element) =>
  (control.getAttribute("aria-describedby") ?? "")
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? "");

beforeEach(() => readyUploads());
afterEach(() => vi.unstubAllGlobals());

describe("an owner's listing form", () => {
  it("tells a refused logo beside it, focuses its file picker, and keeps the logo and what was typed", async () => {
    const api = fakeApi();
    const Stub = createRoutesStub([
      {
        path: "/mybusiness",
        Component: MyBusiness,
        HydrateFallback: () => null,
        loader: () => clientLoader(),
        action: (args) => clientAction(args as Parameters<typeof clientAction>[0]),
      },
    ]);
    const page = await render(<Stub initialEntries={["/mybusiness"]} />);
    const form = await waitFor(() => page.querySelector<HTMLFormElement>("form#listing-business-1"));

    await type(field(form, "Phone"), "905-555-0101");
    await chooseFiles(field(form, "Replace logo"), [new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "new-logo.png", { type: "image/png" })]);
    await click(getButton(form, "Upload"));
    await waitFor(() => form.querySelector('[role="status"]')?.textContent === "Upload complete.");

    await click(getButton(form, "Send changes for approval"));
    await waitFor(() => api.sent.length === 1 && alerts(page).includes(NOT_YOURS));
    expect(api.sent[0]).toMatchObject({ logoPath: "logos/new-logo_1_abc.webp", phone: "905-555-0101" });

    const picker = field(form, "Replace logo");
    expect(document.activeElement).toBe(picker);
    expect(picker.getAttribute("aria-invalid")).toBe("true");
    expect(description(picker)).toEqual([NOT_YOURS, expect.stringContaining("Choose or drop a file here")]);
    expect(form.querySelector<HTMLImageElement>('img[alt="Current logo"]')?.getAttribute("src")).toBe("/files/logos/new-logo_1_abc.webp");
    expect(field(form, "Phone").value).toBe("905-555-0101");
  });
});
