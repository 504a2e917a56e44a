// The pattern of the page route an address falls under (`/business/:slug`), from the build's route table: pages are
// counted by it, never by their address, which would make a series of every business.
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

export function pageRoutePatterns(manifest: ServerBuild["routes"]): (pathname: string) => string | undefined {
  const byParent = new Map<string | undefined, RouteObject[]>();
  const all = Object.values(manifest).filter((route) => route !== undefined);
  const objects = new Map(all.map((route) => [route.id, { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive } as RouteObject]));
  for (const route of all) {
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(objects.get(route.id)!);
    byParent.set(route.parentId, siblings);
  }
  for (const [id, object] of objects) {
    const children = byParent.get(id);
    if (children && !object.index) object.children = children;
  }
  const roots = byParent.get(undefined) ?? [];
  return (pathname) => {
    const matches = matchRoutes(roots, pathname);
    if (!matches) return undefined;
    const segments = matches.map((match) => match.route.path).filter((path): path is string => Boolean(path));
    return `/${segments.join("/")}`.replace(/\/{2,}/g, "/");
  };
}
