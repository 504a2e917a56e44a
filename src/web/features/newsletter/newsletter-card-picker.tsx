// The cards after a newsletter's text: events and offers chosen from the site's upcoming and running ones, and
// businesses found by name a page at a time on the server (GET /api/v1/admin/businesses?q=), so a directory of
// thousands is never sent to the form whole.
import { useEffect, useId, useState } from "react";
import { formatNumber } from "#shared/i18n/format.ts";
import type { Business } from "#shared/schemas/business.ts";
import { NEWSLETTER_CARD_KINDS, type NewsletterCardKind, type NewsletterCardRef } from "#shared/schemas/newsletter.ts";
import type { Paginated } from "#shared/schemas/pagination.ts";
import { ErrorList } from "#web/components/ui/field.tsx";
import { ui } from "#web/components/ui/classes.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { useManageText } from "#web/lib/manage-text.ts";

export interface CardOption {
  id: string;
  label: string;
}

/** Businesses listed a page at a time. */
const BUSINESS_PAGE = 20;
/** Typing pauses this long before the server is asked. */
const SEARCH_DELAY_MS = 250;

/** Businesses whose names contain `query`, a page at a time, with "More businesses" for the next page. */
function useBusinessSearch(active: boolean, query: string) {
  const [found, setFound] = useState<{ query: string; items: CardOption[]; total: number; lowerBound: boolean; page: number } | null>(null);
  const [failed, setFailed] = useState(false);
  // A new query starts again at its first page.
  const [paging, setPaging] = useState({ query, page: 1 });
  const page = paging.query === query ? paging.page : 1;
  useEffect(() => {
    if (!active) return;
    let stale = false;
    const timer = setTimeout(
      () => {
        const params = new URLSearchParams({ q: query.trim(), page: String(page), pageSize: String(BUSINESS_PAGE) });
        apiFetch<Paginated<Business>>(`/admin/businesses?${params}`).then(
          (result) => {
            if (stale) return;
            setFailed(false);
            const items = result.items.map((b) => ({ id: b.id, label: b.name }));
            setFound((before) => ({ query, items: page > 1 && before?.query === query ? [...before.items, ...items] : items, total: result.total, lowerBound: !!result.totalIsLowerBound, page }));
          },
          () => !stale && setFailed(true),
        );
      },
      page > 1 ? 0 : SEARCH_DELAY_MS,
    );
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [active, query, page]);
  return { found, failed, more: () => setPaging({ query, page: page + 1 }) };
}

/** The names of the businesses an opened newsletter already shows (they are not among the options). */
function useBusinessNames(cards: NewsletterCardRef[], gone: string) {
  const [names, setNames] = useState<Map<string, string>>(new Map());
  const missing = cards.filter((c) => c.kind === "business" && !names.has(c.id)).map((c) => c.id);
  const key = missing.join(",");
  useEffect(() => {
    if (!key) return;
    let stale = false;
    void Promise.all(key.split(",").map((id) => apiFetch<Business>(`/businesses/${encodeURIComponent(id)}`).then((b) => [id, b.name] as const, () => [id, gone] as const))).then(
      (pairs) => !stale && setNames((before) => new Map([...before, ...pairs])),
    );
    return () => {
      stale = true;
    };
  }, [key, gone]);
  return { names, remember: (option: CardOption) => setNames((before) => new Map(before).set(option.id, option.label)) };
}

export function CardPicker({
  options,
  cards,
  setCards,
  errors,
  errorId,
}: {
  options: Record<"event" | "offer", CardOption[]>;
  cards: NewsletterCardRef[];
  setCards: (cards: NewsletterCardRef[]) => void;
  errors: string[];
  errorId: string;
}) {
  const id = useId();
  const { t, lang } = useManageText();
  const gone = t("cards.gone");
  const kindLabel = (k: NewsletterCardKind) => t(`cards.kinds.${k}`);
  const [kind, setKind] = useState<NewsletterCardKind>("event");
  const [chosen, setChosen] = useState("");
  const [query, setQuery] = useState("");
  const search = useBusinessSearch(kind === "business", query);
  const { names, remember } = useBusinessNames(cards, gone);
  const choices = kind === "business" ? (search.found?.items ?? []) : options[kind];
  const labelOf = (card: NewsletterCardRef) => (card.kind === "business" ? (names.get(card.id) ?? "…") : (options[card.kind].find((o) => o.id === card.id)?.label ?? gone));
  const add = () => {
    if (!chosen || cards.some((c) => c.kind === kind && c.id === chosen)) return;
    const option = choices.find((o) => o.id === chosen);
    if (kind === "business" && option) remember(option);
    setCards([...cards, { kind, id: chosen }]);
    setChosen("");
  };
  return (
    <fieldset className="grid min-w-0 gap-2" aria-describedby={errors.length ? errorId : undefined}>
      <legend className={ui.label}>{t("cards.legend")}</legend>
      {cards.length === 0 ? (
        <p className="text-sm text-stone-700">{t("cards.none")}</p>
      ) : (
        <ol className="grid gap-2">
          {cards.map((card, i) => (
            <li key={`${card.kind}-${card.id}`} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-stone-300 bg-white px-3 py-2">
              <span className="min-w-0 break-words">
                <span className="text-xs font-semibold text-stone-600 uppercase">{kindLabel(card.kind)}</span> {labelOf(card)}
              </span>
              <button type="button" className={ui.secondary} onClick={() => setCards(cards.filter((_, j) => j !== i))}>
                {t("cards.remove", { label: labelOf(card) })}
              </button>
            </li>
          ))}
        </ol>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={`${id}-kind`} className={ui.label}>
            {t("cards.type")}
          </label>
          <select
            id={`${id}-kind`}
            className={ui.input}
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as NewsletterCardKind);
              setChosen("");
            }}
          >
            {NEWSLETTER_CARD_KINDS.map((k) => (
              <option key={k} value={k}>
                {kindLabel(k)}
              </option>
            ))}
          </select>
        </div>
        {kind === "business" && (
          <div className="min-w-0 grow">
            <label htmlFor={`${id}-search`} className={ui.label}>
              {t("cards.search")}
            </label>
            <input
              id={`${id}-search`}
              type="search"
              className={ui.input}
              value={query}
              placeholder={t("cards.nameContains")}
              aria-describedby={`${id}-found`}
              onChange={(event) => {
                setQuery(event.target.value);
                setChosen("");
              }}
            />
          </div>
        )}
        <div className="min-w-0 grow">
          <label htmlFor={`${id}-item`} className={ui.label}>
            {t("cards.toShow", { kind: kindLabel(kind) })}
          </label>
          <select id={`${id}-item`} className={ui.input} value={chosen} onChange={(event) => setChosen(event.target.value)}>
            <option value="">{t("cards.choose")}</option>
            {choices.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className={ui.secondary} onClick={add} disabled={!chosen}>
          {t("cards.add")}
        </button>
      </div>
      {kind === "business" && (
        <div className="flex flex-wrap items-center gap-3 text-sm text-stone-700">
          <p id={`${id}-found`} role="status">
            {search.failed
              ? t("cards.searchFailed")
              : !search.found
                ? t("cards.searching")
                : search.found.total === 0
                  ? t("cards.noneFound")
                  : search.found.lowerBound
                    ? t("cards.listedMoreThan", { shown: search.found.items.length, number: formatNumber(search.found.total - 1, lang) })
                    : t("cards.listed", { shown: search.found.items.length, count: search.found.total })}
          </p>
          {search.found && search.found.items.length < search.found.total && (
            <button type="button" className={ui.secondary} onClick={search.more}>
              {t("cards.more")}
            </button>
          )}
        </div>
      )}
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}
