// The public pages (home, map, directory, events, offers, CMS pages, search): one error boundary for all.
import { Outlet } from "react-router";
import type { Route } from "./+types/public-pages";
import { RouteError } from "#web/components/layout/route-error.tsx";

// Every public page reads the public pages' texts, the opening hours' words and the shared widgets' (copy button,
// dates) (src/shared/i18n/locales).
export const handle = { i18n: ["public", "hours", "ui"] };

export default function PublicPages() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
