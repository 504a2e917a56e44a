// @vitest-environment jsdom
// Where the keyboard focus goes as the lightbox opens and closes: on its Close button while open, back on the photo
// that opened it after.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { click, getButton, pressKey, render, settle } from "#tests/setup/dom.ts";
import { PhotoGallery } from "./photo-gallery.tsx";

const photos = [
  { path: "markers_photos/a_1.webp", url: "/files/markers_photos/a_1.webp", alt: "The patio at dusk" },
  { path: "markers_photos/a_2.webp", url: "/files/markers_photos/a_2.webp", alt: "The espresso bar" },
  { path: "markers_photos/a_3.webp", url: "/files/markers_photos/a_3.webp", alt: "Pastries on the counter" },
];

// jsdom has no modal dialogs: these do what the HTML standard has browsers do. showModal() focuses the dialog's
// first element with the autofocus attribute, else its first focusable one; close() gives the focus back to what had
// it before the dialog opened, then fires "close".
const FOCUSABLE = "button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]";
const before = new WeakMap<HTMLDialogElement, Element | null>();
const original = { showModal: HTMLDialogElement.prototype.showModal, close: HTMLDialogElement.prototype.close };
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    before.set(this, document.activeElement);
    this.setAttribute("open", "");
    (this.querySelector<HTMLElement>("[autofocus]") ?? this.querySelector<HTMLElement>(FOCUSABLE))?.focus();
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute("open");
    (before.get(this) as HTMLElement | null)?.focus?.();
    this.dispatchEvent(new Event("close"));
  };
});
afterAll(() => Object.assign(HTMLDialogElement.prototype, original));

const focusedName = () => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent;

describe("the photo gallery's lightbox", () => {
  it("opens with the focus on Close, and gives it back to the photo clicked when Close is pressed", async () => {
    const page = await render(<PhotoGallery photos={photos} name="Café Roma" />);
    // A click in Safari does not focus the button clicked.
    await click(getButton(page, "Open photo 2 of 3: The espresso bar"));
    const dialog = page.querySelector("dialog")!;
    expect(dialog.open).toBe(true);
    expect(focusedName()).toBe("Close");

    // Going through the photos does not change which one the focus returns to.
    await pressKey(dialog, "ArrowRight");
    expect(dialog.textContent).toContain("Pastries on the counter (3 of 3)");
    await click(getButton(dialog, "Close"));
    expect(dialog.open).toBe(false);
    expect(focusedName()).toBe("Open photo 2 of 3: The espresso bar");
  });

  it("gives the focus back to the photo when the browser closes the dialog (Escape)", async () => {
    const page = await render(<PhotoGallery photos={photos} name="Café Roma" />);
    const thumbnail = getButton(page, "Open photo 3 of 3: Pastries on the counter");
    thumbnail.focus();
    await click(thumbnail);
    const dialog = page.querySelector("dialog")!;
    expect(focusedName()).toBe("Close");

    await settle(() => dialog.close());
    expect(dialog.open).toBe(false);
    expect(document.activeElement).toBe(thumbnail);
  });

  it("goes to the next photo with the arrow toward the end of the line: the right one left to right, the left one right to left", async () => {
    const ltr = await render(<PhotoGallery photos={photos} name="Café Roma" />);
    await click(getButton(ltr, "Open photo 1 of 3: The patio at dusk"));
    const leftToRight = ltr.querySelector("dialog")!;
    await pressKey(leftToRight, "ArrowRight");
    expect(leftToRight.textContent).toContain("The espresso bar (2 of 3)");
    await pressKey(leftToRight, "ArrowLeft");
    expect(leftToRight.textContent).toContain("The patio at dusk (1 of 3)");
    await click(getButton(leftToRight, "Close"));

    const rtl = await render(
      <div dir="rtl">
        <PhotoGallery photos={photos} name="Café Roma" />
      </div>,
    );
    await click(getButton(rtl, "Open photo 1 of 3: The patio at dusk"));
    const rightToLeft = rtl.querySelector("dialog")!;
    await pressKey(rightToLeft, "ArrowLeft");
    expect(rightToLeft.textContent).toContain("The espresso bar (2 of 3)");
    await pressKey(rightToLeft, "ArrowRight");
    expect(rightToLeft.textContent).toContain("The patio at dusk (1 of 3)");
  });
});
