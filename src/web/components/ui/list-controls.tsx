// A list's search box and order, kept in the address (?q=, ?sort=) so a reload, a bookmark or Back finds the
// same list; changing either starts again at the first page.
import { useId } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import type { SortDirection } from "#shared/schemas/pagination.ts";
import { ui } from "./classes.ts";
import { ExportLink, hasExport } from "./export-link.tsx";
import { PickerSelect } from "./select.tsx";

export interface SortChoice {
  /** The names of the two orders, e.g. "Name A–Z" and "Name Z–A". */
  asc: string;
  desc: string;
  /** The order the list has when the address names none. */
  usual: SortDirection;
  /** The usual pair of orders whose names the `ui` catalog holds (`list.sort.<key>`), for pages in another language. */
  key?: "name" | "date";
}

/** `list` names the admin tab, whose export link (if it has one) comes last. */
export function ListControls({ search, sort, list }: { search?: boolean; sort?: SortChoice; list?: string }) {
  const { t } = useTranslation("ui");
  const [params, setParams] = useSearchParams();
  const id = useId();
  const change = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("page");
        next.delete("after");
        next.delete("before");
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  if (!search && !sort && !hasExport(list)) return null;
  return (
    <div className="mt-3 flex flex-wrap items-end gap-3">
      {search && (
        <div className="min-w-0 flex-1 basis-48">
          <label htmlFor={`${id}-q`} className={ui.label}>
            {t("list.findByName")}
          </label>
          <input id={`${id}-q`} type="search" className={ui.input} defaultValue={params.get("q") ?? ""} onChange={(event) => change("q", event.target.value.trim())} />
        </div>
      )}
      {sort && (
        <PickerSelect
          label={t("list.order")}
          className="min-w-44"
          options={[
            { value: "asc", label: sort.key ? t(`list.sort.${sort.key}.asc`) : sort.asc },
            { value: "desc", label: sort.key ? t(`list.sort.${sort.key}.desc`) : sort.desc },
          ]}
          value={params.get("sort") ?? sort.usual}
          onChange={(value) => change("sort", value === sort.usual ? "" : value)}
        />
      )}
      <ExportLink list={list} />
    </div>
  );
}
