// The recent imports, with what each did and whether it can still be undone.
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { ui } from "#web/components/ui/classes.ts";
import { formatDateTime } from "#shared/i18n/format.ts";
import { useManageText } from "#web/lib/manage-text.ts";
import { useSiteTimeZone } from "#web/lib/site.ts";
import { importErrorText } from "./import-format.ts";
import { listImports, type RecentImport } from "./import-api.ts";

export function RecentImports({ current, version }: { current: string | null; version: unknown }) {
  const { t, lang } = useManageText();
  const timeZone = useSiteTimeZone();
  const [imports, setImports] = useState<RecentImport[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let stopped = false;
    listImports()
      .then((list) => !stopped && setImports(list))
      .catch((e: unknown) => !stopped && setError(importErrorText(e)));
    return () => {
      stopped = true;
    };
  }, [current, version]);
  if (!error && (!imports || imports.length === 0)) return null;
  return (
    <section aria-labelledby="recent-imports-heading" className="card min-w-0">
      <h2 id="recent-imports-heading" className={ui.sectionHeading}>
        {t("importer.recent")}
      </h2>
      {error && (
        <p role="alert" className={ui.error}>
          {error}
        </p>
      )}
      <ul className="mt-3 divide-y divide-stone-200">
        {imports?.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              <span className="font-semibold break-all">{item.fileName}</span>{" "}
              <span className="text-sm text-stone-700">
                {t(`importer.recentStatus.${item.status}`)}, {formatDateTime(item.appliedAt ?? item.createdAt, lang, timeZone)}
              </span>
            </span>
            {item.id !== current && (
              <Link to={`?id=${encodeURIComponent(item.id)}`} className="text-brand-700 underline" aria-label={t("importer.openOf", { fileName: item.fileName })}>
                {t("importer.open")}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
