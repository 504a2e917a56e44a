// "Export CSV" beside an admin list: a plain link to the API's export, which the browser downloads.
import { ui } from "./field.tsx";

/** The admin lists that have an export, by their tab, and the file each downloads. */
const EXPORTS: Record<string, { path: string; what: string }> = {
  markers: { path: "/api/v1/exports/businesses.csv", what: "businesses" },
  events: { path: "/api/v1/exports/events.csv", what: "events" },
  offers: { path: "/api/v1/exports/offers.csv", what: "offers" },
  intake: { path: "/api/v1/exports/intake.csv", what: "intake form submissions" },
};

export function ExportLink({ list }: { list: string | undefined }) {
  const target = list ? EXPORTS[list] : undefined;
  if (!target) return null;
  return (
    <a href={target.path} download className={ui.secondary} aria-label={`Export CSV of all ${target.what}`}>
      Export CSV
    </a>
  );
}

export const hasExport = (list: string | undefined) => !!list && list in EXPORTS;
