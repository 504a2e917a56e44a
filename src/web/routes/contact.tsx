import type { Route } from "./+types/contact";
import { localizedSite } from "#web/lib/site.ts";
import { getApp } from "../lib/app-context.ts";
import { paths } from "../lib/paths.ts";
import { pageMeta, siteOrigin } from "../features/seo/page-meta.ts";
import { metaText } from "../features/seo/meta-text.ts";
import { SCRIPTS_AFTER_PAINT } from "../lib/page-handle.ts";
import { usePublicText } from "../lib/public-text.ts";

// Addresses and mail links, whole as the server renders them.
export const handle = SCRIPTS_AFTER_PAINT;

export async function loader({ context, request }: Route.LoaderArgs) {
  const site = await localizedSite(getApp(context).services, request);
  return { mailingAddress: site.mailingAddress, generalEmail: site.generalEmail, volunteerEmail: site.volunteerEmail, associationName: site.associationName, origin: siteOrigin(request, context) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const { t } = metaText(matches);
  const ways = [
    t("meta.contact.reach", { name: loaderData?.associationName ?? t("meta.contact.theAssociation") }),
    loaderData?.mailingAddress && t("meta.contact.byMail", { address: loaderData.mailingAddress.replace(/\s*\n\s*/g, ", ") }),
    loaderData?.generalEmail && t("meta.contact.byEmail", { email: loaderData.generalEmail }),
  ];
  return pageMeta(matches, { title: t("contact.heading"), description: ways.filter(Boolean).join(", ") + ".", origin: loaderData?.origin ?? "", path: paths.contact });
};

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { t } = usePublicText();
  const { mailingAddress, generalEmail, volunteerEmail } = loaderData;
  return (
    <section className="max-w-2xl">
      <h1 className="page-heading">{t("contact.heading")}</h1>
      <dl className="mt-6 grid gap-6 sm:grid-cols-2">
        <div className="card sm:col-span-2">
          <dt className="font-semibold text-stone-800">{t("contact.mailingAddress")}</dt>
          <dd className="mt-1 whitespace-pre-line text-stone-700">
            <address className="not-italic">{mailingAddress || t("contact.notPublished")}</address>
          </dd>
        </div>
        <div className="card">
          <dt className="font-semibold text-stone-800">{t("contact.general")}</dt>
          <dd className="mt-1">
            {generalEmail ? (
              <a dir="ltr" className="break-all text-brand-700 underline" href={`mailto:${generalEmail}`}>
                {generalEmail}
              </a>
            ) : (
              t("contact.notPublished")
            )}
          </dd>
        </div>
        <div className="card">
          <dt className="font-semibold text-stone-800">{t("contact.volunteering")}</dt>
          <dd className="mt-1">
            {volunteerEmail ? (
              <a dir="ltr" className="break-all text-brand-700 underline" href={`mailto:${volunteerEmail}`}>
                {volunteerEmail}
              </a>
            ) : (
              t("contact.notPublished")
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
