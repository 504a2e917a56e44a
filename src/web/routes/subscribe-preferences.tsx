// The preferences page every newsletter mail links to by its signed link, with no account needed: the topics, and
// pause, resume or unsubscribe. Plain forms that post to this route, so it works before (or without) scripts. In the
// page's language (/fr/subscribe/preferences in French), which the consent of a return after leaving is recorded in.
import { data, Form, useNavigation } from "react-router";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/subscribe-preferences";
import type { Category } from "#shared/schemas/category.ts";
import { prefixOf } from "#shared/i18n/index.ts";
import { subscriptionMessages } from "#shared/schemas/subscription.ts";
import { ui } from "../components/ui/classes.ts";
import { apiFetch } from "../lib/api-client.ts";
import { getApp, serverFetch } from "../lib/app-context.ts";
import { useErrorText } from "../lib/error-text.ts";
import { useLocalize } from "../lib/language.ts";
import { pageTitle } from "../lib/meta.ts";
import { metaText } from "../features/seo/meta-text.ts";
import { SUBSCRIBE_PATH, TopicChoices } from "../features/subscriptions/index.ts";

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

export async function loader({ context, request }: Route.LoaderArgs) {
  const app = getApp(context);
  const categories = await apiFetch<Category[]>("/categories", {}, serverFetch(context)).catch(() => []);
  try {
    return { preferences: await app.services.subscriptions.preferences(tokenOf(request)), categories: categories.map(({ id, name, translations }) => ({ id, name, translations })) };
  } catch {
    return { preferences: null, categories: [] };
  }
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const language = prefixOf(new URL(request.url).pathname) ?? "en";
  const change = intent === "topics" ? { topics: form.getAll("topics").map(String) } : { state: intent === "pause" ? "paused" : intent === "leave" ? "unsubscribed" : "confirmed" };
  try {
    await getApp(context).services.subscriptions.updatePreferences(tokenOf(request), { ...change, language });
    return { saved: intent === "leave" ? subscriptionMessages.left : subscriptionMessages.saved, fields: {} as Record<string, string> };
  } catch (error) {
    const fields = (error as { fields?: Record<string, string> }).fields ?? {};
    const status = (error as { status?: number }).status === 404 ? 404 : 400;
    const all: Record<string, string> = status === 404 ? { ...fields, "": subscriptionMessages.linkInvalid } : fields;
    return data({ saved: null, fields: all }, { status });
  }
}

export const handle = { i18n: ["subscribe"] };

export const meta: Route.MetaFunction = ({ matches }) => [...pageTitle(matches, metaText(matches).t("meta.subscribe.preferences")), { name: "robots", content: "noindex" }];

export default function SubscriptionPreferences({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("subscribe");
  const say = useErrorText();
  const localize = useLocalize();
  const busy = useNavigation().state !== "idle";
  const { preferences, categories } = loaderData;
  if (!preferences) {
    return (
      <section className="grid max-w-2xl gap-4">
        <h1 className="page-heading">{t("preferences.heading")}</h1>
        <p role="alert" className={ui.error}>
          {say(subscriptionMessages.linkInvalid)}
        </p>
        <p>
          <a href={localize(SUBSCRIBE_PATH)} className="text-brand-700 underline">
            {t("preferences.subscribeAgain")}
          </a>
        </p>
      </section>
    );
  }
  const topicsError = actionData?.fields.topics;
  const active = preferences.state === "confirmed" || preferences.state === "pending";
  const stateText = preferences.state === "unsubscribed" ? say(subscriptionMessages.left) : t(`preferences.state.${preferences.state}`);
  return (
    <section className="grid max-w-2xl gap-4">
      <h1 className="page-heading">{t("preferences.heading")}</h1>
      <p className="text-stone-800">
        {t("preferences.for")} <strong className="break-all">{preferences.email}</strong>. {stateText}
      </p>
      {actionData?.saved && (
        <p role="status" className={ui.success}>
          {say(actionData.saved)}
        </p>
      )}
      {actionData?.fields[""] && (
        <p role="alert" className={ui.error}>
          {say(actionData.fields[""])}
        </p>
      )}
      <Form method="post" className="card grid gap-3">
        <TopicChoices
          name="topics"
          chosen={preferences.topics}
          categories={categories}
          legend={t("preferences.topics")}
          labels={{ events: t("topics.events"), offers: t("topics.offers"), news: t("topics.news") }}
          byKind={t("form.byKind")}
          errorId="topics-error"
          errors={topicsError ? [topicsError] : null}
        />
        <div>
          <button type="submit" name="intent" value="topics" className={ui.primary} disabled={busy}>
            {t("preferences.saveTopics")}
          </button>
        </div>
      </Form>
      <Form method="post" className="card grid gap-3">
        <h2 className="text-lg font-semibold text-stone-900">{t("preferences.pauseOrLeave")}</h2>
        <p className="text-sm text-stone-700">{t("preferences.pauseOrLeaveHelp")}</p>
        <div className="flex flex-wrap gap-3">
          {active && preferences.state === "confirmed" && (
            <button type="submit" name="intent" value="pause" className={ui.secondary} disabled={busy}>
              {t("preferences.pause")}
            </button>
          )}
          {!active && (
            <button type="submit" name="intent" value="resume" className={ui.primary} disabled={busy}>
              {preferences.state === "paused" ? t("preferences.resume") : t("preferences.subscribeAgain")}
            </button>
          )}
          {preferences.state !== "unsubscribed" && (
            <button type="submit" name="intent" value="leave" className={ui.danger} disabled={busy}>
              {t("preferences.unsubscribe")}
            </button>
          )}
        </div>
      </Form>
    </section>
  );
}
