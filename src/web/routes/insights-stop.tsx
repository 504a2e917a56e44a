// The monthly insights report's one-click stop: the mail's link opens this page, and its button (a form that posts,
// so that a mail scanner opening the link stops nothing) turns the report off without signing in.
import { data, Form } from "react-router";
import { Trans, useTranslation } from "react-i18next";
import type { Route } from "./+types/insights-stop";
import { getApp } from "../lib/app-context.ts";
import { PageTitle } from "../lib/page-title.tsx";
import { paths } from "../lib/paths.ts";
import { NOTIFICATION_PREFERENCES_PATH } from "#shared/schemas/notification-preferences.ts";

export async function action({ context, params }: Route.ActionArgs) {
  const stopped = await getApp(context).services.insightReport.stop(params.token ?? "");
  return stopped ? { stopped: true } : data({ stopped: false }, { status: 404 });
}

export const handle = { i18n: ["owners"] };

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function InsightsStop({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("owners");
  return (
    <section className="grid max-w-2xl gap-4">
      <PageTitle>{t("insightsStop.title")}</PageTitle>
      <h1 className="page-heading">{t("insightsStop.title")}</h1>
      {actionData?.stopped ? (
        <p role="status" className="text-stone-800">
          <Trans t={t} i18nKey="insightsStop.stopped" components={{ preferences: <a href={NOTIFICATION_PREFERENCES_PATH} className="text-brand-700 underline" /> }} />
        </p>
      ) : (
        <>
          {actionData && (
            <p role="alert" className="text-red-800">
              <Trans t={t} i18nKey="insightsStop.badLink" components={{ account: <a href={paths.myAccount} className="text-brand-700 underline" /> }} />
            </p>
          )}
          <p className="text-stone-800">{t("insightsStop.intro")}</p>
          <Form method="post">
            <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
              {t("insightsStop.submit")}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
