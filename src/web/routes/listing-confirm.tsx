// A reminder's one-click "Yes, it is all correct": the mail's link opens this page, and its button (a form that posts,
// so a mail scanner opening the link confirms nothing) marks the listing checked by its owner, without signing in.
import { data, Form, Link, useNavigation } from "react-router";
import { Trans, useTranslation } from "react-i18next";
import type { Route } from "./+types/listing-confirm";
import { getApp } from "../lib/app-context.ts";
import { PageTitle } from "../lib/page-title.tsx";
import { langOf } from "../lib/public-text.ts";
import { paths } from "../lib/paths.ts";
import { formatLongDate } from "#shared/i18n/format.ts";
import { listingMessages } from "#shared/schemas/listings.ts";
import { ui } from "#web/components/ui/classes.ts";

// Reading the page names the listing and changes nothing.
export async function loader({ context, params }: Route.LoaderArgs) {
  return { listing: await getApp(context).services.freshness.reminderFor(params.token ?? "") };
}

export async function action({ context, params }: Route.ActionArgs) {
  const { services } = getApp(context);
  try {
    const confirmed = await services.freshness.confirm(params.token ?? "");
    const { timeZone } = await services.siteSettings.get();
    return { confirmed: { ...confirmed, timeZone } };
  } catch (error) {
    // The service's NotFound: not a reminder's link, or an expired one.
    if ((error as { status?: unknown }).status === 404) return data({ confirmed: null }, { status: 404 });
    throw error;
  }
}

export const handle = { i18n: ["owners"] };

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function ListingConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const listing = loaderData.listing;
  const busy = useNavigation().state !== "idle";
  const confirmed = actionData?.confirmed;
  const { t, i18n } = useTranslation("owners");
  return (
    <section className="grid max-w-2xl gap-4">
      <PageTitle>{t("listingConfirm.title")}</PageTitle>
      <h1 className="page-heading">{t("listingConfirm.title")}</h1>
      {confirmed ? (
        <>
          <p role="status" className={ui.success}>
            {t("listingConfirm.thanks", { name: confirmed.businessName, date: formatLongDate(confirmed.checkedAt, langOf(i18n.language), confirmed.timeZone) })}
          </p>
          <p>
            <Link to={paths.business(confirmed.businessId)} className="text-brand-700 underline">
              {t("listingConfirm.see", { name: confirmed.businessName })}
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
            {listing ? (
              <Trans t={t} i18nKey="listingConfirm.intro" values={{ name: listing.businessName }} components={{ name: <strong /> }} />
            ) : (
              t("listingConfirm.introNoName")
            )}
          </p>
          <div className="flex flex-wrap gap-3">
            <Form method="post">
              <button type="submit" className={ui.primary} disabled={busy}>
                {t("listingConfirm.yes")}
              </button>
            </Form>
            <Link to={paths.myBusiness} className={ui.secondary}>
              {t("listingConfirm.update")}
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
