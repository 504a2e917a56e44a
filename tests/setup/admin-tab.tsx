// An admin tab rendered as the browser shows it: the root's language data, the tab's route and its client loader,
// inside the catalogs of `language`. The caller stubs `fetch` with the answers the tab's lists get.
import { I18nextProvider } from "react-i18next";
import { createRoutesStub, Outlet } from "react-router";
import { createI18n, type Language } from "#shared/i18n/index.ts";
import AdminTab, { clientLoader } from "#web/routes/admin-tab.tsx";
import { render } from "./dom.ts";

export async function renderAdminTab(address: string, language: Language): Promise<HTMLElement> {
  const i18n = await createI18n(language, ["common", "admin", "ui", "hours"]);
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: Outlet,
      loader: () => ({ language, languages: ["en", "fr"], defaultLanguage: "en", site: { timeZone: "America/Toronto" } }),
      HydrateFallback: () => null,
      children: [{ path: "admin/:tab", Component: AdminTab, HydrateFallback: () => null, loader: (args) => clientLoader(args as Parameters<typeof clientLoader>[0]) }],
    },
  ]);
  return render(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={[address]} />
    </I18nextProvider>,
  );
}
