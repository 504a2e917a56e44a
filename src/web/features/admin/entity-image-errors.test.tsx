// @vitest-environment jsdom
// An image the server refuses (already used elsewhere) in the Events and Markers forms, through the admin tab's real
// loader and action against a stand-in API and upload endpoint: the message is told beside the image field, tied to its
// file picker, which takes the focus; the image picked and everything typed stay, and are sent again as they were.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { messages } from "#shared/messages.ts";
import type { AdminEvent } from "#shared/schemas/event.ts";
import { alerts, chooseFiles, click, getButton, waitFor } from "#tests/setup/dom.ts";
import { adminBakeryWith, field, openAdminTab, sendAgainAccepted, type } from "#tests/setup/form-pages.tsx";
import { readyUploads, stubApi } from "#tests/setup/upload-fakes.ts";

vi.mock("tus-js-client", () => import("#tests/setup/upload-fakes.ts"));

const LOGO_IN_USE = "This logo is already used elsewhere on the site, such as by another business. Upload it again for this business.";

const springMarket: AdminEvent = {
  id: "event-1",
  name: "Spring Market",
  description: "Stalls along Queen Street.",
  location: "business-1",
  outdoorLocationDescription: null,
  ticketsLink: null,
  eventDate: "2026-05-02T14:00:00.000Z",
  endDate: null,
  allDay: false,
  sequence: 0,
  recurrenceRule: null,
  occurrenceDate: null,
  cancelled: false,
  previousStartDate: null,
  imageUrl: "/files/events/market_1_old.webp",
  imageStoragePath: "events/market_1_old.webp",
  ownerUid: null,
  locationText: "Queen Street Bakery",
  descriptionPreview: "Stalls along Queen Street.",
  createdAt: "2026-03-01T12:00:00.000Z",
  lastUpdatedAt: "2026-03-01T12:00:00.000Z",
};

const bakery = adminBakeryWith({ logoUrl: "/files/logos/bakery_1_old.webp", logoStoragePath: "logos/bakery_1_old.webp" });

/**
 * The API as the tab uses it: the list, the form's choices, and the item's save, refused with these field messages
 * until the test lets it through.
 */
const fakeApi = (list: string, item: { id: string }, save: string, refusal: Record<string, string>) =>
  stubApi({
    answers: {
      // The business picker's first page and the names of the businesses the page's items have chosen.
      "/admin/businesses": { items: [{ id: bakery.id, name: bakery.name }], total: 1, page: 1, pageSize: 20 },
      "/admin/business-names": { items: [{ id: bakery.id, name: bakery.name }] },
      [list]: { items: [item], total: 1, page: 1, pageSize: 50 },
      [`${list}/${item.id}`]: item,
      "/categories": [{ id: "category-1", name: "Food" }],
      "/tags": [],
    },
    save,
    refusal,
  });

/** The elements a control names in aria-describedby. */
const describers = (control: Element) =>
  (control.getAttribute("aria-describedby") ?? "")
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id))
    .filter((element): element is HTMLElement => !!element);

/** Chooses a picture in the upload field labelled `label` and sends it, until the form shows it. */
async function upload(page: HTMLElement, label: string, fileName: string) {
  await chooseFiles(field(page, label), [new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], fileName, { type: "image/png" })]);
  await click(getButton(page, "Upload"));
  // The upload's own status: the form's business picker has one too.
  await waitFor(() => [...page.querySelectorAll('[role="status"]')].some((status) => status.textContent === "Upload complete."));
}

/** What the file picker says of itself, and where its message is: after it, in the image field, before the buttons. */
function pickerState(picker: HTMLInputElement, message: string) {
  const [error] = describers(picker).filter((element) => element.textContent === message);
  const submit = picker.form!.querySelector('button[type="submit"]')!;
  return {
    invalid: picker.getAttribute("aria-invalid"),
    described: describers(picker).map((element) => element.textContent),
    below: !!error && !!(picker.compareDocumentPosition(error) & Node.DOCUMENT_POSITION_FOLLOWING) && !!(error.compareDocumentPosition(submit) & Node.DOCUMENT_POSITION_FOLLOWING),
    focused: document.activeElement === picker,
  };
}

