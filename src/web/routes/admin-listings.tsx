// /admin/listings: the listings no owner confirmed or changed within the site's interval, and those without an owner,
// with when each was last checked and reminded; "Remind" mails the owners of one, or of all those chosen, at once.
import { useTranslation } from "react-i18next";
import { adminText } from "../features/admin/index.ts";
import { useFetcher } from "react-router";
import type { Route } from "./+types/admin-listings";
import { listingMessages, STALE_REASON_LABELS, type RemindResult, type StaleListings } from "#shared/schemas/listings.ts";
import { OutcomeMessage, type Outcome } from "#web/components/ui/field.tsx";
import { ui } from "#web/components/ui/classes.ts";
import { When } from "#web/components/ui/when.tsx";
import { ApiError, apiFetch, type Fetcher } from "#web/lib/api-client.ts";
import { requireUser, serverFetch } from "#web/lib/app-context.ts";
import { paths } from "#web/lib/paths.ts";

async function load(fetcher?: Fetcher) {
  try {
    return { stale: await apiFetch<StaleListings>("/listings/stale", {}, fetcher), loadError: null };
  } catch (error) {
    return { stale: null, loadError: `${(await adminText())("listings.loadFailed")} ${error instanceof ApiError ? error.message : ""}`.trim() };
  }
}

export function loader({ context }: Route.LoaderArgs) {
  requireUser(context, "admin");
  return load(serverFetch(context));
}

export function clientLoader() {
  return load();
}

export async function clientAction({ request }: Route.ClientActionArgs): Promise<{ outcome: Outcome }> {
  const form = await request.formData();
  const chosen = form.get("one") ? [String(form.get("one"))] : form.getAll("businessIds").map(String);
  if (chosen.length === 0) return { outcome: { kind: "error", text: listingMessages.nothingSelected } };
  const t = await adminText();
  try {
    const result = await apiFetch<RemindResult>("/listings/remind", { method: "POST", json: { businessIds: chosen } });
    const without = result.withoutOwner > 0 ? ` ${t("listings.withoutOwner", { count: result.withoutOwner })}` : "";
    return { outcome: { kind: "success", text: `${t("listings.reminded", { listings: t("listings.listing", { count: result.reminded }), mails: t("listings.mail", { count: result.mails }) })}${without}` } };
  } catch (error) {
    return { outcome: { kind: "error", text: error instanceof ApiError ? error.detail : t("wentWrong") } };
  }
}

export default function StaleListingsTab({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { stale, loadError } = loaderData;
  const reminder = useFetcher<{ outcome: Outcome }>({ key: "remind-listings" });
  const busy = reminder.state !== "idle";
  return (
    <div className="grid gap-4">
      <h2 className={ui.sectionHeading}>{t("tabs.listings")}</h2>
      {loadError && (
        <p role="alert" className={ui.error}>
          {loadError}
        </p>
      )}
      {stale && (
        <p className="text-stone-700">
          {t("listings.intro", { days: stale.freshnessDays })}
        </p>
      )}
      <OutcomeMessage outcome={reminder.data?.outcome} />
      {stale && stale.listings.length === 0 && <p className="text-stone-700">{t("listings.allChecked")}</p>}
      {stale && stale.listings.length > 0 && (
        <reminder.Form method="post" className="grid gap-3">
          <div className="relative overflow-x-auto">
            <table className={ui.table}>
              <caption className="sr-only">{t("listings.caption")}</caption>
              <thead>
                <tr>
                  <th scope="col" className={ui.th}>
                    <span className="sr-only">{t("listings.choose")}</span>
                  </th>
                  {["business", "why", "owners", "checked", "reminded", ""].map((heading) => (
                    <th key={heading} scope="col" className={ui.th}>
                      {heading ? t(`listings.columns.${heading}`) : <span className="sr-only">{t("listings.action")}</span>}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {stale.listings.map((listing) => (
                  <tr key={listing.businessId}>
                    <td className={ui.td}>
                      {listing.owners > 0 && (
                        <input type="checkbox" name="businessIds" value={listing.businessId} aria-label={t("listings.chooseOne", { name: listing.businessName })} className="size-4 accent-brand-700" />
                      )}
                    </td>
                    <td className={ui.td}>
                      <a href={paths.business(listing.businessId)} className="text-brand-700 underline">
                        {listing.businessName}
                      </a>
                      {listing.closedFlag && <span className="mt-1 block w-fit rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{t("listings.closedForGood")}</span>}
                    </td>
                    <td className={ui.td}>{t(`listings.reason.${listing.reason}`, { defaultValue: STALE_REASON_LABELS[listing.reason] })}</td>
                    <td className={ui.td}>{listing.owners}</td>
                    <td className={ui.td}>{listing.checkedAt ? <When iso={listing.checkedAt} /> : t("users.never")}</td>
                    <td className={ui.td}>{listing.lastRemindedAt ? <When iso={listing.lastRemindedAt} /> : t("users.never")}</td>
                    <td className={ui.td}>
                      {listing.owners > 0 && (
                        <button type="submit" name="one" value={listing.businessId} className={ui.secondary} disabled={busy} aria-label={t("listings.remindOne", { name: listing.businessName })}>
                          {t("listings.remind")}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div>
            <button type="submit" className={ui.primary} disabled={busy}>
              {busy ? t("listings.sending") : t("listings.remindChosen")}
            </button>
          </div>
        </reminder.Form>
      )}
    </div>
  );
}
