import { sql, type RawBuilder } from "kysely";

/**
 * A name column as readers order names, on either engine: case, accents and punctuation aside ("café" beside
 * "Cafe", "the Mill" among the T's, "Émile's" among the E's, "(Closed) Mill" among the C's), by the same
 * `search_fold` search uses (both databases compare text byte by byte otherwise, so "apple" came after "Zoo").
 * Followed by the column itself, so that names folding alike keep one order.
 */
export function folded(column: string): RawBuilder<string> {
  return sql<string>`trim(search_fold(${sql.ref(column)}))`;
}
