// The "Business Feedback and Consent" form: printable by anyone, sent and saved by signed-in people (visitors are
// offered to log in and come back).
import { useActionData } from "react-router";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/intake";
import { metaText } from "#web/features/seo/meta-text.ts";
import { pageMeta, siteOrigin } from "../features/seo/page-meta.ts";
import { paths } from "../lib/paths.ts";
import { PageTitle, withoutTitle } from "../lib/page-title.tsx";
import { getApp } from "../lib/app-context.ts";
import { IntakeForm, sendIntake, type IntakeActionData } from "../features/intake/intake-form.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, services } = getApp(context);
  return { origin: siteOrigin(request, context), signedIn: !!user, businesses: user ? await services.intake.businesses(user) : [] };
}

export async function clientAction({ request }: Route.ClientActionArgs): Promise<IntakeActionData> {
  return sendIntake(await request.formData());
}

export const handle = { i18n: ["owners"] };

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withoutTitle(pageMeta(matches, {
    title: metaText(matches, "owners").t("linkPreviews.intake.title"),
    description: metaText(matches, "owners").t("linkPreviews.intake.description"),
    origin: loaderData?.origin ?? "",
    path: paths.member.intake,
  }));

export default function Intake({ loaderData }: Route.ComponentProps) {
  const result = useActionData<IntakeActionData>();
  const { t } = useTranslation("owners");
  return (
    <section aria-labelledby="intake-heading" className="max-w-3xl">
      <PageTitle>{t("intake.title")}</PageTitle>
      <h1 id="intake-heading" className="page-heading">
        {t("intake.title")}
      </h1>
      <p className="mt-2 text-stone-700">{t("intake.intro")}</p>
      <p className="intake-no-print mt-3">
        <PrintButton />
      </p>
      <IntakeForm signedIn={loaderData.signedIn} businesses={loaderData.businesses} result={result} />
    </section>
  );
}

function PrintButton() {
  const { t } = useTranslation("owners");
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className="rounded-md border border-brand-700 px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
    >
      {t("intake.print")}
    </button>
  );
}
