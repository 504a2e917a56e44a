// The header's search box: an ARIA 1.2 combobox suggesting businesses, categories and tags from 2 characters.
// Without JavaScript it is a plain form that opens /search?q=.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Form, useNavigate } from "react-router";
import { HEADER_SEARCH } from "#shared/constants.ts";
import { useTranslation } from "react-i18next";
import { useLanguages, useLocalize } from "#web/lib/language.ts";
import type { SearchResult } from "#shared/schemas/search.ts";
import { comboboxInputProps } from "./combobox-input.ts";
import { Highlighted } from "./highlighted.tsx";
import { fetchSuggestions } from "./search-api.ts";
import { sendMissedSearch } from "#web/lib/insight-beacon.ts";

/** Typing pauses this long before a request goes out. */
const DEBOUNCE_MS = 150;

export function HeaderSearch({ className = "" }: { className?: string }) {
  const { t } = useTranslation("common");
  const localize = useLocalize();
  const { language, defaultLanguage } = useLanguages();
  // Categories' and tags' names in the page's language where they are translated; the default's as they always were.
  const asked = language === defaultLanguage ? undefined : language;
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [text, setText] = useState("");
  const [suggestions, setSuggestions] = useState<SearchResult[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<AbortController | null>(null);
  // Escape closed the list: an answer that comes after it (to text typed before it) updates the suggestions without
  // opening the list again. Typing again lifts it.
  const dismissed = useRef(false);
  // The words whose answer had no suggestions: counted as a search that found nothing once the box is left with them.
  const foundNothing = useRef<string | null>(null);

  // A superseded request is aborted, and only the newest one may write its answer.
  function cancelPending() {
    clearTimeout(timer.current);
    inFlight.current?.abort();
    inFlight.current = null;
  }

  useEffect(() => cancelPending, []);

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function requestSuggestions(value: string) {
    cancelPending();
    dismissed.current = false;
    if (value.trim().length < HEADER_SEARCH.minChars) {
      setSuggestions([]);
      setStatus("");
      close();
      return;
    }
    timer.current = setTimeout(async () => {
      const controller = new AbortController();
      inFlight.current = controller;
      try {
        const { results } = await fetchSuggestions(value, controller.signal, asked);
        if (inFlight.current !== controller) return;
        inFlight.current = null;
        setSuggestions(results);
        foundNothing.current = results.length === 0 ? value : null;
        setActive(-1);
        setOpen(results.length > 0 && !dismissed.current);
        setStatus(t("search.suggestions", { count: results.length }));
      } catch (error) {
        if (controller.signal.aborted) return;
        console.warn(error);
        setSuggestions([]);
        close();
        setStatus(t("search.failed"));
      }
    }, DEBOUNCE_MS);
  }

  function choose(suggestion: SearchResult) {
    cancelPending();
    close();
    setText("");
    setSuggestions([]);
    setStatus("");
    void navigate(suggestion.url);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = suggestions.length;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        if (count === 0) return;
        event.preventDefault();
        const down = event.key === "ArrowDown";
        if (!open) {
          setOpen(true);
          setActive(down ? 0 : count - 1);
          return;
        }
        setActive((current) => (down ? (current + 1) % count : current <= 0 ? count - 1 : current - 1));
        return;
      }
      case "Enter": {
        const chosen = open ? suggestions[active] : undefined;
        if (chosen) {
          event.preventDefault();
          choose(chosen);
        }
        // Otherwise the form submits: /search?q=<text>.
        return;
      }
      case "Escape":
        if (open) {
          event.preventDefault();
          dismissed.current = true;
          close();
        } else if (text) {
          event.preventDefault();
          cancelPending();
          setText("");
          setSuggestions([]);
          setStatus("");
        }
        return;
    }
  }

  const expanded = open && suggestions.length > 0;
  return (
    <Form
      method="get"
      action={localize("/search")}
      role="search"
      aria-label="Site"
      className={`relative ${className}`}
      onSubmit={() => {
        cancelPending();
        close();
      }}
    >
      <label htmlFor={`${id}-input`} className="sr-only">
        {t("search.label")}
      </label>
      <div className="flex items-stretch">
        <input
          id={`${id}-input`}
          {...comboboxInputProps({ listId, expanded, activeId: expanded && active >= 0 ? optionId(active) : undefined })}
          name="q"
          value={text}
          placeholder={t("search.placeholder")}
          enterKeyHint="search"
          className="w-full min-w-0 rounded-s-md border border-e-0 border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 placeholder:text-stone-500"
          onChange={(event) => {
            setText(event.target.value);
            requestSuggestions(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => {
            if (suggestions.length > 0 && text.trim().length >= HEADER_SEARCH.minChars) setOpen(true);
          }}
          onBlur={() => {
            close();
            if (foundNothing.current !== null && foundNothing.current === text) sendMissedSearch(text);
          }}
        />
        <button type="submit" className="rounded-e-md border border-brand-700 bg-brand-700 px-3 text-white hover:bg-brand-800">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
            <circle cx="8.5" cy="8.5" r="5.5" />
            <path d="m13 13 4.5 4.5" strokeLinecap="round" />
          </svg>
          <span className="sr-only">{t("search.submit")}</span>
        </button>
      </div>
      {expanded ? (
        <ul
          id={listId}
          role="listbox"
          aria-label={t("search.label")}
          className="absolute inset-x-0 top-full z-40 mt-1 max-h-[70vh] lg:start-auto lg:w-96 overflow-y-auto rounded-md border border-stone-200 bg-white py-1 shadow-lg"
        >
          {suggestions.map((suggestion, index) => (
            <li
              key={`${suggestion.type}-${suggestion.id}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className="flex cursor-pointer items-center justify-between gap-3 px-3 py-2 text-sm text-stone-800 aria-selected:bg-brand-50 aria-selected:text-brand-800"
              // Keeps focus in the box, so choosing by pointer does not close the list first.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => choose(suggestion)}
            >
              <span lang={suggestion.lang?.title} className="min-w-0 truncate">
                <Highlighted text={suggestion.title} ranges={suggestion.titleMatches} />
              </span>
              <span className="shrink-0 rounded bg-stone-100 px-1.5 py-0.5 text-xs font-medium text-stone-700">
                {t(`search.typeLabels.${suggestion.type}`)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <div role="status" aria-live="polite" className="sr-only">
        {status}
      </div>
    </Form>
  );
}
