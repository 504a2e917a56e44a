// Small pieces every admin tab repeats: the outcome of a save, a list's load failure, leaving an edit.
import { ui } from "./styles.ts";

export type ActionResult = { kind: "error" | "success"; text: string } | null;

/** A failed action is an alert; a finished one a status, read out without moving focus. */
export function ResultMessage({ result }: { result: ActionResult }) {
  if (!result) return null;
  return (
    <p role={result.kind === "error" ? "alert" : "status"} className={result.kind === "error" ? ui.error : ui.success}>
      {result.text}
    </p>
  );
}

export function LoadError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className={ui.error}>
      {message}
    </p>
  );
}

export function CancelEditButton({ disabled, onClick }: { disabled: boolean; onClick: () => void }) {
  return (
    <button type="button" className={ui.secondary} disabled={disabled} onClick={onClick}>
      Cancel Edit
    </button>
  );
}
