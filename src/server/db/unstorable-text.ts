/**
 * PostgreSQL refusing a string it cannot hold (a NUL character: 22021; a character its encoding lacks: 22P05).
 * Only client input carries such text, so it is a bad request, never a server fault; SQLite stores it as given.
 */
export function isUnstorableText(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "22021" || code === "22P05";
}
