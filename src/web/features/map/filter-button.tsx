// A filter control that is a real button: with JavaScript it applies at once, without it submits a GET form.
import type { ReactNode } from "react";

/** The look of a category or tag button, pressed or not. */
export function chipClass(pressed: boolean): string {
  return `rounded-full border px-2.5 py-0.5 text-sm ${pressed ? "border-brand-700 bg-brand-700 text-white" : "border-stone-300 bg-white text-stone-800 hover:bg-brand-50"}`;
}

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
