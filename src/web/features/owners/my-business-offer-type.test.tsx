// @vitest-environment jsdom
// An owner's offers on /mybusiness are listed by their type's name in the page's language ("Pourcentage de rabais"),
// as the offer form names the types, and word for word as before in English.
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createI18n } from "#shared/i18n/index.ts";
import { render, waitFor } from "#tests/setup/dom.ts";
import { bakeryWith } from "#tests/setup/form-pages.tsx";
import { ownerPageAnswers, stubApi } from "#tests/setup/upload-fakes.ts";
import MyBusiness, { clientLoader, handle } from "#web/routes/my-business.tsx";

const offer = { id: "offer-1", businessId: "business-1", type: "Percentage Off", description: "20% off bread", price: null, startDate: "2031-07-01", endDate: "2031-07-31", lastUpdatedAt: "2031-06-01T00:00:00.000Z" };

afterEach(() => vi.unstubAllGlobals());

async function offerLine(language: "en" | "fr"): Promise<string> {
  const answers = ownerPageAnswers(bakeryWith());
  answers["/me/businesses"] = [{ ...bakeryWith(), events: [], offers: [offer] }];
  stubApi({ answers, save: "/businesses/business-1" });
  const i18n = await createI18n(language, handle.i18n);
  const Stub = createRoutesStub([{ path: "/mybusiness", Component: MyBusiness, HydrateFallback: () => null, loader: (args) => clientLoader(args as Parameters<typeof clientLoader>[0]) }]);
  const page = await render(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={["/mybusiness"]} />
    </I18nextProvider>,
  );
  const list = await waitFor(() => page.querySelector('ul[aria-label$="Queen Street Bakery"] li:not(:empty)') ?? [...page.querySelectorAll("li")].find((li) => li.textContent?.includes("20% off bread")));
  return list.textContent ?? "";
}

describe("an owner's offers on /mybusiness", () => {
  it("are named by their type in French on a French page", async () => {
    const line = await offerLine("fr");
    expect(line).toContain("Pourcentage de rabais : 20% off bread");
    expect(line).not.toContain("Percentage Off");
  });

  it("are named as before in English", async () => {
    expect(await offerLine("en")).toContain("Percentage Off: 20% off bread");
  });
});
