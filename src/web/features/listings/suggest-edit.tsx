// "Suggest an edit" on a business page: a disclosure anyone may open; its form loads when it is first opened.
import { lazy, Suspense } from "react";
import { OpenedDetails } from "#web/components/ui/opened-details.tsx";

const SuggestEditForm = lazy(() => import("./suggest-edit-form.tsx"));

export function SuggestEdit({ businessId, businessName }: { businessId: string; businessName: string }) {
  return (
    <OpenedDetails className="card mt-10 max-w-2xl" summary={<summary className="cursor-pointer text-lg font-semibold text-brand-800">Suggest an edit</summary>}>
      <Suspense fallback={<p className="mt-3 text-stone-700">Loading...</p>}>
        <SuggestEditForm businessId={businessId} businessName={businessName} />
      </Suspense>
    </OpenedDetails>
  );
}

/** "Checked by the owner on <date>", the date on the site's clock as the site's other dates are written. */
export function CheckedByOwner({ date }: { date: string }) {
  return <p className="mt-4 text-sm text-stone-600">Checked by the owner on {date}</p>;
}
