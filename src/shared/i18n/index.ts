// The i18next side of the catalogs: one instance per request on the server, one in the browser, each made with
// the page's language and the namespaces its routes need, loaded before anything renders (no flash of another
// language, no hydration mismatch). Catalogs are JSON under ./locales/<language>/<namespace>.json, each its own
// chunk in the browser's build, so a French page downloads only French catalogs (docs/decisions/0039-i18n.md).
import { createInstance, type BackendModule, type i18n as I18n, type TFunction } from "i18next";
import { LANGUAGES, type Language } from "./languages.ts";

export * from "./languages.ts";

/** The layout's namespace (header, footer, navigation, switcher, error pages): every page loads it. */
export const COMMON_NAMESPACE = "common";

type Catalog = Record<string, unknown>;

// Vite (pages, tests) bundles each catalog as its own chunk; Node alone (the server's mail, built with tsc) imports
// the JSON file, copied beside the built module (scripts/resolve-build-aliases.ts).
const bundled = import.meta.env ? import.meta.glob<Catalog>("./locales/*/*.json", { import: "default" }) : null;

const loaded = new Map<string, Promise<Catalog>>();
/** The catalogs whose loading has finished, for code that cannot wait (a page's meta tags). */
const ready = new Map<string, Catalog>();

/** One namespace's catalog in one language; an empty one when there is none. */
export function loadCatalog(language: Language, namespace: string): Promise<Catalog> {
  const key = `${language}/${namespace}`;
  let catalog = loaded.get(key);
  if (!catalog) {
    catalog = bundled
      ? (bundled[`./locales/${key}.json`]?.() ?? Promise.resolve({}))
      : import(/* @vite-ignore */ `./locales/${key}.json`, { with: { type: "json" } }).then(
          (module: { default: Catalog }) => module.default,
          () => ({}),
        );
    loaded.set(key, catalog);
    void catalog.then((value) => ready.set(key, value), () => {});
  }
  return catalog;
}

/**
 * One namespace's catalog in one language if it is loaded already (a page's are, before it renders or hydrates),
 * else undefined, and its loading is started.
 */
export function loadedCatalog(language: Language, namespace: string): Catalog | undefined {
  const catalog = ready.get(`${language}/${namespace}`);
  if (!catalog) void loadCatalog(language, namespace);
  return catalog;
}

/**
 * i18next's way to the catalogs: a namespace a page has not loaded yet (one a client-side navigation reaches) is
 * read through it while the component that needs it suspends.
 */
const catalogBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    loadCatalog(language as Language, namespace).then(
      (catalog) => callback(null, catalog),
      (error: Error) => callback(error, false),
    );
  },
};

/** The namespaces a page needs: the layout's and those its routes name in `handle.i18n`. */
export function namespacesOf(handles: readonly unknown[]): string[] {
  const namespaces = new Set([COMMON_NAMESPACE]);
  for (const handle of handles) {
    const named = (handle as { i18n?: string | readonly string[] } | undefined)?.i18n;
    for (const namespace of typeof named === "string" ? [named] : (named ?? [])) namespaces.add(namespace);
  }
  return [...namespaces];
}

/**
 * An i18next instance for one language, ready when it resolves: the namespaces given are loaded before. No other
 * language is loaded as a fallback (a French page downloads French catalogs only): the completeness test keeps
 * every key in every language.
 */
export async function createI18n(language: Language, namespaces: readonly string[]): Promise<I18n> {
  const instance = createInstance().use(catalogBackend);
  await instance.init({
    lng: language,
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    ns: [...namespaces],
    defaultNS: COMMON_NAMESPACE,
    // React escapes what it renders; the mail layer escapes its HTML itself.
    interpolation: { escapeValue: false },
    // Loads at once rather than after a timer: a page whose clock is held (or a busy one) still hydrates.
    initAsync: false,
    react: { useSuspense: true },
  });
  return instance;
}

/** A `t` for one language and namespace, for server code without a page: loaders' side work, mail. */
export async function getFixedT(language: Language, namespace: string = COMMON_NAMESPACE): Promise<TFunction> {
  const instance = await createI18n(language, [namespace]);
  return instance.getFixedT(language, namespace);
}

/** Turns a running instance to another language once that language's catalogs for its namespaces are loaded. */
export async function switchLanguage(instance: I18n, language: Language): Promise<void> {
  if (instance.language === language) return;
  await instance.loadLanguages(language);
  await instance.changeLanguage(language);
}
