// Previous/next paging under an admin list, so lists of tens of thousands of rows stay quick.
import { ui } from "./styles.ts";
export function Pager({
  label,
  page,
  pageSize,
  total,
  disabled,
  onPage,
}: {
  label: string;
  page: number;
  pageSize: number;
  total: number;
  disabled?: boolean;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav aria-label={`${label} pages`} className="mt-3 flex flex-wrap items-center gap-3 text-sm">
      <button type="button" className={ui.secondary} disabled={disabled || page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span aria-live="polite">
        {from}–{to} of {total.toLocaleString("en-US")} (page {page} of {pages})
      </span>
      <button type="button" className={ui.secondary} disabled={disabled || page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
