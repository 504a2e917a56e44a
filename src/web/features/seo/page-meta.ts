// <title>, description, canonical link and Open Graph tags of a public page, so a shared link shows a preview.
import type { MetaDescriptor } from "react-router";
import { getApp } from "#web/lib/app-context.ts";
import { pageTitle } from "#web/lib/meta.ts";

type Matches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

/** The site's origin for absolute links: PUBLIC_URL when configured, else the request's own. */
export function siteOrigin(request: Request, context: Parameters<typeof getApp>[0]): string {
  return getApp(context).siteUrl ?? new URL(request.url).origin;
}

/** An absolute URL for a path or URL we serve. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, origin).href;
}

export interface PageMetaInput {
  /** Page name; the association's name is added. Leave out for the home page. */
  title?: string;
  description: string;
  origin: string;
  /** Path of the canonical address, e.g. "/events". */
  path: string;
  /** Image for link previews (absolute or site path). */
  image?: string | null;
  imageAlt?: string;
  type?: "website" | "article" | "business.business";
  /** Pages that should not be indexed (not found, failures). */
  noindex?: boolean;
}

export function pageMeta(matches: Matches, input: PageMetaInput): MetaDescriptor[] {
  const [titleTag] = pageTitle(matches, input.title);
  const title = (titleTag as { title: string }).title;
  const root = matches.find((m) => m?.id === "root")?.loaderData as { site?: { associationName?: string } } | undefined;
  const url = absoluteUrl(input.origin, input.path);
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
    { name: "twitter:card", content: input.image ? "summary_large_image" : "summary" },
  ];
  if (input.image) {
    meta.push({ property: "og:image", content: absoluteUrl(input.origin, input.image) });
    if (input.imageAlt) meta.push({ property: "og:image:alt", content: input.imageAlt });
  }
  if (input.noindex) meta.push({ name: "robots", content: "noindex" });
  return meta;
}