beforeEach(() => readyUploads());
afterEach(() => vi.unstubAllGlobals());

describe("an image the server refuses in an admin form", () => {
  it("is told beside the event's image, whose file picker takes the focus, with the image and everything typed kept", async () => {
    const IN_USE = messages.adminEvents.imageInUse;
    const api = fakeApi("/admin/events", springMarket, "/events/event-1", { imagePath: IN_USE });
    const page = await openAdminTab("events", "Spring Market");

    await type(field(page, "Event Name"), "Spring Market on Queen Street");
    await type(field(page, "Description"), "Forty stalls and a brass band.");
    await upload(page, "Event Image", "poster.png");
    const picker = field(page, "Event Image");
    // Before sending, nothing is wrong with it.
    expect(pickerState(picker, IN_USE)).toMatchObject({ invalid: null, described: [expect.stringContaining("Choose or drop a file here")], below: false });

    await click(getButton(page, "Update Event"));
    await waitFor(() => api.sent.length === 1 && alerts(page).length > 0);
    expect(api.sent[0]).toMatchObject({ imagePath: "events/poster_1_abc.webp", name: "Spring Market on Queen Street" });

    expect(pickerState(picker, IN_USE)).toEqual({ invalid: "true", described: [IN_USE, expect.stringContaining("Choose or drop a file here")], below: true, focused: true });
    expect(alerts(page)).toEqual([messages.adminEvents.updateFailed(IN_USE)]);
    // The message stands below the upload control, in the image's part of the form.
    expect(picker.closest("[data-field]")!.textContent).toContain(IN_USE);
    // No other field is marked.
    expect(field(page, "Event Name").getAttribute("aria-invalid")).toBeNull();

    // The image picked and everything typed are as the person left them, and are sent again as they are.
    expect(page.querySelector<HTMLImageElement>('img[alt="Image of Spring Market on Queen Street"]')?.getAttribute("src")).toBe("/files/events/poster_1_abc.webp");
    expect(field(page, "Event Name").value).toBe("Spring Market on Queen Street");
    expect(field(page, "Description").value).toBe("Forty stalls and a brass band.");
    await sendAgainAccepted(page, api, () => click(getButton(page, "Update Event")));
    expect(api.sent[1]).toEqual(api.sent[0]);
  });

  it("leaves the focus on an earlier field at fault, and still tells the image's message beside it", async () => {
    const IN_USE = messages.adminEvents.imageInUse;
    const api = fakeApi("/admin/events", springMarket, "/events/event-1", { name: "Name is taken.", imagePath: IN_USE });
    const page = await openAdminTab("events", "Spring Market");

    await upload(page, "Event Image", "poster.png");
    await click(getButton(page, "Update Event"));
    await waitFor(() => api.sent.length === 1 && alerts(page).length > 0);

    const name = field(page, "Event Name");
    expect(document.activeElement).toBe(name);
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(pickerState(field(page, "Event Image"), IN_USE)).toMatchObject({ invalid: "true", described: [IN_USE, expect.any(String)], below: true, focused: false });
  });

  it("is told beside a business's logo (the API's logoPath), whose file picker takes the focus, with the logo kept", async () => {
    const api = fakeApi("/admin/businesses", bakery, "/businesses/business-1", { logoPath: LOGO_IN_USE });
    const page = await openAdminTab("markers", "Queen Street Bakery");

    await type(field(page, "Phone"), "905-555-0101");
    await upload(page, "Replace logo", "bakery-logo.png");
    const picker = field(page, "Replace logo");

    await click(getButton(page, "Update Marker"));
    await waitFor(() => api.sent.length === 1 && alerts(page).length > 0);
    expect(api.sent[0]).toMatchObject({ logoPath: "logos/bakery-logo_1_abc.webp", phone: "905-555-0101" });

    expect(pickerState(picker, LOGO_IN_USE)).toEqual({ invalid: "true", described: [LOGO_IN_USE, expect.stringContaining("Choose or drop a file here")], below: true, focused: true });
    expect(page.querySelector<HTMLImageElement>('img[alt="Current logo"]')?.getAttribute("src")).toBe("/files/logos/bakery-logo_1_abc.webp");
    expect(field(page, "Phone").value).toBe("905-555-0101");
  });
});
