// @vitest-environment jsdom
// What the upload field says of a chosen file before sending it, above all of one the browser gives no type (Chrome on
// Windows does so for a phone's HEIC picture): judged by its name's extension, as the browser would have typed it.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { alerts, chooseFiles, getButton, render } from "#tests/setup/dom.ts";
import { UploadField } from "./upload-field.tsx";

const KINDS_TAKEN = "This kind of file cannot be uploaded here. Please choose a PNG, JPEG or GIF image.";

// jsdom draws no images and keeps no object URLs: every file counts as a picture it could draw.
beforeEach(() => {
  vi.stubGlobal("createImageBitmap", async () => ({ close() {} }));
  vi.stubGlobal("URL", Object.assign(class extends URL {}, { createObjectURL: () => "blob:preview", revokeObjectURL: () => undefined }));
});
afterEach(() => vi.unstubAllGlobals());

async function choose(file: File, kind: "profilePicture" | "document" = "profilePicture") {
  const page = await render(<UploadField kind={kind} label="New profile picture" onUploaded={() => undefined} />);
  await chooseFiles(page.querySelector<HTMLInputElement>('input[type="file"]')!, [file]);
  return { alerts: alerts(page), preview: page.querySelector("img")?.alt ?? null, uploadEnabled: !getButton(page, "Upload").disabled };
}

const untyped = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: "" });

describe("the upload field, given a file", () => {
  it("without a type and named .heic or .heif, says the kind is not taken here, as for a typed HEIC", async () => {
    const refused = { alerts: [KINDS_TAKEN], preview: null, uploadEnabled: false };
    expect(await choose(untyped("IMG_0001.HEIC"))).toEqual(refused);
    expect(await choose(untyped("IMG_0002.heif"))).toEqual(refused);
    expect(await choose(new File(["x"], "IMG_0003.HEIC", { type: "image/heic" }))).toEqual(refused);
  });

  it("without a type and named as an image of a kind taken, takes it and leaves its content to the server", async () => {
    expect(await choose(untyped("holiday.JPG"))).toEqual({ alerts: [], preview: "Preview of holiday.JPG", uploadEnabled: true });
    expect(await choose(untyped("logo.png"))).toEqual({ alerts: [], preview: "Preview of logo.png", uploadEnabled: true });
  });

  it("without a type and named otherwise, says which kinds are taken", async () => {
    for (const name of ["notes.txt", "picture", "banner.webp"]) {
      expect(await choose(untyped(name)), name).toEqual({ alerts: [KINDS_TAKEN], preview: null, uploadEnabled: false });
    }
  });

  it("typed as something other than an image, still asks for an image file", async () => {
    const pdf = new File(["%PDF-1.7"], "menu.pdf", { type: "application/pdf" });
    expect((await choose(pdf)).alerts).toEqual(["Please select an image file first."]);
  });

  it("for the library, takes a document by its name's extension, without a preview, and names the library's types otherwise", async () => {
    const docx = new File(["PK"], "Minutes.DOCX", { type: "" });
    expect(await choose(docx, "document")).toEqual({ alerts: [], preview: null, uploadEnabled: true });
    expect(await choose(new File(["a,b"], "budget.csv", { type: "text/csv" }), "document")).toEqual({ alerts: [], preview: null, uploadEnabled: true });
    const refused = "This kind of file cannot be uploaded here, or its contents are not what its name says. Please choose a PDF, DOCX, XLSX, PPTX, CSV, PNG, JPEG, GIF or WEBP file.";
    expect(await choose(new File(["<html>"], "page.html", { type: "text/html" }), "document")).toEqual({ alerts: [refused], preview: null, uploadEnabled: false });
  });
});
