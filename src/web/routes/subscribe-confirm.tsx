// The confirmation mail's link: a button that confirms (a form that posts, so that a mail scanner opening the link
// subscribes no one), then a link to the preferences page.
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/subscribe-confirm";
import { subscriptionMessages } from "#shared/schemas/subscription.ts";
import { ui } from "../components/ui/field.tsx";
import { getApp } from "../lib/app-context.ts";
import { pageTitle } from "../lib/meta.ts";
import { metaText } from "../features/seo/meta-text.ts";
import { preferencesPath } from "../features/subscriptions/index.ts";

export async function action({ context, request }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  try {
    const confirmed = await getApp(context).services.subscriptions.confirm(token);
    return { ok: true as const, email: confirmed.email, preferencesToken: confirmed.preferencesToken };
  } catch {
    return data({ ok: false as const, message: subscriptionMessages.confirmInvalid }, { status: 404 });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => [...pageTitle(matches, metaText(matches).t("meta.subscribe.confirm")), { name: "robots", content: "noindex" }];

export default function SubscribeConfirm({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <section className="grid max-w-2xl gap-4">
      <h1 className="page-heading">Confirm your subscription</h1>
      {actionData?.ok ? (
        <>
          <p role="status" className={ui.success}>
            Thank you: {actionData.email} is subscribed to the newsletter.
          </p>
          <p>
            <Link to={preferencesPath(actionData.preferencesToken)} className="text-brand-700 underline">
              Choose your topics or unsubscribe
            </Link>
          </p>
        </>
      ) : (
        <>
          {actionData && (
            <p role="alert" className={ui.error}>
              {actionData.message}
            </p>
          )}
          <p className="text-stone-800">Confirm that you want to receive the newsletter at this address. You can unsubscribe at any time.</p>
          <Form method="post">
            <button type="submit" className={ui.primary} disabled={busy}>
              Confirm my subscription
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
