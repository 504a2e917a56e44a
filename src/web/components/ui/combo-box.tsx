// A picker that can be typed into (categories, businesses): React Aria's combobox, submitting the chosen
// option's value under `name`, with the form's messages tied to its text box. With `searchPath` its options are found
// on the server as it is typed into, a page at a time, so a directory of thousands is never sent to the form whole.
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, ComboBox, Input, Label } from "react-aria-components";
import { formatNumber } from "#shared/i18n/format.ts";
import type { Paginated } from "#shared/schemas/pagination.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { langOf } from "#web/lib/public-text.ts";
import { ErrorList } from "./field.tsx";
import { ui } from "./classes.ts";
import { Chevron, PickerList, type PickerProps, type SelectOption } from "./select.tsx";

/** Options found on the server per search. */
const SEARCH_PAGE = 20;
/** Typing pauses this long before the server is asked. */
const SEARCH_DELAY_MS = 250;

/**
 * The options of `path` whose names contain the text typed, the first SEARCH_PAGE of them, once something is typed or
 * the list is opened, with how many match in all.
 */
function useServerOptions(path: string | undefined) {
  const [query, setQuery] = useState<string | null>(null);
  const [found, setFound] = useState<{ query: string; options: SelectOption[]; total: number; lowerBound: boolean } | null>(null);
  useEffect(() => {
    if (!path || query === null) return;
    let stale = false;
    const timer = setTimeout(() => {
      const params = new URLSearchParams({ q: query.trim(), page: "1", pageSize: String(SEARCH_PAGE) });
      apiFetch<Paginated<{ id: string; name: string }>>(`${path}?${params}`).then(
        (result) => !stale && setFound({ query, options: result.items.map((item) => ({ value: item.id, label: item.name })), total: result.total, lowerBound: !!result.totalIsLowerBound }),
        // The options already there stay; the next keystroke asks again.
        () => undefined,
      );
    }, SEARCH_DELAY_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [path, query]);
  return { found, asked: query !== null, ask: (text: string) => path && setQuery(text) };
}

export function PickerComboBox({ id, name, label, options, grouped = [], group, empty, defaultValue, errorId, errors, onChange, searchPath }: PickerProps) {
  const invalid = !!errors?.length;
  // The chosen option's name from the start: React Aria fills the text box from its list once that is built, but not
  // while the box has focus, and a form opened on the page gives its first field focus at once.
  const chosen = defaultValue ? [...options, ...grouped].find((option) => option.value === defaultValue) : undefined;
  const search = useServerOptions(searchPath);
  // Searched: the options the page sent (the chosen ones, the first page) and those found for what is typed.
  const found = search.found?.options ?? [];
  const listed = searchPath ? [...new Map([...grouped, ...found].map((option) => [option.value, option])).values()] : grouped;
  // The server's matches for the text typed are shown as it found them (it folds accents and case); the rest is
  // narrowed here, as without a search.
  const matched = new Set(found.map((option) => option.label));
  // Matches past the page found: said at the list's end, and to screen readers through a status kept on the page.
  const { t, i18n } = useTranslation("ui");
  const hintId = useId();
  const more = search.found ? search.found.total - found.length : 0;
  // A search that stopped counting (decision 0063) matched more than total - 1.
  const hint = more > 0 ? (search.found?.lowerBound ? t("comboBox.moreThan", { number: formatNumber(more - 1, langOf(i18n.language)) }) : t("comboBox.more", { count: more })) : "";
  return (
    <ComboBox
      id={`${id}-box`}
      name={name}
      defaultSelectedKey={defaultValue || null}
      defaultInputValue={chosen?.label ?? ""}
      isInvalid={invalid}
      onSelectionChange={(key) => onChange?.(key === null ? "" : String(key))}
      {...(searchPath
        ? {
            defaultFilter: (text: string, typed: string) => (search.found?.query === typed && matched.has(text)) || text.toLocaleLowerCase().includes(typed.toLocaleLowerCase()),
            onInputChange: search.ask,
            // Opened before anything is typed: the first page is asked for, which tells how many there are.
            onOpenChange: (open: boolean) => open && !search.asked && search.ask(""),
          }
        : {})}
      className="min-w-0"
    >
      {/* The text box keeps the form's id for its field (its messages, the focus after a refusal): the label names it. */}
      <Label className={ui.label} htmlFor={id}>
        {label}
      </Label>
      <div className="relative mt-1">
        <Input id={id} placeholder={empty} aria-describedby={invalid ? errorId : undefined} className={`${ui.input} mt-0 pe-10`} />
        <Button className="absolute inset-y-0 end-0 flex items-center px-3 text-stone-600">
          <Chevron />
        </Button>
      </div>
      <ErrorList id={errorId} errors={errors} />
      {searchPath && (
        <span id={hintId} role="status" className="sr-only">
          {hint}
        </span>
      )}
      <PickerList options={options} grouped={listed} group={group} footer={hint || undefined} />
    </ComboBox>
  );
}
