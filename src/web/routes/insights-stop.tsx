// The monthly insights report's one-click stop: the mail's link opens this page, and its button (a form that posts,
// so that a mail scanner opening the link stops nothing) turns the report off without signing in.
import { data, Form } from "react-router";
import type { Route } from "./+types/insights-stop";
import { getApp } from "../lib/app-context.ts";
import { pageTitle } from "../lib/meta.ts";
import { paths } from "../lib/paths.ts";
import { NOTIFICATION_PREFERENCES_PATH } from "#shared/schemas/notification-preferences.ts";

export async function action({ context, params }: Route.ActionArgs) {
  const stopped = await getApp(context).services.insightReport.stop(params.token ?? "");
  return stopped ? { stopped: true } : data({ stopped: false }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => [...pageTitle(matches, "Stop the monthly insights report"), { name: "robots", content: "noindex" }];

export default function InsightsStop({ actionData }: Route.ComponentProps) {
  return (
    <section className="grid max-w-2xl gap-4">
      <h1 className="page-heading">Stop the monthly insights report</h1>
      {actionData?.stopped ? (
        <p role="status" className="text-stone-800">
          The monthly insights report is off. You can turn it on again in{" "}
          <a href={NOTIFICATION_PREFERENCES_PATH} className="text-brand-700 underline">
            your notification preferences
          </a>
          .
        </p>
      ) : (
        <>
          {actionData && (
            <p role="alert" className="text-red-800">
              This link is not one of a report. Change your notification preferences in{" "}
              <a href={paths.myAccount} className="text-brand-700 underline">
                My Account
              </a>
              .
            </p>
          )}
          <p className="text-stone-800">You will no longer get the monthly mail with what your listing brought. Nothing else changes.</p>
          <Form method="post">
            <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
              Stop the report
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
