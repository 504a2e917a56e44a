// Searched words as the insights count them, apart from the insights' schemas: every page's search box needs this
// function, not zod.

/** Searched words as counted: lower case, single spaces, at most 100 characters. */
export function normalizeQuery(query: string): string {
  return query.normalize("NFC").toLocaleLowerCase("en").replace(/\s+/g, " ").trim().slice(0, 100);
}
