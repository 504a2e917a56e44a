// @vitest-environment jsdom
// The language switch of an entity form, through the admin's Markers tab (its real loader and action against a stand-in
// API): a tab list named "Language of the text" with a tab per offered language; the French tab shows the translatable
// fields in French, which the form sends with the rest; the API's refusal of a translation is told beside its field.
// The owners' listing form has it too. With one language, no switch.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createRoutesStub } from "react-router";
import { businessView } from "#shared/schemas/business.ts";
import { click, getButton, render, waitFor } from "#tests/setup/dom.ts";
import {
  adminBakeryWith,
  bakeryWith,
  described,
  field,
  openAdminTab,
  openOwnerPage,
  type,
} from "#tests/setup/form-pages.tsx";
import {
  ownerPageAnswers,
  readyUploads,
  stubApi,
} from "#tests/setup/upload-fakes.ts";
import { TranslationSection } from "./translation-section.tsx";

vi.mock("tus-js-client", () => import("#tests/setup/upload-fakes.ts"));

const bakery = adminBakeryWith({
  translations: { fr: { description: "Pain au levain." } },
});

const fakeApi = (refusal?: Record<string, string>) =>
  stubApi({
    answers: {
      "/admin/businesses": { items: [bakery], total: 1, page: 1, pageSize: 50 },
      "/admin/businesses/business-1": bakery,
      "/categories": [{ id: "category-1", name: "Food" }],
      "/tags": [],
      "/businesses/business-1/owners": [],
    },
    save: "/businesses/business-1",
    refusal,
  });

/** The tab list a person finds by its role and name, and its tabs by theirs. */
function languageSwitch(scope: ParentNode) {
  const list = [...scope.querySelectorAll('[role="tablist"]')].find(
    (l) => l.getAttribute("aria-label") === "Language of the text",
  );
  if (!list) throw new Error("No tab list named Language of the text");
  const tab = (name: string) =>
    [...list.querySelectorAll<HTMLElement>('[role="tab"]')].find(
      (t) => t.textContent === name,
    )!;
  return {
    list,
    tabs: [...list.querySelectorAll('[role="tab"]')].map((t) => t.textContent),
    tab,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("the language switch of the Markers form", () => {
  it("shows the French description in the French tab, and sends what is typed there with the form", async () => {
    readyUploads();
    const api = fakeApi();
    const page = await openAdminTab("markers", "Queen Street Bakery");
    const { tabs, tab } = languageSwitch(page);
    expect(tabs).toEqual(["English", "Français"]);
    expect(tab("English").getAttribute("aria-selected")).toBe("true");
    expect(tab("Français").getAttribute("lang")).toBe("fr");

    await click(tab("Français"));
    expect(tab("Français").getAttribute("aria-selected")).toBe("true");
    const french = field(page, "Description (Français)");
    expect(french.value).toBe("Pain au levain.");
    expect(french.getAttribute("lang")).toBe("fr");
    // The original stays the original.
    expect(field(page, "Description").value).toBe(bakery.description);

    await type(french, "Pain au levain, croissants au beurre.");
    await click(getButton(page, "Update Marker"));
    await waitFor(() => api.sent.length === 1);
    expect(api.sent[0]).toMatchObject({
      description: bakery.description,
      translations: {
        fr: { description: "Pain au levain, croissants au beurre." },
      },
    });
  });

  it("tells a refused translation beside its field", async () => {
    readyUploads();
    const message = "Description can be at most 5000 characters.";
    const api = fakeApi({ "translations.fr.description": message });
    const page = await openAdminTab("markers", "Queen Street Bakery");
    await click(languageSwitch(page).tab("Français"));
    await click(getButton(page, "Update Marker"));
    await waitFor(
      () =>
        api.sent.length === 1 &&
        described(field(page, "Description (Français)")).length > 0,
    );
    const french = field(page, "Description (Français)");
    expect(described(french)).toEqual([message]);
    expect(french.getAttribute("aria-invalid")).toBe("true");
  });

  it("is on an owner's listing form too, which sends the translation with the change", async () => {
    const api = stubApi({
      answers: ownerPageAnswers(
        bakeryWith({
          translations: { fr: { description: "Pain au levain." } },
        }),
      ),
      save: "/businesses/business-1",
    });
    const { page, form } = await openOwnerPage();
    const { tabs, tab } = languageSwitch(form);
    expect(tabs).toEqual(["English", "Français"]);
    await click(tab("Français"));
    const french = field(form, "Description (Français)");
    expect(french.value).toBe("Pain au levain.");
    await type(french, "Pain au levain et brioches.");
    await click(getButton(form, "Send changes for approval"));
    await waitFor(() => api.sent.length === 1);
    expect(api.sent[0]).toMatchObject({
      translations: { fr: { description: "Pain au levain et brioches." } },
    });
    expect(page.textContent).toContain("Français");
  });

  it("is not there when the site offers one language", async () => {
    const shown = async (languages: string[]) => {
      const Stub = createRoutesStub([
        {
          id: "root",
          path: "/",
          loader: () => ({ language: "en", languages, defaultLanguage: "en" }),
          HydrateFallback: () => null,
          Component: () => (
            <form aria-label="Marker">
              <TranslationSection
                formId="f"
                views={businessView.fields}
                values={{}}
              />
            </form>
          ),
        },
      ]);
      const page = await render(<Stub initialEntries={["/"]} />);
      // Drawn once the root's data (the site's languages) is there.
      await waitFor(() => page.querySelector('form[aria-label="Marker"]'));
      return page.querySelector('[role="tablist"]') !== null;
    };
    expect(await shown(["en"])).toBe(false);
    expect(await shown(["en", "fr"])).toBe(true);
  });
});
