// The admin dashboard and the admin's add pages: one error boundary for all.
import { Outlet } from "react-router";
import type { Route } from "./+types/admin-pages";
import { RouteError } from "#web/components/layout/route-error.tsx";

export default function AdminPages() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} texts={{ unexpected: "The admin page could not be shown. Please try again in a moment." }} />;
}
