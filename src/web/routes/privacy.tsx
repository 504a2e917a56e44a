// What the site counts of its visitors, and how it keeps that private (docs/decisions/0030), in plain words.
import { Link } from "react-router";
import { Trans, useTranslation } from "react-i18next";
import type { Route } from "./+types/privacy";
import { metaText } from "#web/features/seo/meta-text.ts";
import { localizedSite } from "#web/lib/site.ts";
import { getApp } from "../lib/app-context.ts";
import { paths } from "../lib/paths.ts";
import { pageMeta, siteOrigin } from "../features/seo/page-meta.ts";
import { SCRIPTS_AFTER_PAINT } from "../lib/page-handle.ts";
import { PageTitle, withoutTitle } from "../lib/page-title.tsx";

export const handle = { ...SCRIPTS_AFTER_PAINT, i18n: ["account"] };

export async function loader({ context, request }: Route.LoaderArgs) {
  const site = await localizedSite(getApp(context).services, request);
  return { associationName: site.associationName, origin: siteOrigin(request, context) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withoutTitle(pageMeta(matches, { title: metaText(matches, "account").t("linkPreviews.privacy.title"), description: metaText(matches, "account").t("linkPreviews.privacy.description"), origin: loaderData?.origin ?? "", path: "/privacy" }));

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const association = loaderData.associationName;
  return (
    <section className="grid max-w-2xl gap-4 text-stone-800">
      <PageTitle>{t("privacy.title")}</PageTitle>
      <h1 className="page-heading">{t("privacy.title")}</h1>
      <h2 className="text-xl font-semibold text-brand-800">{t("privacy.countedHeading")}</h2>
      <p>{t("privacy.counted", { association })}</p>
      <ul className="list-disc space-y-1 ps-6">
        <li>{t("privacy.noCookies")}</li>
        <li>{t("privacy.noAddress")}</li>
        <li>{t("privacy.hash")}</li>
        <li>{t("privacy.bots")}</li>
        <li>{t("privacy.gpc")}</li>
      </ul>
      <p>
        <Trans t={t} i18nKey="privacy.owners" components={{ contact: <Link to={paths.contact} className="text-brand-700 underline" /> }} />
      </p>
    </section>
  );
}
