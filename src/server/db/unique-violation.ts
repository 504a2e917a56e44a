/** A unique-index violation on either engine (SQLite's constraint code, PostgreSQL's 23505). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505";
}

/** What the write returns, or `taken` when it would give a row a value another row already has (a name, a slug). */
export async function unlessTaken<T, Taken extends string>(taken: Taken, write: () => Promise<T>): Promise<T | Taken> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) return taken;
    throw error;
  }
}
