// The Requests tab in the admin navigation, with how many requests wait: a badge to the eye, a sentence to a screen
// reader ("Requests, 2 waiting"), given to the tab as its name.
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { fetchPendingCount } from "./requests-api.ts";

/**
 * How many requests wait: `known` (as the page was served) at first, else null until read, or when it cannot be read.
 * Read again on every move within the dashboard, so a decision shows.
 */
export function useWaitingRequests(known: number | null = null): number | null {
  const [count, setCount] = useState<number | null>(known);
  const location = useLocation();
  useEffect(() => {
    let live = true;
    void fetchPendingCount().then((n) => live && setCount(n));
    return () => {
      live = false;
    };
  }, [location.key]);
  return count;
}

/** The tab's name as read aloud ("Requests, 2 waiting"), in the page's language. */
export function useRequestsTabName(): (label: string, count: number | null) => string {
  const { t } = useTranslation("owners");
  return useCallback((label: string, count: number | null) => (count ? t("requestsTab.waiting", { label, count }) : label), [t]);
}

export function RequestsNavLabel({ label, count }: { label: string; count: number | null }) {
  return (
    <>
      {label}
      {/* A space, not a margin, before the badge: what is seen ("Requests 2") is then part of the name heard. */}
      {count !== null && count > 0 && (
        <>
          {" "}
          <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs text-white">{count}</span>
        </>
      )}
    </>
  );
}
