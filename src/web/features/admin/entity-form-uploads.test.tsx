// @vitest-environment jsdom
// A form with two upload controls, a business's logo and its gallery, sending a file each at once: its submit button
// waits until both are done, whichever finishes first (the gallery's control goes away as its photo is added).
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { businessView } from "#shared/schemas/business.ts";
import { chooseFiles, click, getButton, render, settle, waitFor } from "#tests/setup/dom.ts";
import { readyUploads, waitingUploads } from "#tests/setup/upload-fakes.ts";
import { PhotosEditor } from "../business/index.ts";
import { EntityForm } from "#web/components/ui/entity-form.tsx";

vi.mock("tus-js-client", () => import("#tests/setup/upload-fakes.ts"));

const views = { logoPath: businessView.fields.logoPath!, photos: businessView.fields.photos! };

async function openForm() {
  const Form = () => <EntityForm id="marker" views={views} defaultValue={{}} sources={{}} round="0" hidden={{}} submitLabel="Save" widgets={{ photos: PhotosEditor }} />;
  const Stub = createRoutesStub([{ path: "/", Component: Form }]);
  const page = await render(<Stub />);
  const form = await waitFor(() => page.querySelector("form"));
  return {
    logo: form.querySelector<HTMLElement>('[data-field="logoPath"]')!,
    gallery: form.querySelector<HTMLElement>('[data-field="photos"]')!,
    submit: getButton(form, "Save"),
  };
}

/** Chooses a picture in the upload control within `scope` and sends it; the upload endpoint holds it unanswered. */
async function startUpload(scope: HTMLElement, fileName: string) {
  await chooseFiles(scope.querySelector<HTMLInputElement>('input[type="file"]')!, [new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], fileName, { type: "image/png" })]);
  await click(getButton(scope, "Upload"));
  await waitFor(() => waitingUploads.has(fileName));
}

beforeEach(() => readyUploads({ hold: true }));
afterEach(() => vi.unstubAllGlobals());

describe("an entity form's submit button, with a logo and a gallery photo uploading at once", () => {
  it.each([
    { first: "logo", second: "gallery" },
    { first: "gallery", second: "logo" },
  ] as const)("stays disabled when the $first upload is done while the $second one goes on, and is enabled once both are done", async ({ first, second }) => {
    const { logo, gallery, submit } = await openForm();
    expect(submit.disabled).toBe(false);

    await startUpload(logo, "logo.png");
    await click(getButton(gallery, "Add a photo"));
    await startUpload(gallery, "ovens.png");
    expect(submit.disabled).toBe(true);

    /** Lets the upload endpoint answer the upload, until its control shows it done. */
    const finish = async (which: "logo" | "gallery") => {
      await settle(() => waitingUploads.get(which === "logo" ? "logo.png" : "ovens.png")!());
      await waitFor(() => (which === "logo" ? logo.querySelector('[role="status"]')?.textContent === "Upload complete." : gallery.querySelectorAll("li img").length === 1));
    };
    await finish(first);
    expect(submit.disabled).toBe(true);
    await finish(second);
    expect(submit.disabled).toBe(false);
  });
});
