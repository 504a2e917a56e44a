// <title>, description, canonical link and Open Graph tags of a public page, so a shared link shows a preview.
import type { MetaDescriptor } from "react-router";
import { getApp } from "#web/lib/app-context.ts";
import { pageTitle } from "#web/lib/meta.ts";
import { localizedPath, type Language } from "#shared/i18n/index.ts";

type Matches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

/** The site's origin for absolute links: PUBLIC_URL when configured, else the request's own. */
export function siteOrigin(request: Request, context: Parameters<typeof getApp>[0]): string {
  return getApp(context).siteUrl ?? new URL(request.url).origin;
}

/** An absolute URL for a path or URL we serve. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, origin).href;
}

/** What the root loader gives every page's meta: the site's settings and its origin. */
interface RootData {
  origin?: string;
  language?: Language;
  languages?: readonly Language[];
  defaultLanguage?: Language;
  site?: { associationName?: string; heroPhotos?: ReadonlyArray<{ url: string; alt: string }>; holidayRegion?: string };
}

/**
 * Open Graph's locale of a language ("fr_CA"): the language, and the country of the association's holiday region
 * (CA-ON, FR, BE…), which is where its visitors are.
 */
export function openGraphLocale(language: Language, holidayRegion: string | undefined): string {
  const country = /^[A-Z]{2}/.exec(holidayRegion ?? "")?.[0];
  return country ? `${language}_${country}` : language;
}

/**
 * The association's own picture for link previews of pages with none of their own: the hero photo the home page opens
 * with (the site settings have no logo).
 */
function siteImage(site: RootData["site"]): { url: string; alt: string } | null {
  return site?.heroPhotos?.at(-1) ?? null;
}

export interface PageMetaInput {
  /** Page name; the association's name is added. Leave out for the home page. */
  title?: string;
  description: string;
  /** The site's origin; the root loader's when left out. */
  origin?: string;
  /** Path of the canonical address, e.g. "/events". */
  path: string;
  /** Image for link previews (absolute or site path); the association's (siteImage) when there is none. */
  image?: string | null;
  imageAlt?: string;
  type?: "website" | "article" | "business.business";
  /** Pages that should not be indexed (not found, failures, search results). */
  noindex?: boolean;
}

export function pageMeta(matches: Matches, input: PageMetaInput): MetaDescriptor[] {
  const [titleTag] = pageTitle(matches, input.title);
  const title = (titleTag as { title: string }).title;
  const root = matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined;
  const origin = input.origin || root?.origin || "";
  // The page in its own language; `path` is given without a language prefix.
  const url = absoluteUrl(origin, localizedPath(input.path, root?.language ?? "en"));
  const fallback = input.image ? null : siteImage(root?.site);
  const image = input.image ?? fallback?.url;
  const imageAlt = input.image ? input.imageAlt : fallback?.alt;
  const description = input.description.replace(/\s+/g, " ").trim().slice(0, 300);
  const meta: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:site_name", content: root?.site?.associationName ?? "Niche" },
    { property: "og:title", content: input.title ?? title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:locale", content: openGraphLocale(root?.language ?? "en", root?.site?.holidayRegion) },
    ...(root?.languages ?? [])
      .filter((language) => language !== (root?.language ?? "en"))
      .map((language) => ({ property: "og:locale:alternate", content: openGraphLocale(language, root?.site?.holidayRegion) })),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
  ];
  if (image) {
    meta.push({ property: "og:image", content: absoluteUrl(origin, image) });
    if (imageAlt) meta.push({ property: "og:image:alt", content: imageAlt });
  }
  if (input.noindex) meta.push({ name: "robots", content: "noindex" });
  else meta.push(...alternates(origin, input.path, root));
  return meta;
}

/** The same page in each language the site offers, and the one for people whose language it does not offer. */
function alternates(origin: string, path: string, root: RootData | undefined): MetaDescriptor[] {
  const languages = root?.languages ?? [];
  if (languages.length < 2) return [];
  const link = (hrefLang: string, language: Language): MetaDescriptor => ({
    tagName: "link",
    rel: "alternate",
    hrefLang,
    href: absoluteUrl(origin, localizedPath(path, language)),
  });
  return [...languages.map((language) => link(language, language)), link("x-default", root?.defaultLanguage ?? "en")];
}
