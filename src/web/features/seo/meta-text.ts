// The words of a page's meta tags (title, description, its feeds' names) in the page's language. A route's meta
// function runs where no hook does: it reads the page's language from the root loader's data, and the `public`
// catalog the page's i18next instance loaded before rendering (`loadedCatalog`). A client-side navigation into
// another language renders the tags again once that language's catalogs are in (the root follows the language).
import { createInstance, type TFunction } from "i18next";
import { DEFAULT_LANGUAGE, loadedCatalog, localizedPath, type Language } from "#shared/i18n/index.ts";

type Matches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

const made = new Map<string, TFunction<"public">>();

/** Nothing to say until the catalog is in: the title is then the association's name alone. */
const unready = (() => "") as unknown as TFunction<"public">;

function publicText(language: Language, namespace: string): TFunction<"public"> {
  const known = made.get(`${language}:${namespace}`);
  if (known) return known;
  const catalog = loadedCatalog(language, namespace);
  if (!catalog) return unready;
  const instance = createInstance();
  void instance.init({
    lng: language,
    fallbackLng: false,
    ns: [namespace],
    defaultNS: namespace,
    resources: { [language]: { [namespace]: catalog } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  const t = instance.getFixedT(language, namespace) as unknown as TFunction<"public">;
  made.set(`${language}:${namespace}`, t);
  return t;
}

export interface MetaText {
  /** The `public` catalog in the page's language. */
  t: TFunction<"public">;
  language: Language;
  /** The site's time zone, for dates. */
  timeZone: string;
  /** A feed's or calendar's address in the page's language: /fr/events.ics on a French page. */
  feed: (path: string) => string;
  /** A public page's address in the page's language. */
  localize: (path: string) => string;
}

/** A feed's or calendar's address in a language: /fr/events.ics for French, /events.ics for English. */
export const feedPath = (path: string, language: Language) => (language === "en" ? path : `/${language}${path}`);

/**
 * The meta tags' words in the page's language, from the `public` catalog, or from `namespace` for a page that loads
 * another (the signed-in pages' link previews: `account`, `members`, `owners`).
 */
export function metaText(matches: Matches, namespace = "public"): MetaText {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { language?: Language; site?: { timeZone?: string } } | undefined;
  const language = root?.language ?? DEFAULT_LANGUAGE;
  return {
    t: publicText(language, namespace),
    language,
    timeZone: root?.site?.timeZone ?? "UTC",
    feed: (path) => feedPath(path, language),
    localize: (path) => localizedPath(path, language),
  };
}
