// @vitest-environment jsdom
// An owner's gallery the server refuses ("not one you uploaded"), through /mybusiness's real loader and action against
// a stand-in API: the message is told beside the gallery, which it describes, and the gallery's first control takes
// the focus, or the refused photo's own row's when the API names its place (`photos.1.path`); the photos and their alt
// text stay.
import { afterEach, describe, expect, it, vi } from "vitest";
import { requestMessages } from "#shared/schemas/owners.ts";
import { alerts, click, getButton, waitFor } from "#tests/setup/dom.ts";
import { bakeryWith, described, field, openOwnerPage, type } from "#tests/setup/form-pages.tsx";
import { ownerPageAnswers, stubApi } from "#tests/setup/upload-fakes.ts";

const NOT_YOURS = requestMessages.notYourImage;

const bakery = bakeryWith({
  photos: [
    { path: "markers_photos/counter_1_old.webp", url: "/files/markers_photos/counter_1_old.webp", alt: "The counter" },
    { path: "markers_photos/ovens_1_new.webp", url: "/files/markers_photos/ovens_1_new.webp", alt: "The ovens" },
  ],
});

/** The API as /mybusiness uses it, the listing's change refused with the gallery's message (under `key`). */
const fakeApi = (key = "photos") => stubApi({ answers: ownerPageAnswers(bakery), save: "/businesses/business-1", refusal: { [key]: NOT_YOURS } });

/** The form's gallery, the group its legend names. */
const galleryOf = (form: HTMLFormElement) => [...form.querySelectorAll("fieldset")].find((set) => set.querySelector(":scope > legend")?.textContent === "Photos")!;

afterEach(() => vi.unstubAllGlobals());

describe("an owner's listing form", () => {
  it("tells a refused gallery beside it, focuses its first control, and keeps the photos and their alt text", async () => {
    const api = fakeApi();
    const { page, form } = await openOwnerPage();
    const gallery = galleryOf(form);

    await type(field(form, "Phone"), "905-555-0101");
    await type(field(gallery, "Alt text for photo 2 (required)"), "The ovens at dawn");
    await click(getButton(form, "Send changes for approval"));
    await waitFor(() => api.sent.length === 1 && alerts(page).includes(NOT_YOURS));
    expect(api.sent[0]).toMatchObject({ phone: "905-555-0101", photos: [{ alt: "The counter" }, { alt: "The ovens at dawn" }] });

    expect(gallery.getAttribute("aria-invalid")).toBe("true");
    expect(described(gallery)).toEqual([NOT_YOURS]);
    expect(document.activeElement).toBe(field(gallery, "Alt text for photo 1 (required)"));
    expect(field(gallery, "Alt text for photo 2 (required)").value).toBe("The ovens at dawn");
    expect(gallery.querySelectorAll("li img")).toHaveLength(2);
    expect(field(form, "Phone").value).toBe("905-555-0101");
  });

  it.each([
    { key: "photos.1.path", focused: "Alt text for photo 2 (required)", which: "the refused photo's row (the second)" },
    { key: "photos.1.alt", focused: "Alt text for photo 2 (required)", which: "the refused photo's row (the second)" },
    { key: "photos.0.path", focused: "Alt text for photo 1 (required)", which: "the refused photo's row (the first)" },
    { key: "photos.5.path", focused: "Alt text for photo 1 (required)", which: "the gallery's first control (no such photo)" },
  ])("after a photo refused under its place ($key), focuses $which and tells the message once on the gallery", async ({ key, focused }) => {
    const api = fakeApi(key);
    const { page, form } = await openOwnerPage();
    const gallery = galleryOf(form);

    await click(getButton(form, "Send changes for approval"));
    await waitFor(() => api.sent.length === 1 && alerts(page).includes(NOT_YOURS));

    // The keyboard is on the refused photo's first control (its alt text), or the gallery's first when no such photo is shown.
    expect(document.activeElement).toBe(field(gallery, focused));
    // The message is the gallery's, shown once, describing it; no photo's own control is marked.
    expect(gallery.getAttribute("aria-invalid")).toBe("true");
    expect(described(gallery)).toEqual([NOT_YOURS]);
    expect(gallery.textContent!.split(NOT_YOURS)).toHaveLength(2);
    expect(gallery.querySelectorAll('li [aria-invalid="true"]')).toHaveLength(0);
    expect(field(form, "Phone").getAttribute("aria-invalid")).toBeNull();
    expect(gallery.querySelectorAll("li img")).toHaveLength(2);
  });
});
