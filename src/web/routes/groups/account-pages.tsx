// Signing in and the pages of a signed-in member: one error boundary for all.
import { Outlet } from "react-router";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/account-pages";
import { RouteError } from "#web/components/layout/route-error.tsx";

export default function AccountPages() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation("common");
  return <RouteError error={error} texts={{ unexpected: t("groupErrors.account") }} />;
}
