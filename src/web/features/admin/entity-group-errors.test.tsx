// @vitest-environment jsdom
// Fields drawn as a group whose value is a hidden input (a business's gallery and opening hours, a post's rich-text
// content), refused by the server, through the admin tab's real loader and action against a stand-in API and upload
// endpoint: the message is told beside the group, which it describes, and the group's first control takes the focus;
// what the person did stays, and is sent again as it was. A photo the API refuses under its place in the list
// (`photos.1.path`) is told on the gallery, and the first control of that photo's row takes the focus.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { messages } from "#shared/messages.ts";
import { businessView } from "#shared/schemas/business.ts";
import type { AdminPost } from "#shared/schemas/post.ts";
import { alerts, chooseFiles, click, getButton, settle, waitFor } from "#tests/setup/dom.ts";
import { adminBakeryWith, described, field, openAdminTab, sendAgainAccepted, type } from "#tests/setup/form-pages.tsx";
import { readyUploads, stubApi } from "#tests/setup/upload-fakes.ts";
import { asLists } from "#web/components/ui/entity-form.tsx";

vi.mock("tus-js-client", () => import("#tests/setup/upload-fakes.ts"));

/** The API's words for a gallery photo attached elsewhere already, naming its place. */
const photoInUse = (position: number) => `Photo ${position} is already used elsewhere on the site, such as by another business. Upload it again for this business.`;

const bakery = adminBakeryWith({
  photos: [{ path: "markers_photos/counter_1_old.webp", url: "/files/markers_photos/counter_1_old.webp", alt: "The counter" }],
});

const harbourNews: AdminPost = {
  id: "post-1",
  title: "Harbour news",
  authorDisplayName: "Ada",
  authorUid: "user-1",
  content: "<p>The harbour opens in May.</p>",
  datetime: "2026-04-01T12:00:00.000Z",
  link: null,
  imageUrl: null,
  imagePath: null,
  editorUid: null,
  contentPreview: "The harbour opens in May.",
  createdAt: "2026-03-01T12:00:00.000Z",
  lastUpdatedAt: "2026-03-01T12:00:00.000Z",
};

/**
 * The API as the tab uses it: the list, the form's choices, and the item's save, refused with these field messages
 * until the test lets it through.
 */
const fakeApi = (list: string, item: { id: string }, save: string, refusal: Record<string, string>) =>
  stubApi({
    answers: {
      [list]: { items: [item], total: 1, page: 1, pageSize: 50 },
      // A row that shows part of its item reads it in full to edit it.
      [`${list}/${item.id}`]: item,
      "/categories": [{ id: "category-1", name: "Food" }],
      "/tags": [],
      "/businesses/business-1/owners": [],
      "/admin/post-authors": [{ id: "user-1", displayName: "Ada" }],
    },
    save,
    refusal,
  });

/** The group (fieldset) its legend names. */
function group(page: HTMLElement, legend: string): HTMLFieldSetElement {
  const found = [...page.querySelectorAll("fieldset")].filter((set) => set.querySelector(":scope > legend")?.textContent?.trim() === legend);
  if (found.length !== 1) throw new Error(`Expected one group named ${legend}, found ${found.length}`);
  return found[0]!;
}

/** Adds a photo to the gallery as a person does: "Add a photo", a picture chosen, "Upload", until it is listed. */
async function addPhoto(gallery: HTMLElement, fileName: string) {
  const before = gallery.querySelectorAll("li").length;
  await click(getButton(gallery, "Add a photo"));
  await chooseFiles(gallery.querySelector<HTMLInputElement>('input[type="file"]')!, [new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], fileName, { type: "image/png" })]);
  await click(getButton(gallery, "Upload"));
  await waitFor(() => gallery.querySelectorAll("li").length === before + 1);
}

beforeEach(() => readyUploads());
afterEach(() => vi.unstubAllGlobals());

