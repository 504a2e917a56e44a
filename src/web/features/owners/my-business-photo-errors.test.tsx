// @vitest-environment jsdom
// An owner's gallery the server refuses ("not one you uploaded"), through /mybusiness's real loader and action against
// a stand-in API: the message is told beside the gallery, which it describes, and the gallery's first control takes
// the focus; the photos and their alt text stay.
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Business } from "../../../shared/schemas/business.ts";
import { requestMessages } from "../../../shared/schemas/request.ts";
import { alerts, click, getButton, render, settle, waitFor } from "../../../../tests/setup/dom.ts";
import { ownerPageAnswers, stubApi } from "../../../../tests/setup/upload-fakes.ts";
import MyBusiness, { clientAction, clientLoader } from "../../routes/my-business.tsx";

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
  logoUrl: null,
  openingHours: null,
  openNow: null,
  socialLinks: [],
  photos: [
    { path: "markers_photos/counter_1_old.webp", url: "/files/markers_photos/counter_1_old.webp", alt: "The counter" },
    { path: "markers_photos/ovens_1_new.webp", url: "/files/markers_photos/ovens_1_new.webp", alt: "The ovens" },
  ],
  createdAt: "2026-03-01T12:00:00.000Z",
  lastUpdatedAt: "2026-03-01T12:00:00.000Z",
};

/** The API as /mybusiness uses it, the listing's change refused with the gallery's message. */
const fakeApi = () => stubApi({ answers: ownerPageAnswers(bakery), save: "/businesses/business-1", refusal: { photos: NOT_YOURS } });

/** The control a label holds within `scope`. */
function field(scope: ParentNode, label: string): HTMLInputElement {
  const found = [...scope.querySelectorAll("label")].filter((l) => l.textContent?.trim() === label);
  if (found.length !== 1) throw new Error(`Expected one field labelled ${label}, found ${found.length}`);
  return (found[0]!.htmlFor ? document.getElementById(found[0]!.htmlFor) : found[0]!.querySelector("input")) as HTMLInputElement;
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

afterEach(() => vi.unstubAllGlobals());

describe("an owner's listing form", () => {
  it("tells a refused gallery beside it, focuses its first control, and keeps the photos and their alt text", async () => {
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
    const gallery = [...form.querySelectorAll("fieldset")].find((set) => set.querySelector(":scope > legend")?.textContent === "Photos")!;

    await type(field(form, "Phone"), "905-555-0101");
    await type(field(gallery, "Alt text for photo 2 (required)"), "The ovens at dawn");
    await click(getButton(form, "Send changes for approval"));
    await waitFor(() => api.sent.length === 1 && alerts(page).includes(NOT_YOURS));
    expect(api.sent[0]).toMatchObject({ phone: "905-555-0101", photos: [{ alt: "The counter" }, { alt: "The ovens at dawn" }] });

    expect(gallery.getAttribute("aria-invalid")).toBe("true");
    expect(description(gallery)).toEqual([NOT_YOURS]);
    expect(document.activeElement).toBe(field(gallery, "Alt text for photo 1 (required)"));
    expect(field(gallery, "Alt text for photo 2 (required)").value).toBe("The ovens at dawn");
    expect(gallery.querySelectorAll("li img")).toHaveLength(2);
    expect(field(form, "Phone").value).toBe("905-555-0101");
  });
});
