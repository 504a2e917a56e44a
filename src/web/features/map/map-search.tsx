// The map's search box: a combobox over categories, tags and businesses (spec section 2, "Sidebar").
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { MAP_SEARCH_DROPDOWN_MAX_HEIGHT_PX } from "#shared/constants.ts";
import { comboboxInputProps } from "#web/components/search/combobox-input.ts";
import { matchSearchItems, type SearchItem } from "./map-filters.ts";
import { sendMissedSearch } from "#web/lib/insight-beacon.ts";
import { usePublicText } from "#web/lib/public-text.ts";

/** Enough options to scroll through; drawing thousands for a one-letter query would stall typing. */
const MAX_OPTIONS = 100;

export function MapSearch({ items, onPick }: { items: SearchItem[]; onPick: (item: SearchItem) => void }) {
  const { t } = usePublicText();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const rootRef = useRef<HTMLDivElement>(null);
  const listId = useId();
  const inputId = useId();
  const matches = useMemo(() => matchSearchItems(items, text).slice(0, MAX_OPTIONS), [items, text]);
  const shown = open && text.trim() !== "" && matches.length > 0;

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, []);

  /** Words that match nothing on the map are counted for the association once the visitor stops at them. */
  function countIfNothingFound() {
    if (items.length > 0 && matches.length === 0) sendMissedSearch(text);
  }

  function pick(item: SearchItem) {
    setText(item.name);
    setOpen(false);
    setActive(-1);
    onPick(item);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      if (!shown) {
        setOpen(true);
        return;
      }
      setActive((i) => Math.min(i + 1, matches.length - 1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === "Enter") {
      if (shown && active >= 0 && matches[active]) {
        event.preventDefault();
        pick(matches[active]);
      } else countIfNothingFound();
    } else if (event.key === "Escape") {
      setOpen(false);
      setActive(-1);
    }
  }

  useEffect(() => {
    if (active >= 0) document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [active, listId]);

  return (
    <div ref={rootRef} className="relative">
      <label htmlFor={inputId} className="sr-only">
        {t("map.searchLabel")}
      </label>
      <input
        id={inputId}
        {...comboboxInputProps({ listId, expanded: shown, activeId: shown && active >= 0 ? `${listId}-${active}` : undefined })}
        placeholder={t("map.searchPlaceholder")}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        // Tab (or a click) elsewhere closes the list, which would otherwise cover the controls focus moves to.
        onBlur={(event) => {
          if (rootRef.current?.contains(event.relatedTarget)) return;
          setOpen(false);
          countIfNothingFound();
        }}
        onKeyDown={onKeyDown}
        className="w-full rounded-md border border-stone-300 px-3 py-2 text-sm"
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t("map.searchResults")}
        // Scrollable, but reached through the field's arrow keys, not by Tab.
        tabIndex={-1}
        hidden={!shown}
        style={{ maxHeight: MAP_SEARCH_DROPDOWN_MAX_HEIGHT_PX }}
        className="absolute z-20 mt-1 w-full overflow-y-auto rounded-md border border-stone-200 bg-white shadow-lg"
      >
        {shown &&
          matches.map((item, index) => (
            <li
              key={`${item.kind}-${item.id}`}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              onPointerDown={(event) => event.preventDefault()}
              onClick={() => pick(item)}
              onMouseEnter={() => setActive(index)}
              className={`cursor-pointer px-3 py-1.5 text-sm ${index === active ? "bg-brand-50 text-brand-800" : ""}`}
            >
              {item.name} ({t(`map.kind.${item.kind}`)})
            </li>
          ))}
      </ul>
    </div>
  );
}