describe("a business's gallery the server refuses in the Markers form", () => {
  it("tells a photo refused under its place (photos.1.path) beside the gallery, focusing that photo's row, with every photo and alt text kept", async () => {
    const IN_USE = photoInUse(2);
    const api = fakeApi("/admin/businesses", bakery, "/businesses/business-1", { "photos.1.path": IN_USE });
    const page = await openAdminTab("markers", "Queen Street Bakery");
    const gallery = group(page, "Photos");

    await type(field(page, "Phone"), "905-555-0101");
    await type(field(gallery, "Alt text for photo 1 (required)"), "The counter at opening time");
    await addPhoto(gallery, "ovens.png");
    await type(field(gallery, "Alt text for photo 2 (required)"), "The ovens");
    // Before sending, nothing is wrong with it.
    expect(gallery.getAttribute("aria-invalid")).toBeNull();
    expect(gallery.textContent).not.toContain(IN_USE);

    await click(getButton(page, "Update Marker"));
    await waitFor(() => api.sent.length === 1 && alerts(page).length > 0);
    const photos = [
      { path: "markers_photos/counter_1_old.webp", alt: "The counter at opening time" },
      { path: "markers_photos/ovens_1_abc.webp", alt: "The ovens" },
    ];
    expect(api.sent[0]).toMatchObject({ phone: "905-555-0101", photos });

    // The message is the gallery's, in its words, described by it and marked invalid; the outcome line says it too.
    expect(gallery.getAttribute("aria-invalid")).toBe("true");
    expect(described(gallery)).toEqual([IN_USE]);
    expect(gallery.textContent).toContain(IN_USE);
    expect(alerts(page)).toEqual([messages.businesses.updateFailed(IN_USE)]);
    // The refused photo's first control has the focus; no other field is marked.
    expect(document.activeElement).toBe(field(gallery, "Alt text for photo 2 (required)"));
    expect(field(page, "Phone").getAttribute("aria-invalid")).toBeNull();

    // The photos, their order and alt texts, and everything typed are as the person left them, and sent again as they are.
    expect([...gallery.querySelectorAll("li img")].map((img) => img.getAttribute("src"))).toEqual(["/files/markers_photos/counter_1_old.webp", "/files/markers_photos/ovens_1_abc.webp"]);
    expect(field(gallery, "Alt text for photo 2 (required)").value).toBe("The ovens");
    expect(field(page, "Phone").value).toBe("905-555-0101");
    await sendAgainAccepted(page, api, () => click(getButton(page, "Update Marker")));
    expect(api.sent[1]).toEqual(api.sent[0]);
  });

  it("lists each refused photo's message once, beside the gallery, after an earlier field at fault that keeps the focus", async () => {
    const api = fakeApi("/admin/businesses", bakery, "/businesses/business-1", {
      phone: "Phone is too long.",
      "photos.1.path": photoInUse(2),
      "photos.2.path": photoInUse(3),
      "photos.2.alt": photoInUse(3),
    });
    const page = await openAdminTab("markers", "Queen Street Bakery");
    const gallery = group(page, "Photos");
    await addPhoto(gallery, "ovens.png");
    await type(field(gallery, "Alt text for photo 2 (required)"), "The ovens");
    await addPhoto(gallery, "loaves.png");
    await type(field(gallery, "Alt text for photo 3 (required)"), "Loaves");

    await click(getButton(page, "Update Marker"));
    await waitFor(() => api.sent.length === 1 && alerts(page).length > 0);

    // One line a message, in the list that describes the gallery.
    const list = document.getElementById(gallery.getAttribute("aria-describedby") ?? "");
    expect(gallery.contains(list)).toBe(true);
    expect([...list!.querySelectorAll("li")].map((item) => item.textContent)).toEqual([photoInUse(2), photoInUse(3)]);
    expect(gallery.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(field(page, "Phone"));
  });
});

describe("opening hours the server refuses in the Markers form", () => {
  it("tells the message beside the hours, which it describes, and focuses the way the hours are given", async () => {
    const WRONG = "Monday's hours could not be read.";
    const api = fakeApi("/admin/businesses", bakery, "/businesses/business-1", { "openingHours.week.mo": WRONG });
    const page = await openAdminTab("markers", "Queen Street Bakery");
    const hours = group(page, "Opening hours");
    const monday = hours.querySelector<HTMLSelectElement>("li select")!;
    await settle(() => {
      Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, "value")!.set!.call(monday, "open");
      monday.dispatchEvent(new Event("change", { bubbles: true }));
    });

    await click(getButton(page, "Update Marker"));
    await waitFor(() => api.sent.length === 1 && alerts(page).length > 0);
    expect(api.sent[0]).toMatchObject({ openingHours: { week: { mo: [{ open: "09:00", close: "17:00" }] } } });

    expect(hours.getAttribute("aria-invalid")).toBe("true");
    expect(described(hours)).toEqual([WRONG]);
    const byDay = document.activeElement as HTMLInputElement;
    expect(hours.contains(byDay) && byDay.type === "radio" && byDay.checked && byDay.parentElement?.textContent?.trim()).toBe("By day");
    // Monday's hours stay as given.
    expect(monday.value).toBe("open");
    expect(hours.querySelector<HTMLInputElement>('input[aria-label="Monday opens (interval 1)"]')?.value).toBe("09:00");
  });
});

describe("a post's content the server refuses in the Posts form", () => {
  it("tells the message below the editor, tied to its editable area, which takes the focus", async () => {
    const EMPTY = "Content must have some text once its markup is cleaned.";
    const api = fakeApi("/admin/posts", harbourNews, "/posts/post-1", { content: EMPTY });
    const page = await openAdminTab("posts", "Harbour news");
    const editor = await waitFor(() => page.querySelector<HTMLElement>('[role="textbox"][contenteditable="true"]'));
    await type(field(page, "Title"), "Harbour news for May");

    await click(getButton(page, "Update Post"));
    await waitFor(() => api.sent.length === 1 && alerts(page).length > 0);
    expect(api.sent[0]).toMatchObject({ title: "Harbour news for May", content: "<p>The harbour opens in May.</p>" });

    const area = page.querySelector<HTMLElement>('[role="textbox"][contenteditable="true"]')!;
    expect(area).toBe(editor);
    expect(document.activeElement).toBe(area);
    expect(area.getAttribute("aria-invalid")).toBe("true");
    expect(described(area)).toEqual([EMPTY]);
    expect(field(page, "Title").getAttribute("aria-invalid")).toBeNull();
    expect(area.textContent).toBe("The harbour opens in May.");
    expect(field(page, "Title").value).toBe("Harbour news for May");
  });
});

describe("asLists", () => {
  it("tells a message keyed below a field of the form on that field, each message once, and keeps a list item's under its place", () => {
    expect(
      asLists(
        { "_": "Something is wrong.", phone: "Phone is too long.", "photos.1.path": photoInUse(2), "photos.2.path": photoInUse(3), photos: photoInUse(3), "coordinates.lat": "Latitude is off." },
        businessView.fields,
      ),
    ).toEqual({
      "": ["Something is wrong."],
      phone: ["Phone is too long."],
      photos: [photoInUse(2), photoInUse(3)],
      "photos[1]": [photoInUse(2)],
      "photos[2]": [photoInUse(3)],
      "coordinates.lat": ["Latitude is off."],
    });
  });
});
