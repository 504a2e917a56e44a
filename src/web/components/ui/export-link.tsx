// "Export CSV" beside an admin list: a plain link to the API's export, which the browser downloads.
import { useTranslation } from "react-i18next";
import { ui } from "./classes.ts";

/** The admin lists that have an export, by their tab, and the file each downloads. */
const EXPORTS: Record<string, { path: string }> = {
  markers: { path: "/api/v1/exports/businesses.csv" },
  events: { path: "/api/v1/exports/events.csv" },
  offers: { path: "/api/v1/exports/offers.csv" },
  intake: { path: "/api/v1/exports/intake.csv" },
};

export function ExportLink({ list }: { list: string | undefined }) {
  const { t } = useTranslation("ui");
  const target = list ? EXPORTS[list] : undefined;
  if (!target) return null;
  return (
    <a href={target.path} download className={ui.secondary} aria-label={t(`export.of.${list}`)}>
      {t("export.label")}
    </a>
  );
}

export const hasExport = (list: string | undefined) => !!list && list in EXPORTS;
