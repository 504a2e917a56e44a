// The <title> of a signed-in page, in the page's language: such pages follow the person's language, which a route's
// `meta` cannot read (it has no catalog), so the page's component writes its title and React places it in <head>.
import { useRouteLoaderData } from "react-router";

/** "<page> | <association>", as `pageTitle` (lib/meta.ts) writes it. */
export function PageTitle({ children }: { children: string }) {
  const root = useRouteLoaderData<{ site?: { associationName: string } }>("root");
  const site = root?.site?.associationName ?? "Niche";
  return <title>{`${children} | ${site}`}</title>;
}

/** Drops the title from a route's meta tags where the page writes its own (`PageTitle`). */
export const withoutTitle = <T extends object>(tags: T[]): T[] => tags.filter((tag) => !("title" in tag));
