// What a route says of its page through `handle`, read by the server's rendering (entry.server.tsx).

export interface PageHandle {
  /** "after-paint": the page's scripts wait until its content has painted (lib/scripts-after-paint.ts). */
  scripts?: "after-paint";
}

/** The handle of a page that is whole as the server renders it: for visitors, its scripts wait until it has painted. */
export const SCRIPTS_AFTER_PAINT: PageHandle = { scripts: "after-paint" };
