// Components and pages rendered alone in tests (no page's entry, no I18nextProvider) read i18next's global instance: here, every
// catalog in English, as pages show them by default.
import i18next from "i18next";
import { initReactI18next } from "react-i18next";

const catalogs = import.meta.glob<Record<string, unknown>>("../../src/shared/i18n/locales/en/*.json", { import: "default", eager: true });
const resources = { en: Object.fromEntries(Object.entries(catalogs).map(([file, catalog]) => [file.replace(/^.*\/|\.json$/g, ""), catalog])) };

await i18next.use(initReactI18next).init({ lng: "en", resources, defaultNS: "common", interpolation: { escapeValue: false }, react: { useSuspense: false } });
