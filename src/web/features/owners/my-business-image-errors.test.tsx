// @vitest-environment jsdom
// An owner's logo the server refuses ("not one you uploaded"), through /mybusiness's real loader and action against a
// stand-in API and upload endpoint: the message is told beside the logo, tied to its file picker, which takes the
// focus; the logo picked and everything typed stay.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { requestMessages } from "#shared/schemas/owners.ts";
import { alerts, chooseFiles, click, getButton, waitFor } from "#tests/setup/dom.ts";
import { bakeryWith, described, field, openOwnerPage, type } from "#tests/setup/form-pages.tsx";
import { ownerPageAnswers, readyUploads, stubApi } from "#tests/setup/upload-fakes.ts";

vi.mock("tus-js-client", () => import("#tests/setup/upload-fakes.ts"));

const NOT_YOURS = requestMessages.notYourImage;

const bakery = bakeryWith({ logoUrl: "/files/logos/bakery_1_old.webp" });

/** The API as /mybusiness uses it, the listing's change refused with the logo's message. */
const fakeApi = () => stubApi({ answers: ownerPageAnswers(bakery), save: "/businesses/business-1", refusal: { logoPath: NOT_YOURS } });

beforeEach(() => readyUploads());
afterEach(() => vi.unstubAllGlobals());

describe("an owner's listing form", () => {
  it("tells a refused logo beside it, focuses its file picker, and keeps the logo and what was typed", async () => {
    const api = fakeApi();
    const { page, form } = await openOwnerPage();

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
    expect(described(picker)).toEqual([NOT_YOURS, expect.stringContaining("Choose or drop a file here")]);
    expect(form.querySelector<HTMLImageElement>('img[alt="Current logo"]')?.getAttribute("src")).toBe("/files/logos/new-logo_1_abc.webp");
    expect(field(form, "Phone").value).toBe("905-555-0101");
  });
});
