// The admin dashboard and the admin's add pages: one error boundary for all.
import { Outlet } from "react-router";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/admin-pages";
import { RouteError } from "#web/components/layout/route-error.tsx";
import { MANAGE_NAMESPACE } from "#web/lib/manage-text.ts";

// Loaded before the admin pages draw: the administration's texts, the shared form widgets', the opening hours' day
// names, and the association's tools (the import, the event form's Registration section, the survey, shift and
// attachment editors), which any admin tab may hold; and the owners' (the Requests tab, a business's owners).
export const handle = { i18n: ["admin", "ui", "hours", MANAGE_NAMESPACE, "owners"] };

export default function AdminPages() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation("common");
  return <RouteError error={error} texts={{ unexpected: t("groupErrors.admin") }} />;
}
