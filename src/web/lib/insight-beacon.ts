// What a visitor's page tells the site's counters (docs/decisions/0030, 0038): its own view, the businesses a search or
// the map's list showed, words searched for that found nothing, and clicks on links marked `data-hit-kind` / `data-hit-id`. Sent with navigator.sendBeacon, which
// outlives the page and holds nothing up; nothing at all is sent when the browser asks not to be tracked (Global
// Privacy Control or Do Not Track). Loaded with the page's scripts, after its first paint.
import type { HitKind, PageEvent } from "#shared/schemas/insights.ts";
import { normalizeQuery } from "#shared/insights-query.ts";

const HITS_URL = "/api/v1/insights/hits";

/** The browser asks sites not to track its person. */
function optedOut(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.globalPrivacyControl === true || nav.doNotTrack === "1";
}

export function sendHits(events: PageEvent[]): void {
  if (typeof navigator === "undefined" || events.length === 0 || optedOut() || typeof navigator.sendBeacon !== "function") return;
  // A string goes as text/plain: a simple request, with no preflight.
  navigator.sendBeacon(HITS_URL, JSON.stringify({ events: events.slice(0, 50) }));
}

/** Words already sent as found nothing, on this page: the server counts them once per visitor and day anyway. */
const missedSent = new Set<string>();

/** Tells the association's counters that the words (of the header's, the /search page's or the map's search) found nothing. */
export function sendMissedSearch(query: string): void {
  const words = normalizeQuery(query);
  if (words.length < 2 || missedSent.has(words)) return;
  missedSent.add(words);
  sendHits([{ kind: "no-results", query: words }]);
}

let listening = false;

/** One listener for the whole document: a click on a marked link (or button) counts for its business. */
export function listenForTrackedClicks(): void {
  if (listening || typeof document === "undefined") return;
  listening = true;
  document.addEventListener(
    "click",
    (event) => {
      const target = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-hit-kind][data-hit-id]") : null;
      if (!target) return;
      sendHits([{ kind: target.dataset.hitKind as HitKind, id: target.dataset.hitId! }]);
    },
    { capture: true, passive: true },
  );
}
