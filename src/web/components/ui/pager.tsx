// Previous/next links under a paged list; the page is in the address, so it survives a reload and Back. A list read
// from where a page stopped (decision 0068) carries that row's cursor in the link as well.
import { Link, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { ui } from "./classes.ts";
import { formatNumber } from "#shared/i18n/format.ts";
import { langOf } from "#web/lib/public-text.ts";

/**
 * `lowerBound`: the list stopped counting (a searched list's `totalIsLowerBound`, decision 0063): more than
 * `total` - 1 match, so the text says "more than" and the next page stays open.
 */
export function Pager({
  label,
  page,
  pageSize,
  total,
  lowerBound = false,
  cursors,
}: {
  label: string;
  page: number;
  pageSize: number;
  total: number;
  lowerBound?: boolean;
  /** A list read from where a page stopped (decision 0068): its `nextCursor` and `previousCursor`, for the links. */
  cursors?: { nextCursor?: string; previousCursor?: string };
}) {
  const [params] = useSearchParams();
  const { t, i18n } = useTranslation("common");
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const lang = langOf(i18n.language);
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const to_ = (n: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(n));
    next.delete("after");
    next.delete("before");
    // The next page from this one's last row, the one before from its first; the first page needs neither.
    if (n === page + 1 && cursors?.nextCursor) next.set("after", cursors.nextCursor);
    if (n === page - 1 && n > 1 && cursors?.previousCursor) next.set("before", cursors.previousCursor);
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
