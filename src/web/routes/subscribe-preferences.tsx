// The preferences page every newsletter mail links to by its signed link, with no account needed: the topics, and
// pause, resume or unsubscribe. Plain forms that post to this route, so it works before (or without) scripts.
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/subscribe-preferences";
import type { Category } from "#shared/schemas/category.ts";
import { subscriptionMessages, type Preferences } from "#shared/schemas/subscription.ts";
import { ui } from "../components/ui/field.tsx";
import { apiFetch } from "../lib/api-client.ts";
import { getApp, serverFetch } from "../lib/app-context.ts";
import { pageTitle } from "../lib/meta.ts";
import { metaText } from "../features/seo/meta-text.ts";
import { SUBSCRIBE_PATH, TopicChoices } from "../features/subscriptions/index.ts";

const STATE_TEXT: Record<Preferences["state"], string> = {
  pending: "Your subscription waits for its confirmation: open the link in the confirmation message.",
  confirmed: "You are subscribed.",
  paused: "Your subscription is paused: we send you nothing until you resume it.",
  unsubscribed: subscriptionMessages.left,
};

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

export async function loader({ context, request }: Route.LoaderArgs) {
  const app = getApp(context);
  const categories = await apiFetch<Category[]>("/categories", {}, serverFetch(context)).catch(() => []);
  try {
    return { preferences: await app.services.subscriptions.preferences(tokenOf(request)), categories: categories.map(({ id, name }) => ({ id, name })) };
  } catch {
    return { preferences: null, categories: [] };
  }
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const change = intent === "topics" ? { topics: form.getAll("topics").map(String) } : { state: intent === "pause" ? "paused" : intent === "leave" ? "unsubscribed" : "confirmed" };
  try {
    await getApp(context).services.subscriptions.updatePreferences(tokenOf(request), change);
    return { saved: intent === "leave" ? subscriptionMessages.left : subscriptionMessages.saved, fields: {} as Record<string, string> };
  } catch (error) {
    const fields = (error as { fields?: Record<string, string> }).fields ?? {};
    const status = (error as { status?: number }).status === 404 ? 404 : 400;
    const all: Record<string, string> = status === 404 ? { ...fields, "": subscriptionMessages.linkInvalid } : fields;
    return data({ saved: null, fields: all }, { status });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => [...pageTitle(matches, metaText(matches).t("meta.subscribe.preferences")), { name: "robots", content: "noindex" }];

export default function SubscriptionPreferences({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const { preferences, categories } = loaderData;
  if (!preferences) {
    return (
      <section className="grid max-w-2xl gap-4">
        <h1 className="page-heading">Newsletter preferences</h1>
        <p role="alert" className={ui.error}>
          {subscriptionMessages.linkInvalid}
        </p>
        <p>
          <a href={SUBSCRIBE_PATH} className="text-brand-700 underline">
            Subscribe again
          </a>
        </p>
      </section>
    );
  }
  const topicsError = actionData?.fields.topics;
  const active = preferences.state === "confirmed" || preferences.state === "pending";
  return (
    <section className="grid max-w-2xl gap-4">
      <h1 className="page-heading">Newsletter preferences</h1>
      <p className="text-stone-800">
        For <strong className="break-all">{preferences.email}</strong>. {STATE_TEXT[preferences.state]}
      </p>
      {actionData?.saved && (
        <p role="status" className={ui.success}>
          {actionData.saved}
        </p>
      )}
      {actionData?.fields[""] && (
        <p role="alert" className={ui.error}>
          {actionData.fields[""]}
        </p>
      )}
      <Form method="post" className="card grid gap-3">
        <TopicChoices name="topics" chosen={preferences.topics} categories={categories} legend="Topics" errorId="topics-error" errors={topicsError ? [topicsError] : null} />
        <div>
          <button type="submit" name="intent" value="topics" className={ui.primary} disabled={busy}>
            Save topics
          </button>
        </div>
      </Form>
      <Form method="post" className="card grid gap-3">
        <h2 className="text-lg font-semibold text-stone-900">Pause or leave</h2>
        <p className="text-sm text-stone-700">Pausing keeps your topics and sends nothing until you resume. Unsubscribing stops every newsletter.</p>
        <div className="flex flex-wrap gap-3">
          {active && preferences.state === "confirmed" && (
            <button type="submit" name="intent" value="pause" className={ui.secondary} disabled={busy}>
              Pause the newsletter
            </button>
          )}
          {!active && (
            <button type="submit" name="intent" value="resume" className={ui.primary} disabled={busy}>
              {preferences.state === "paused" ? "Resume the newsletter" : "Subscribe again"}
            </button>
          )}
          {preferences.state !== "unsubscribed" && (
            <button type="submit" name="intent" value="leave" className={ui.danger} disabled={busy}>
              Unsubscribe
            </button>
          )}
        </div>
      </Form>
    </section>
  );
}
