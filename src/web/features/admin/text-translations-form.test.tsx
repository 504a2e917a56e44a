// @vitest-environment jsdom
// The Posts tab's language switch (their real loader and action against a stand-in API): the French tab
// holds the title and the rich text content in French, the content in a rich text editor marked `lang="fr"`, and the
// form sends both with the originals.
import { afterEach, describe, expect, it, vi } from "vitest";
import { click, getButton, waitFor } from "#tests/setup/dom.ts";
import { field, openAdminTab, type } from "#tests/setup/form-pages.tsx";
import { readyUploads, stubApi } from "#tests/setup/upload-fakes.ts";

vi.mock("tus-js-client", () => import("#tests/setup/upload-fakes.ts"));

afterEach(() => vi.unstubAllGlobals());

const post = {
  id: "post-1",
  title: "Street fair",
  authorUid: "user-1",
  authorDisplayName: "Nadia Writer",
  content: "<p>Join us on Saturday.</p>",
  contentPreview: "Join us on Saturday.",
  datetime: "2031-05-02T12:00:00.000Z",
  link: null,
  imageUrl: null,
  imagePath: null,
  editorUid: null,
  createdAt: "2031-05-01T12:00:00.000Z",
  lastUpdatedAt: "2031-05-01T12:00:00.000Z",
  translations: { fr: { title: "Fête de rue", content: "<p>Joignez-vous à nous samedi.</p>" } },
};

const frenchTab = (page: HTMLElement) => [...page.querySelectorAll<HTMLElement>('[role="tab"]')].find((tab) => tab.textContent === "Français")!;

describe("the Posts form's language switch", () => {
  it("shows the French title and content, the content in an editor marked French, and sends them with the post", async () => {
    readyUploads();
    const api = stubApi({
      answers: {
        "/admin/posts": { items: [post], total: 1, page: 1, pageSize: 50 },
        "/admin/post-authors": [{ id: "user-1", displayName: "Nadia Writer" }],
      },
      save: "/posts/post-1",
    });
    const page = await openAdminTab("posts", "Street fair");
    await click(frenchTab(page));
    const title = field(page, "Title (Français)");
    expect(title.value).toBe("Fête de rue");
    // The editor's text as it reads it, in French.
    const editor = await waitFor(() => [...page.querySelectorAll<HTMLElement>('[role="textbox"][aria-multiline="true"]')].find((box) => box.closest("[lang]")?.getAttribute("lang") === "fr"));
    const label = page.querySelector(`#${CSS.escape(editor.getAttribute("aria-labelledby")!)}`);
    expect(label?.textContent).toBe("Content (Français)");
    await waitFor(() => editor.textContent === "Joignez-vous à nous samedi.");

    await type(title, "Grande fête de rue");
    await click(getButton(page, "Update Post"));
    await waitFor(() => api.sent.length === 1);
    expect(api.sent[0]).toMatchObject({
      title: "Street fair",
      content: "<p>Join us on Saturday.</p>",
      translations: { fr: { title: "Grande fête de rue", content: "<p>Joignez-vous à nous samedi.</p>" } },
    });
  });
});
