import type { MetaDescriptor } from "react-router";

interface RootData {
  site: { associationName: string };
}

/** "<page> | <association>" from the root loader's site settings. */
export function pageTitle(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>, page?: string): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined;
  const site = root?.site.associationName ?? "Niche";
  return [{ title: page ? `${page} | ${site}` : site }];
}
