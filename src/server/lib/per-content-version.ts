// A read whose answer changes only with the content (migration 0050-content-version): kept until the version moves.

/** What the database's content version reads: null when it cannot be read as committed right now. */
export type ContentVersion = () => number | null | Promise<number | null>;

/**
 * `read`, answered from what it last gave while the content version is the one it was read at. The version is read
 * first, so an answer is never kept under a version older than the content it was read from. Requests asking while
 * it is read share that read; a failed read is not kept; with no version (inside a transaction) it is read anew.
 * The answer is shared by every caller: it must not be changed.
 */
export function keptPerContentVersion<T>(contentVersion: ContentVersion, read: () => Promise<T>): () => Promise<T> {
  let kept: { version: number; value: Promise<T> } | null = null;
  return async () => {
    const version = await contentVersion();
    if (version === null) return read();
    if (kept?.version !== version) {
      const value = read();
      const entry = { version, value };
      kept = entry;
      value.catch(() => {
        if (kept === entry) kept = null;
      });
    }
    return kept.value;
  };
}
