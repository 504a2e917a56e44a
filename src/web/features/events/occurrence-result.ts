// What the page of one date of a series answers when an administrator moves, cancels or restores it: apart from the
// form (occurrence-changes.tsx), which the page loads only for administrators.

export type OccurrenceIntent = "move" | "cancel" | "restore";

/** What the page's action answers: the change made, or why it was refused (per field, and in a sentence). */
export interface OccurrenceActionData {
  done?: OccurrenceIntent;
  message?: string;
  fields?: Record<string, string>;
}

/** A service's refusal (recognised by shape: the page bundle has its own copy of the error class). */
export function refusal(error: unknown): OccurrenceActionData | null {
  const e = error as { name?: unknown; status?: unknown; message?: unknown; fields?: unknown } | null;
  if (e?.name !== "AppError" || e.status !== 400) return null;
  return { message: String(e.message), fields: (e.fields as Record<string, string> | undefined) ?? {} };
}

/** A service's error other than a refusal (not signed in, not allowed, no such date): its status, for the page to answer with. */
export function errorStatus(error: unknown): number | null {
  const e = error as { name?: unknown; status?: unknown } | null;
  return e?.name === "AppError" && typeof e.status === "number" ? e.status : null;
}
