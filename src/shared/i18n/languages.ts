// The languages Niche speaks and where each lives in the site's addresses: English at the spec's paths, every
// other language under its own prefix (/fr/...). Shared by the server (routing, cache, sitemap, mail) and the pages.

export const LANGUAGES = ["en", "fr"] as const;
export type Language = (typeof LANGUAGES)[number];

/** The language of the spec's addresses and texts: a site's default until the association picks another. */
export const DEFAULT_LANGUAGE: Language = "en";

/** Each language named in itself, as a switcher shows it to someone who reads only that language. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", fr: "Français" };

/** The cookie that remembers a visitor's choice (or that they were offered their browser's language once). */
export const LANGUAGE_COOKIE = "niche_lang";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The public pages, which exist in each language (the others, signed-in pages and the API, stay at one address
 * and follow the person's language). Given without a language prefix.
 */
const LOCALIZED =
  /^\/(?:|map|events(?:\/[^/]+){0,2}|offers(?:\/[^/]+)?|news(?:\/[^/]+)?|business(?:\/[^/]+)?|tag(?:\/[^/]+)?|category(?:\/[^/]+)?|pages\/[^/]+|contact|search|resources|subscribe(?:\/confirm|\/preferences)?|deals|history)$/;

/** Whether a page (its path without a language prefix) exists in every language. */
export function isLocalizedPath(pathname: string): boolean {
  return LOCALIZED.test(pathname) && !pathname.endsWith("/check-in") && !pathname.endsWith("/registrations");
}

/** The language prefix a path begins with ("fr" for /fr and /fr/map), if any. */
export function prefixOf(pathname: string): Exclude<Language, "en"> | null {
  // The first segment, read without splitting the whole path (the sitemap asks this of every URL it writes).
  const start = pathname.indexOf("/") + 1;
  const end = pathname.indexOf("/", start);
  const first = start === 0 ? "" : pathname.slice(start, end === -1 ? undefined : end);
  return first !== "en" && isLanguage(first) ? (first as Exclude<Language, "en">) : null;
}

/** The path without its language prefix: /fr → /, /fr/map → /map. */
export function unprefixed(pathname: string): string {
  const prefix = prefixOf(pathname);
  if (!prefix) return pathname;
  return pathname.slice(prefix.length + 1) || "/";
}

/**
 * A link (path, with its query and fragment) in a language: public pages get the language's prefix, English
 * none; other addresses (sign-in, accounts, the API, files) stay as they are.
 */
export function localizedPath(to: string, language: Language): string {
  if (!to.startsWith("/") || to.startsWith("//")) return to;
  const at = to.search(/[?#]/);
  const pathname = unprefixed(at === -1 ? to : to.slice(0, at));
  const rest = at === -1 ? "" : to.slice(at);
  if (language === "en" || !isLocalizedPath(pathname)) return pathname + rest;
  return (pathname === "/" ? `/${language}` : `/${language}${pathname}`) + rest;
}

/** The languages an association has turned on, and the one for people who have not chosen (site settings). */
export interface LanguageSettings {
  languages: readonly Language[];
  defaultLanguage: Language;
}

/**
 * The language a page is shown in: a public page's is its address's (English without a prefix); any other page
 * (sign-in, accounts, administration) follows the person's choice (their account's, else their cookie's) when the
 * site has that language, else the site's default.
 */
export function pageLanguage(pathname: string, settings: LanguageSettings, chosen?: string | null): Language {
  const prefix = prefixOf(pathname);
  if (prefix) return prefix;
  if (isLocalizedPath(pathname)) return "en";
  return isLanguage(chosen) && settings.languages.includes(chosen) ? chosen : settings.defaultLanguage;
}

/** A site's language settings, English alone where they were never set. */
export function languageSettingsOf(site: Partial<LanguageSettings> | null | undefined): LanguageSettings {
  const languages = site?.languages?.length ? site.languages : [DEFAULT_LANGUAGE];
  const defaultLanguage = site?.defaultLanguage && languages.includes(site.defaultLanguage) ? site.defaultLanguage : languages[0]!;
  return { languages, defaultLanguage };
}

/** The language remembered in a request's cookie header, if any. */
export function cookieLanguage(cookieHeader: string | null | undefined): Language | null {
  const value = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`))?.[1];
  return isLanguage(value) ? value : null;
}

/**
 * The language among `offered` a browser's Accept-Language ranks first ("fr-CA,fr;q=0.9,en;q=0.8" → fr), by its
 * weights and then its order; null when it names none of them.
 */
export function preferredLanguage(acceptLanguage: string | null | undefined, offered: readonly Language[] = LANGUAGES): Language | null {
  if (!acceptLanguage) return null;
  let best: { language: Language; weight: number } | null = null;
  for (const part of acceptLanguage.split(",")) {
    const [tag = "", ...params] = part.trim().split(";");
    const language = tag.trim().toLowerCase().split("-")[0];
    const q = params.map((param) => param.trim().match(/^q=([\d.]+)$/)?.[1]).find(Boolean);
    const weight = q === undefined ? 1 : Number(q);
    if (!isLanguage(language) || !offered.includes(language) || !(weight > 0)) continue;
    if (!best || weight > best.weight) best = { language, weight };
  }
  return best?.language ?? null;
}
