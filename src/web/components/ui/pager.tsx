// Previous/next links under a paged list; the page is in the address, so it survives a reload and Back.
import { Link, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { ui } from "./field.tsx";
import { formatNumber } from "#shared/i18n/format.ts";
import { langOf } from "#web/lib/public-text.ts";

export function Pager({ label, page, pageSize, total }: { label: string; page: number; pageSize: number; total: number }) {
  const [params] = useSearchParams();
  const { t, i18n } = useTranslation("common");
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const to_ = (n: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(n));
    return `?${next}`;
  };
  const step = (n: number, text: string) =>
    n < 1 || n > pages ? (
      <span aria-disabled="true" className={`${ui.secondary} opacity-50`}>
        {text}
      </span>
    ) : (
      <Link to={to_(n)} preventScrollReset className={ui.secondary}>
        {text}
      </Link>
    );
  return (
    <nav aria-label={t("pager.label", { label })} className="mt-3 flex flex-wrap items-center gap-3 text-sm">
      {step(page - 1, t("pager.previous"))}
      <span aria-live="polite">{t("pager.range", { from, to, total: formatNumber(total, langOf(i18n.language)), page, pages })}</span>
      {step(page + 1, t("pager.next"))}
    </nav>
  );
}
