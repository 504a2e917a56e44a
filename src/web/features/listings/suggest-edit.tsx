// "Suggest an edit" on a business page: a disclosure anyone may open; its form loads when it is first opened.
import { lazy, Suspense } from "react";
import { OpenedDetails } from "#web/components/ui/opened-details.tsx";
import { usePublicText } from "#web/lib/public-text.ts";

const SuggestEditForm = lazy(() => import("./suggest-edit-form.tsx"));

export function SuggestEdit({ businessId, businessName }: { businessId: string; businessName: string }) {
  const { t } = usePublicText();
  return (
    <OpenedDetails className="card mt-10 max-w-2xl" summary={<summary className="cursor-pointer text-lg font-semibold text-brand-800">{t("suggest.summary")}</summary>}>
      <Suspense fallback={<p className="mt-3 text-stone-700">{t("suggest.loading")}</p>}>
        <SuggestEditForm businessId={businessId} businessName={businessName} />
      </Suspense>
    </OpenedDetails>
  );
}

/** "Checked by the owner on <date>", the date on the site's clock as the site's other dates are written. */
export function CheckedByOwner({ date }: { date: string }) {
  const { t } = usePublicText();
  return <p className="mt-4 text-sm text-stone-600">{t("business.checkedByOwner", { date })}</p>;
}
