// Helpers for the one column list each repository keeps per entity: selects, row mapping and writes
// all follow from that list, so a plain new column is added in one place.

/** `table.column` for each column, for selects that join other tables. */
export function qualify<T extends string, C extends string>(table: T, columns: readonly C[]): `${T}.${C}`[] {
  return columns.map((column) => `${table}.${column}` as const);
}

/** The listed properties of a row or of validated input, and nothing else. */
export function pick<R, K extends keyof R>(row: R, keys: readonly K[]): Pick<R, K> {
  const picked = {} as Pick<R, K>;
  for (const key of keys) picked[key] = row[key];
  return picked;
}
