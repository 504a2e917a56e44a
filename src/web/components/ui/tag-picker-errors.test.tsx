// @vitest-environment jsdom
// A business's tags refused by the server, through the admin tab's real loader and action against a stand-in API: the
// message is told beside the tag picker, tied to its combobox (described by it and marked invalid), which takes the
// focus; the tags chosen stay, and are sent again as they were. A tag the API refuses under its place in the list
// (`tags.1`) is told on the picker.
import { afterEach, describe, expect, it, vi } from "vitest";
import { messages } from "#shared/messages.ts";
import { alerts, click, getButton, settle, waitFor } from "#tests/setup/dom.ts";
import { adminBakeryWith, described, openAdminTab, sendAgainAccepted } from "#tests/setup/form-pages.tsx";

const TAGS = [
  { id: "tag-1", name: "Bread" },
  { id: "tag-2", name: "Cafe" },
  { id: "tag-3", name: "Gluten free" },
];

const bakery = adminBakeryWith({ tags: ["tag-1", "tag-2"] });

/** The API as the Markers tab uses it: the list, the form's choices, and the business's save, refused with these field messages until the test lets it through. */
function fakeApi(refusal: Record<string, string>) {
  const sent: Array<Record<string, unknown>> = [];
  const state = { refusal: refusal as Record<string, string> | null };
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = new URL(input, "http://localhost").pathname;
      if (path === "/api/v1/admin/businesses") return json({ items: [bakery], total: 1, page: 1, pageSize: 50 });
      if (path === "/api/v1/admin/businesses/business-1") return json(bakery);
      if (path === "/api/v1/categories") return json([{ id: "category-1", name: "Food" }]);
      if (path === "/api/v1/tags") return json(TAGS);
      if (path === "/api/v1/businesses/business-1/owners") return json([]);
      if (path === "/api/v1/businesses/business-1" && init.method === "PUT") {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        sent.push(body);
        if (state.refusal) return json({ error: { message: Object.values(state.refusal)[0], fields: state.refusal } }, 400);
        return json({ ...bakery, ...body });
      }
      return new Response(null, { status: 404 });
    }),
  );
  return { sent, accept: () => void (state.refusal = null) };
}

/** The picker's combobox, the one a person types a tag's name into. */
const combobox = (page: HTMLElement) => {
  const found = page.querySelectorAll<HTMLInputElement>('input[role="combobox"]');
  const tags = [...found].filter((input) => input.labels?.[0]?.textContent === "Add a tag");
  if (tags.length !== 1) throw new Error(`Expected one tag combobox, found ${tags.length}`);
  return tags[0]!;
};

/** The tags shown as chosen, by name. */
const chosen = (page: HTMLElement) => [...page.querySelectorAll('[role="row"]')].map((row) => row.textContent?.replace("×", "").trim());

/** Adds a tag as a person does: its name typed into the combobox, then the option offered chosen. */
async function addTag(page: HTMLElement, name: string) {
  const input = combobox(page);
  await settle(() => {
    input.focus();
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, name);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
  const option = await waitFor(() => [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.textContent === name));
  await click(option);
  await waitFor(() => chosen(page).includes(name));
}

/** Sends the form as a person's click does: the button takes the focus, then is pressed. */
async function update(page: HTMLElement) {
  const button = getButton(page, "Update Marker");
  await settle(() => button.focus());
  await click(button);
}

afterEach(() => vi.unstubAllGlobals());

describe("a business's tags the server refuses in the Markers form", () => {
  it("tells a tag refused under its place (tags.1) beside the picker, whose combobox it describes and which takes the focus, with the tags chosen kept", async () => {
    const GONE = "Tag 2 no longer exists.";
    const api = fakeApi({ "tags.1": GONE });
    const page = await openAdminTab("markers", "Queen Street Bakery");
    expect(chosen(page)).toEqual(["Bread", "Cafe"]);

    // Cafe taken off, Gluten free added.
    await click(getButton(page, "Remove Cafe"));
    await addTag(page, "Gluten free");
    expect(chosen(page)).toEqual(["Bread", "Gluten free"]);
    // Before sending, nothing is wrong with it.
    expect(combobox(page).getAttribute("aria-invalid")).toBeNull();
    expect(page.textContent).not.toContain(GONE);

    await update(page);
    await waitFor(() => api.sent.length === 1 && alerts(page).length > 0);
    expect(api.sent[0]).toMatchObject({ tags: ["tag-1", "tag-3"] });

    // The combobox has the focus.
    const input = combobox(page);
    expect(document.activeElement).toBe(input);
    // The message is the picker's, beside it, describing its combobox, which is marked invalid; the outcome line says it too.
    const picker = page.querySelector<HTMLElement>('[data-field="tags"]')!;
    expect(picker.contains(input)).toBe(true);
    expect(picker.textContent).toContain(GONE);
    expect(described(input)).toContain(GONE);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    // Right below the combobox, before the way to create a tag.
    const list = document.getElementById(input.getAttribute("aria-describedby")!.split(/\s+/).find((id) => document.getElementById(id)?.textContent === GONE)!)!;
    expect(picker.contains(list)).toBe(true);
    expect(input.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(list.compareDocumentPosition(document.getElementById("marker-new-tag")!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(alerts(page)).toEqual([messages.businesses.updateFailed(GONE)]);

    // The tags are as the person left them, and sent again as they are.
    expect(chosen(page)).toEqual(["Bread", "Gluten free"]);
    await sendAgainAccepted(page, api, () => update(page));
    expect(api.sent[1]).toEqual(api.sent[0]);
  });

  it("focuses the combobox for a message on the whole list (tags), keeping every tag chosen", async () => {
    const TOO_MANY = "A business can have at most 2 tags.";
    const api = fakeApi({ tags: TOO_MANY });
    const page = await openAdminTab("markers", "Queen Street Bakery");
    await addTag(page, "Gluten free");

    await update(page);
    await waitFor(() => api.sent.length === 1 && alerts(page).length > 0);
    expect(api.sent[0]).toMatchObject({ tags: ["tag-1", "tag-2", "tag-3"] });

    const input = combobox(page);
    expect(document.activeElement).toBe(input);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(described(input)).toContain(TOO_MANY);
    expect(chosen(page)).toEqual(["Bread", "Cafe", "Gluten free"]);
  });
});
