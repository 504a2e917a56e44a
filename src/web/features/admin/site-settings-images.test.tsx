// @vitest-environment jsdom
// The Site settings tab's hero photos and sponsors, through the tab's real loader and action against a stand-in API and
// upload endpoint: adding one with the upload field, removing and reordering them, the limit on the add button, and
// a refused save told beside the field at fault, which takes the focus, with nothing typed lost.
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SiteSettings } from "#shared/schemas/site-settings.ts";
import { siteSettingsWith } from "#tests/fixtures/site-settings.ts";
import { accessibleName, alerts, chooseFiles, click, getButton, render, settle, waitFor } from "#tests/setup/dom.ts";
import { readyUploads, startedUploads, stubApi } from "#tests/setup/upload-fakes.ts";
import AdminSiteSettings, { clientAction, clientLoader } from "#web/routes/admin-site-settings.tsx";

vi.mock("tus-js-client", () => import("#tests/setup/upload-fakes.ts"));

const IN_USE = "This image is already used elsewhere on the site (by a business, an event or a post). Please upload a copy of it for the site settings.";

const hero = (n: number) => ({ url: `/files/site_settings/hero_${n}.webp`, alt: `Queen Street ${n}` });
const sponsor = (name: string) => ({ name, imageUrl: `/files/site_settings/${name.toLowerCase().replace(/\W+/g, "-")}.webp`, url: null });

/** The settings API: what it serves, what each save sent, and a refusal of every save when the test gives one. */
const fakeApi = (stored: SiteSettings, refusal?: Record<string, string>) => stubApi({ answers: { "/site-settings": stored }, save: "/site-settings", refusal });

async function openTab() {
  const Stub = createRoutesStub([
    {
      path: "/admin/site-settings",
      Component: AdminSiteSettings,
      HydrateFallback: () => null,
      loader: () => clientLoader(),
      action: (args) => clientAction(args as Parameters<typeof clientAction>[0]),
    },
  ]);
  const page = await render(<Stub initialEntries={["/admin/site-settings"]} />);
  await waitFor(() => page.querySelector("form"));
  return page;
}

/** The control a label names, as a person finds it. */
function field(page: HTMLElement, label: string): HTMLInputElement {
  const found = [...page.querySelectorAll("label")].filter((l) => l.textContent?.trim() === label);
  if (found.length !== 1) throw new Error(`Expected one field labelled ${label}, found ${found.length}`);
  return document.getElementById(found[0]!.htmlFor) as HTMLInputElement;
}

/** The labels of the fields whose label ends with `suffix`, in the order shown. */
const labelsEndingWith = (page: HTMLElement, suffix: string) => [...page.querySelectorAll("label")].map((l) => l.textContent!.trim()).filter((l) => l.endsWith(suffix));
/** What the fields labelled `Hero photo n: image` hold, in the order shown. */
const shown = (page: HTMLElement, prefix: string, suffix: string) =>
  labelsEndingWith(page, suffix)
    .filter((l) => l.startsWith(prefix))
    .map((l) => field(page, l).value);

/** Types into a field as a person does: its value changes and the form hears of it. */
async function type(input: HTMLInputElement, value: string) {
  await settle(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

/** The text of the elements a control names in aria-describedby. */
const description = (control: Element) =>
  (control.getAttribute("aria-describedby") ?? "")
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ");

/** Chooses a picture in the open upload field and sends it. */
async function upload(page: HTMLElement, fileName: string) {
  await chooseFiles(page.querySelector<HTMLInputElement>('input[type="file"]')!, [new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], fileName, { type: "image/png" })]);
  await click(getButton(page, "Upload"));
}

beforeEach(() => readyUploads());
afterEach(() => vi.unstubAllGlobals());

