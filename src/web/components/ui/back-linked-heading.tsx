// An item's page (an event, a news post) opens with a link back to the list it belongs to above its heading.
import type { ReactNode } from "react";
import { LocalLink } from "#web/components/ui/local-link.tsx";

/** The link back to the list `back` names at `backTo`, and the page's heading with the id that names the page. */
export function BackLinkedHeading({ back, backTo, id, children }: { back: string; backTo: string; id: string; children: ReactNode }) {
  return (
    <>
      <p className="text-sm">
        <LocalLink to={backTo} className="text-brand-700 underline">
          {back}
        </LocalLink>
      </p>
      <h1 id={id} className="page-heading mt-2">
        {children}
      </h1>
    </>
  );
}
