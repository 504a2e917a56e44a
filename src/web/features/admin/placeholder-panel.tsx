// The frame of a tab whose list and form are still to be built: the same two regions every tab has.
import type { ReactNode } from "react";
import { ui } from "./styles.ts";

export function PlaceholderPanel({ title, listHeading, formHeading, children }: { title: string; listHeading: string; formHeading: string; children?: ReactNode }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby={`${title}-form-heading`} className="card">
        <h2 id={`${title}-form-heading`} className={ui.sectionHeading}>
          {formHeading}
        </h2>
        <p className="mt-2 text-stone-700">Managing {title.toLowerCase()} from the dashboard is coming soon.</p>
      </section>
      <section aria-labelledby={`${title}-list-heading`} className="card">
        <h2 id={`${title}-list-heading`} className={ui.sectionHeading}>
          {listHeading}
        </h2>
        {children ?? <p className="mt-2 text-stone-700">The list of {title.toLowerCase()} will appear here.</p>}
      </section>
    </div>
  );
}
