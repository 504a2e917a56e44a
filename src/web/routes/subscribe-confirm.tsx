// The confirmation mail's link: a button that confirms (a form that posts, so that a mail scanner opening the link
// subscribes no one), then a link to the preferences page; in the page's language (/fr/subscribe/confirm in French).
import { data, Form, Link, useNavigation } from "react-router";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/subscribe-confirm";
import { subscriptionMessages } from "#shared/schemas/subscription.ts";
import { ui } from "../components/ui/classes.ts";
import { getApp } from "../lib/app-context.ts";
import { useErrorText } from "../lib/error-text.ts";
import { useLocalize } from "../lib/language.ts";
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

export const handle = { i18n: ["subscribe"] };

export const meta: Route.MetaFunction = ({ matches }) => [...pageTitle(matches, metaText(matches).t("meta.subscribe.confirm")), { name: "robots", content: "noindex" }];

export default function SubscribeConfirm({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("subscribe");
  const say = useErrorText();
  const localize = useLocalize();
  const busy = useNavigation().state !== "idle";
  return (
    <section className="grid max-w-2xl gap-4">
      <h1 className="page-heading">{t("confirm.heading")}</h1>
      {actionData?.ok ? (
        <>
          <p role="status" className={ui.success}>
            {t("confirm.done", { email: actionData.email })}
          </p>
          <p>
            <Link to={localize(preferencesPath(actionData.preferencesToken))} className="text-brand-700 underline">
              {t("confirm.preferences")}
            </Link>
          </p>
        </>
      ) : (
        <>
          {actionData && (
            <p role="alert" className={ui.error}>
              {say(actionData.message)}
            </p>
          )}
          <p className="text-stone-800">{t("confirm.ask")}</p>
          <Form method="post">
            <button type="submit" className={ui.primary} disabled={busy}>
              {t("confirm.submit")}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
