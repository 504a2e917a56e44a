// A reminder's one-click "Yes, it is all correct": the mail's link opens this page, and its button (a form that posts,
// so a mail scanner opening the link confirms nothing) marks the listing checked by its owner, without signing in.
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/listing-confirm";
import { getApp } from "../lib/app-context.ts";
import { pageTitle } from "../lib/meta.ts";
import { paths } from "../lib/paths.ts";
import { formatLongDate } from "#shared/format.ts";
import { listingMessages } from "#shared/schemas/listings.ts";
import { ui } from "#web/components/ui/field.tsx";

// Reading the page names the listing and changes nothing.
export async function loader({ context, params }: Route.LoaderArgs) {
  return { listing: await getApp(context).services.freshness.reminderFor(params.token ?? "") };
}

export async function action({ context, params }: Route.ActionArgs) {
  const { services } = getApp(context);
  try {
    const confirmed = await services.freshness.confirm(params.token ?? "");
    const { timeZone } = await services.siteSettings.get();
    return { confirmed: { ...confirmed, date: formatLongDate(confirmed.checkedAt, timeZone) } };
  } catch (error) {
    // The service's NotFound: not a reminder's link, or an expired one.
    if ((error as { status?: unknown }).status === 404) return data({ confirmed: null }, { status: 404 });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches }) => [...pageTitle(matches, "Is your listing still right?"), { name: "robots", content: "noindex" }];

export default function ListingConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const listing = loaderData.listing;
  const busy = useNavigation().state !== "idle";
  const confirmed = actionData?.confirmed;
  return (
    <section className="grid max-w-2xl gap-4">
      <h1 className="page-heading">Is your listing still right?</h1>
      {confirmed ? (
        <>
          <p role="status" className={ui.success}>
            Thank you. {confirmed.businessName} now shows "Checked by the owner on {confirmed.date}".
          </p>
          <p>
            <Link to={paths.business(confirmed.businessId)} className="text-brand-700 underline">
              See the listing of {confirmed.businessName}
            </Link>
          </p>
        </>
      ) : (
        <>
          {(actionData || !listing) && (
            <p role="alert" className={ui.error}>
              {listingMessages.linkInvalid}
            </p>
          )}
          <p className="text-stone-800">
            If the hours, phone number, website and address of {listing ? <strong>{listing.businessName}</strong> : "your listing"} are all still right, say so with the button
            below: the listing then shows visitors that its owner checked it. No sign-in needed.
          </p>
          <div className="flex flex-wrap gap-3">
            <Form method="post">
              <button type="submit" className={ui.primary} disabled={busy}>
                Yes, it is all correct
              </button>
            </Form>
            <Link to={paths.myBusiness} className={ui.secondary}>
              Update it
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
