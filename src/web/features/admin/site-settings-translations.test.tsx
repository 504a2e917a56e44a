// @vitest-environment jsdom
// The Site settings tab's language switch: the association's name and tagline in French beside the originals, sent
// with the settings, a refused translation told beside its field; and no switch when the site offers one language.
import { createRoutesStub, Outlet } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Language } from "#shared/i18n/index.ts";
import { siteSettingsWith } from "#tests/fixtures/site-settings.ts";
import { alerts, click, getButton, render, settle, waitFor } from "#tests/setup/dom.ts";
import { stubApi } from "#tests/setup/upload-fakes.ts";
import AdminSiteSettings, { clientAction, clientLoader } from "#web/routes/admin-site-settings.tsx";

afterEach(() => vi.unstubAllGlobals());

async function openTab(languages: Language[]) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: Outlet,
      HydrateFallback: () => null,
      loader: () => ({ language: "en", languages, defaultLanguage: "en", site: { timeZone: "America/Toronto" } }),
      children: [{ path: "admin/site-settings", Component: AdminSiteSettings, HydrateFallback: () => null, loader: () => clientLoader(), action: (args) => clientAction(args as Parameters<typeof clientAction>[0]) }],
    },
  ]);
  const page = await render(<Stub initialEntries={["/admin/site-settings"]} />);
  await waitFor(() => page.querySelector("form"));
  return page;
}

async function type(input: HTMLInputElement, value: string) {
  await settle(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

const frenchField = (page: HTMLElement, label: string) => {
  const found = [...page.querySelectorAll("label")].find((l) => l.textContent?.trim() === label);
  if (!found) throw new Error(`No field labelled ${label}`);
  return document.getElementById(found.htmlFor) as HTMLInputElement;
};

describe("the Site settings tab's language switch", () => {
  it("edits the French name and tagline beside the originals and sends them with the settings", async () => {
    const stored = { ...siteSettingsWith(), translations: { fr: { associationName: "Marchands de la rue Queen" } } };
    const api = stubApi({ answers: { "/site-settings": stored }, save: "/site-settings" });
    const page = await openTab(["en", "fr"]);
    const tabs = page.querySelector('[role="tablist"]')!;
    expect(tabs.getAttribute("aria-label")).toBe("Language of the text");
    await click([...tabs.querySelectorAll('[role="tab"]')].find((tab) => tab.textContent === "Français")! as HTMLElement);
    const name = frenchField(page, "Association name (Français)");
    expect(name.value).toBe("Marchands de la rue Queen");
    expect(name.lang).toBe("fr");
    await type(frenchField(page, "Tagline (Français)"), "Trouvez votre niche");

    await click(getButton(page, "Save site settings"));
    await waitFor(() => api.sent.length === 1);
    expect(api.sent[0]).toMatchObject({ associationName: "Queen Street Merchants", translations: { fr: { associationName: "Marchands de la rue Queen", tagline: "Trouvez votre niche" } } });
  });

  it("edits each saved hero photo's description and sponsor's name in French, sent by their place in the list", async () => {
    const stored = {
      ...siteSettingsWith({ heroPhotos: [{ url: "/files/hero/market.jpg", alt: "Stalls on Main Street" }], sponsorLogos: [{ name: "City Bank", imageUrl: "/files/sponsors/bank.png", url: null }] }),
      translations: { fr: { "heroPhotos.0.alt": "Les kiosques de la rue Main" } },
    };
    const api = stubApi({ answers: { "/site-settings": stored }, save: "/site-settings" });
    const page = await openTab(["en", "fr"]);
    await click([...page.querySelectorAll('[role="tab"]')].find((tab) => tab.textContent === "Français")! as HTMLElement);
    expect(frenchField(page, "Hero photo 1: alt text (Français)").value).toBe("Les kiosques de la rue Main");
    await type(frenchField(page, "Sponsor 1: name (Français)"), "Banque de la ville");

    await click(getButton(page, "Save site settings"));
    await waitFor(() => api.sent.length === 1);
    expect(api.sent[0]).toMatchObject({ translations: { fr: { "heroPhotos.0.alt": "Les kiosques de la rue Main", "sponsorLogos.0.name": "Banque de la ville" } } });
  });

  it("tells a refused translation beside its field", async () => {
    const api = stubApi({ answers: { "/site-settings": { ...siteSettingsWith(), translations: {} } }, save: "/site-settings", refusal: { "translations.fr.tagline": "Keep it to at most 200 characters." } });
    const page = await openTab(["en", "fr"]);
    await click([...page.querySelectorAll('[role="tab"]')].find((tab) => tab.textContent === "Français")! as HTMLElement);
    await type(frenchField(page, "Tagline (Français)"), "x".repeat(20));
    await click(getButton(page, "Save site settings"));
    await waitFor(() => api.sent.length === 1 && frenchField(page, "Tagline (Français)").getAttribute("aria-invalid") === "true");
    expect(alerts(page)).toContain("Failed to save site settings. Keep it to at most 200 characters.");
    const tagline = frenchField(page, "Tagline (Français)");
    expect(tagline.value).toBe("x".repeat(20));
    expect(document.getElementById(tagline.getAttribute("aria-describedby")!)?.textContent).toContain("Keep it to at most 200 characters.");
  });

  it("offers no switch when the site offers one language", async () => {
    stubApi({ answers: { "/site-settings": { ...siteSettingsWith({ languages: ["en"] }), translations: {} } }, save: "/site-settings" });
    const page = await openTab(["en"]);
    expect(page.querySelector('[role="tablist"]')).toBeNull();
  });
});
