// Sends a page's hits once it has hydrated (after its first paint), and from then on counts clicks on marked links.
import { useEffect } from "react";
import type { Hit, PageEvent } from "#shared/schemas/insights.ts";
import { listenForTrackedClicks, sendHits } from "#web/lib/insight-beacon.ts";

/** `events` are sent once per value of `signature` (a page's id, or a search's words and results). */
export function InsightBeacon({ events, signature }: { events: PageEvent[]; signature: string }) {
  useEffect(() => {
    listenForTrackedClicks();
    sendHits(events);
    // The events are what the signature names: sent again only when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature]);
  return null;
}

/** The attributes that make a link's clicks count for a business. */
export function hitAttributes(kind: Hit["kind"], id: string) {
  return { "data-hit-kind": kind, "data-hit-id": id };
}