describe("the Site settings tab's hero photos and sponsors", () => {
  it("adds a hero photo with the upload field, its alt text typed next, and saves it after the others", async () => {
    const api = fakeApi(siteSettingsWith({ heroPhotos: [hero(1)] }));
    const page = await openTab();

    await click(getButton(page, "Add a hero photo (1 of 6)"));
    await upload(page, "market-day.png");
    const alt = await waitFor(() => page.querySelector<HTMLInputElement>('input[name="heroPhotos[1].alt"]'));
    await waitFor(() => document.activeElement === alt);
    expect(field(page, "Hero photo 2: alt text")).toBe(alt);
    expect(startedUploads).toEqual([expect.objectContaining({ kind: "siteImage", filename: "market-day.png" })]);
    expect(getButton(page, "Add a hero photo (2 of 6)")).toBeTruthy();

    await type(alt, "Market day on Queen Street");
    await click(getButton(page, "Save site settings"));
    await waitFor(() => page.querySelector('[role="status"]'));
    expect(api.sent.map((s) => s.heroPhotos)).toEqual([[hero(1), { url: "/files/site_settings/market-day_1_abc.webp", alt: "Market day on Queen Street" }]]);
    expect(page.querySelector('[role="status"]')!.textContent).toBe("Site settings saved.");
  });

  it("moves a hero photo up and removes a sponsor, keeping the focus on the item's buttons, and saves them in the order shown", async () => {
    const api = fakeApi(siteSettingsWith({ heroPhotos: [hero(1), hero(2), hero(3)], sponsorLogos: [sponsor("Falls Bank"), sponsor("Riverbend Realty")] }));
    const page = await openTab();

    await type(field(page, "Hero photo 3: alt text"), "The fountain");
    await click(getButton(page, "Move hero photo 3 up"));
    expect(shown(page, "Hero photo", ": image")).toEqual([hero(1).url, hero(3).url, hero(2).url]);
    // What was typed moved with its photo; the photo moved keeps the focus.
    expect(field(page, "Hero photo 2: alt text").value).toBe("The fountain");
    await waitFor(() => document.activeElement === getButton(page, "Move hero photo 2 up"));
    await click(getButton(page, "Move hero photo 2 up"));
    expect(shown(page, "Hero photo", ": image")).toEqual([hero(3).url, hero(1).url, hero(2).url]);
    // At the top it cannot go up: the focus goes to its other move button.
    expect(getButton(page, "Move hero photo 1 up").disabled).toBe(true);
    await waitFor(() => document.activeElement === getButton(page, "Move hero photo 1 down"));

    await click(getButton(page, "Remove sponsor 1"));
    expect(shown(page, "Sponsor", ": name")).toEqual(["Riverbend Realty"]);
    await waitFor(() => document.activeElement === getButton(page, "Remove sponsor 1"));

    // Enter in a field saves the form, as before: Save is still its only submit button.
    expect([...page.querySelectorAll("button")].filter((button) => button.type === "submit").map(accessibleName)).toEqual(["Save site settings"]);
    await click(getButton(page, "Save site settings"));
    await waitFor(() => api.sent.length === 1);
    expect(api.sent[0]!.heroPhotos).toEqual([{ ...hero(3), alt: "The fountain" }, hero(1), hero(2)]);
    expect(api.sent[0]!.sponsorLogos).toEqual([sponsor("Riverbend Realty")]);
  });

  it("says on the add button when the hero photos are full, and takes no more", async () => {
    fakeApi(siteSettingsWith({ heroPhotos: [1, 2, 3, 4, 5, 6].map(hero) }));
    const page = await openTab();
    expect(getButton(page, "Hero photos full (6 of 6)").disabled).toBe(true);
    expect(getButton(page, "Add a sponsor (0 of 50)").disabled).toBe(false);

    await click(getButton(page, "Remove hero photo 6"));
    expect(getButton(page, "Add a hero photo (5 of 6)").disabled).toBe(false);
  });

  it("tells a sponsor logo the server refuses beside that logo, focused, and keeps everything typed", async () => {
    const api = fakeApi(siteSettingsWith({ sponsorLogos: [sponsor("Falls Bank"), sponsor("Riverbend Realty")] }), { "sponsorLogos.1.imageUrl": IN_USE });
    const page = await openTab();

    await type(field(page, "Association name"), "Downtown Merchants");
    await type(field(page, "Sponsor 2: link (optional)"), "https://riverbend.example");
    await click(getButton(page, "Save site settings"));
    await waitFor(() => api.sent.length === 1 && alerts(page).length > 0);

    const logo = field(page, "Sponsor 2: logo");
    await waitFor(() => document.activeElement === logo);
    expect(logo.getAttribute("aria-invalid")).toBe("true");
    expect(description(logo)).toBe(IN_USE);
    expect(logo.closest("li")!.textContent).toContain(IN_USE);
    expect(field(page, "Sponsor 1: logo").getAttribute("aria-invalid")).toBeNull();
    expect(alerts(page)).toEqual([`Failed to save site settings. ${IN_USE}`]);
    expect(field(page, "Association name").value).toBe("Downtown Merchants");
    expect(field(page, "Sponsor 2: link (optional)").value).toBe("https://riverbend.example");
  });

  it("refuses, before sending, a sponsor added without a name, beside its name field, which takes the focus", async () => {
    const api = fakeApi(siteSettingsWith({ sponsorLogos: [sponsor("Falls Bank")] }));
    const page = await openTab();

    await click(getButton(page, "Add a sponsor (1 of 50)"));
    await upload(page, "bakery.png");
    const name = await waitFor(() => page.querySelector<HTMLInputElement>('input[name="sponsorLogos[1].name"]'));
    await type(field(page, "Sponsor 2: link (optional)"), "not a link");
    // Focus elsewhere first, so taking it back is the form's doing.
    getButton(page, "Save site settings").focus();
    await click(getButton(page, "Save site settings"));

    await waitFor(() => document.activeElement === name);
    expect(api.sent).toEqual([]);
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(description(name)).toBe("Sponsor name is required.");
    expect(description(field(page, "Sponsor 2: link (optional)"))).toBe("Link must be a web address starting with http:// or https://.");
    expect(field(page, "Sponsor 1: name").getAttribute("aria-invalid")).toBeNull();
    expect(alerts(page)).toEqual(["Failed to save site settings. Sponsor name is required."]);
    expect(field(page, "Sponsor 2: link (optional)").value).toBe("not a link");
  });
});
