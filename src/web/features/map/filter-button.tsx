// A filter control that is a real button: with JavaScript it applies at once, without it submits a GET form.
import type { ReactNode } from "react";

export function FilterButton({
  action,
  params,
  pressed,
  onApply,
  children,
  className,
}: {
  action: string;
  /** The query the page would have after pressing it. */
  params: URLSearchParams;
  pressed?: boolean;
  onApply: () => void;
  children: ReactNode;
  className?: string;
}) {
  return (
    <form
      method="get"
      action={action}
      className="contents"
      onSubmit={(event) => {
        event.preventDefault();
        onApply();
      }}
    >
      {[...params.entries()].map(([name, value], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" aria-pressed={pressed} className={className}>
        {children}
      </button>
    </form>
  );
}
