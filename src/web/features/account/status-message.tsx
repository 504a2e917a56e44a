import { useErrorText } from "#web/lib/error-text.ts";

// One place for the form messages of the account screens: errors are alerts, confirmations are polite status.
export function StatusMessage({ kind, id, children }: { kind: "error" | "success" | "info"; id?: string; children: React.ReactNode }) {
  if (!children) return null;
  const style =
    kind === "error"
      ? "border-red-300 bg-red-50 text-red-800"
      : kind === "success"
        ? "border-green-300 bg-green-50 text-green-900"
        : "border-brand-100 bg-brand-50 text-brand-800";
  return (
    <p id={id} role={kind === "error" ? "alert" : "status"} className={`rounded-md border px-3 py-2 text-sm ${style}`}>
      {typeof children === "string" ? <Said text={children} /> : children}
    </p>
  );
}

/** A message in the page's language. */
function Said({ text }: { text: string }) {
  return useErrorText()(text);
}

export const primaryButtonClass =
  "inline-flex items-center justify-center rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60";
export const secondaryButtonClass =
  "inline-flex items-center justify-center rounded-md border border-stone-300 bg-white px-4 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-60";

/**
 * The end of an account form: what refused the form as a whole (an alert tied to the form by `errorId`), any other
 * message given, then its button, which says so while the form is being sent.
 */
export function FormEnd({ errorId, error, busy, label, busyLabel, children }: { errorId: string; error: string | undefined; busy: boolean; label: string; busyLabel: string; children?: React.ReactNode }) {
  return (
    <>
      <StatusMessage kind="error" id={errorId}>
        {error}
      </StatusMessage>
      {children}
      <div>
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? busyLabel : label}
        </button>
      </div>
    </>
  );
}
