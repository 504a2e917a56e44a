// Hydration waits for the page's catalogs: the browser's i18next instance is made in the language the server
// rendered (`<html lang>`) with the namespaces of the page's routes, so the first render matches the server's.
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { I18nextProvider } from "react-i18next";
import { createI18n, DEFAULT_LANGUAGE, isLanguage, namespacesOf } from "#shared/i18n/index.ts";

declare global {
  interface Window {
    __reactRouterRouteModules?: Record<string, { handle?: unknown } | undefined>;
  }
}

const lang = document.documentElement.lang;
const handles = Object.values(window.__reactRouterRouteModules ?? {}).map((module) => module?.handle);
void createI18n(isLanguage(lang) ? lang : DEFAULT_LANGUAGE, namespacesOf(handles)).then((i18n) => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <HydratedRouter />
        </I18nextProvider>
      </StrictMode>,
    );
  });
});
