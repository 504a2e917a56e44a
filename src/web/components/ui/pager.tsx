// Previous/next links under a paged list; the page is in the address, so it survives a reload and Back.
import { Link, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { ui } from "./field.tsx";
import { formatNumber } from "#shared/i18n/format.ts";
import { langOf } from "#web/lib/public-text.ts";

/**
 * `lowerBound`: the list stopped counting (a searched list's `totalIsLowerBound`, decision 0063): more than
 * `total` - 1 match, so the text says "more than" and the next page stays open.
 */
export function Pager({ label, page, pageSize, total, lowerBound = false }: { label: string; page: number; pageSize: number; total: number; lowerBound?: boolean }) {
  const [params] = useSearchParams();
  const { t, i18n } = useTranslation("common");
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const lang = langOf(i18n.language);
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
      <span aria-live="polite">
        {lowerBound
          ? t("pager.rangeMoreThan", { from, to, total: formatNumber(total - 1, lang), page, pages: formatNumber(Math.floor((total - 1) / pageSize), lang) })
          : t("pager.range", { from, to, total: formatNumber(total, lang), page, pages })}
      </span>
      {step(page + 1, t("pager.next"))}
    </nav>
  );
}
