// What an update or delete reports, as repositories answer it.

/** Whether an update or delete found a row. */
export function changedAny(result: { numUpdatedRows?: bigint; numDeletedRows?: bigint }): boolean {
  return Number(result.numUpdatedRows ?? result.numDeletedRows ?? 0) > 0;
}
